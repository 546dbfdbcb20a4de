import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { hashPassword, verifyPassword } from '../ground/passwords';
import { refuseCurrentPassword } from '../domain/passwords';
import { endSessionsOf, personOf } from '../domain/people';

/** Changing one's own password signs out every other device, in every store of the person, and keeps this one. */
export const changeOwnPassword: Operation<'profile.changePassword'> = async ({ body }, ctx, deps) => {
  const { user, session } = requireAuth(ctx);
  const person = await personOf(user, deps);
  if (!person.passwordHash || !(await verifyPassword(body.current_password, person.passwordHash))) {
    throw new AppError('VALIDATION_FAILED', { msg: 'Current password is incorrect', param: 'current_password' });
  }
  await refuseCurrentPassword(person, body.new_password, 'new_password');
  await deps.people.update(person._id, { passwordHash: await hashPassword(body.new_password), updatedAt: ctx.now.toISOString() });
  await endSessionsOf(person, deps, session);
  return { msg: 'Password has been changed' };
};
