import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { toUser } from '../domain/users/user-view';

export const editTag: Operation<'profile.editTag'> = async ({ body }, ctx, deps) => {
  const { user, shop } = requireAuth(ctx);
  await deps.members.update(user.shopId, user._id, { tag: body.tag, updatedAt: ctx.now.toISOString() });
  return { msg: 'Tag updated', user: toUser({ ...user, tag: body.tag }, shop) };
};
