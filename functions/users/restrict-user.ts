import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { loadStaff } from '../domain/users/staff-rules';
import { toUser } from '../domain/users/user-view';

/** Toggles a USER's access; restricting ends every open session of that user at once. */
export const restrictUser: Operation<'users.restrict'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const target = await loadStaff(shop._id, body.id, deps);
  if (target.role !== 'USER') throw new AppError('VALIDATION_FAILED', { msg: 'Only users with role USER can be restricted', param: 'id' });
  const is_active = !target.is_active;
  await deps.members.update(shop._id, target._id, { is_active, updatedAt: ctx.now.toISOString() });
  if (!is_active) await deps.sessions.deleteAllOfUser(shop._id, target._id);
  return { msg: is_active ? 'User has been unrestricted' : 'User has been restricted', user: toUser({ ...target, is_active }, shop) };
};
