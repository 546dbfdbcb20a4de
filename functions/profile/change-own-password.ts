import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { hashPassword, verifyPassword } from '../platform/passwords';
import { refuseCurrentPassword } from '../domain/passwords';

/** Changing one's own password signs out every other device and keeps this one. */
export const changeOwnPassword: Operation<'profile.changePassword'> = async ({ body }, ctx, deps) => {
  const { user, session } = requireAuth(ctx);
  if (!user.passwordHash || !(await verifyPassword(body.current_password, user.passwordHash))) {
    throw new AppError('VALIDATION_FAILED', { msg: 'Current password is incorrect', param: 'current_password' });
  }
  await refuseCurrentPassword(user, body.new_password, 'new_password');
  await deps.users.update(user.shopId, user._id, { passwordHash: await hashPassword(body.new_password), updatedAt: ctx.now.toISOString() });
  await deps.sessions.deleteAllOfUser(user.shopId, user._id, session.tokenHash);
  return { msg: 'Password has been changed' };
};
