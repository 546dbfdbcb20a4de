import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { toSessionUser } from '../domain/users/user-view';

export const getMe: Operation<'auth.me'> = async (_input, ctx) => {
  const { user, shop } = requireAuth(ctx);
  return { data: toSessionUser(user, shop) };
};
