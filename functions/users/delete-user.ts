import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { guardOwner, loadStaff } from '../domain/users/staff-rules';

export const deleteUser: Operation<'users.delete'> = async ({ params }, ctx, deps) => {
  const { shop, user: actor } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  if (target._id === actor._id) throw new AppError('VALIDATION_FAILED', { msg: 'You cannot delete your own account', param: 'id' });
  guardOwner(shop, target, actor, 'deleted');
  await deps.sessions.deleteAllOfUser(shop._id, target._id);
  await deps.members.remove(target);
  return { msg: 'User deleted' };
};
