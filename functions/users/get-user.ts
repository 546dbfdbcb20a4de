import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { loadStaff } from '../domain/users/staff-rules';
import { toUser } from '../domain/users/user-view';

export const getUser: Operation<'users.get'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return { user: toUser(await loadStaff(shop._id, params.id, deps), shop) };
};
