import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { redeemLink } from '../domain/links';

export const verifyEmail: Operation<'auth.verifyEmail'> = async ({ body }, ctx, deps) => {
  const user = await redeemLink(body.token, 'verify-email', deps);
  if (!user) throw new AppError('VALIDATION_FAILED', { msg: 'This verification link is not valid or has expired', param: 'token' });
  await deps.users.update(user.shopId, user._id, { is_verified_user: true, updatedAt: ctx.now.toISOString() });
  return { msg: 'Email verified' };
};
