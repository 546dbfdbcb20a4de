import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { guardOwner, loadStaff } from '../domain/users/staff-rules';
import { toUser } from '../domain/users/user-view';
import { refuseShared } from '../domain/people';

/**
 * An ADMIN turns off a staff member's two-factor (a lost phone): the member signs in with the
 * password alone and can set it up again. Their own goes through the profile (password and code),
 * and nobody resets the store owner's: the owner has recovery codes.
 */
export const resetTwoFactor: Operation<'users.resetTwoFactor'> = async ({ params }, ctx, deps) => {
  const { shop, user: actor } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  if (target._id === actor._id) {
    throw new AppError('VALIDATION_FAILED', { msg: 'Turn off your own two factor authentication from your profile', param: 'id' });
  }
  guardOwner(shop, target, actor, 'reset');
  if (!target.two_factor_enabled) throw new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is not enabled for this user', param: 'id' });
  const person = target.personId ? await deps.people.get(target.personId) : undefined;
  if (!person) throw new AppError('VALIDATION_FAILED', { msg: 'Two factor authentication is not enabled for this user', param: 'id' });
  refuseShared(person, 'two-factor');
  const updatedAt = ctx.now.toISOString();
  await deps.people.setTwoFactor(person, null, updatedAt);
  ctx.log.info('two-factor reset by an admin', { targetUserId: target._id });
  return { msg: 'Two factor authentication has been reset', user: toUser({ ...target, two_factor_enabled: false, updatedAt }, shop) };
};
