import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { burnPasswordCheck, verifyPassword } from '../platform/passwords';
import { startSession } from '../domain/sessions';

/**
 * Unknown email, no password yet and a wrong password get the same answer after the same work.
 * Restricted or unverified accounts are told so only after the right password.
 */
export const loginUser: Operation<'auth.login'> = async ({ body }, _ctx, deps) => {
  const user = await deps.users.findByEmail(body.email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(body.password, user.passwordHash))) throw new AppError('INVALID_CREDENTIALS');
  if (!user.is_verified_user) throw new AppError('EMAIL_NOT_VERIFIED');
  if (!user.is_active) throw new AppError('USER_RESTRICTED');
  const shop = await deps.shops.get(user.shopId);
  if (!shop || shop.status !== 'ACTIVE') throw new AppError('SHOP_INACTIVE');

  // two-factor is a paid-plan feature: on the free plan it is not asked for even if it was once enabled
  const secondStep = user.two_factor_enabled && shop.plan !== 'FREE';
  const token = await startSession(user, secondStep ? 'two_factor' : 'full', deps);
  return { auth_token: token, two_factor_await: secondStep };
};
