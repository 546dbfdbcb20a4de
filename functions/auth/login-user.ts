import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { burnPasswordCheck, verifyPassword } from '../platform/passwords';
import { startSession } from '../domain/sessions';
import { loginLimiterKey } from '../domain/current-password';

/** Attempts per account (a success starts the count again) and per address, in a 15-minute window. */
const WINDOW_SECONDS = 15 * 60;
const PER_ACCOUNT = 10;
const PER_ADDRESS = 100;

/**
 * Unknown email, no password yet and a wrong password get the same answer after the same work.
 * Restricted or unverified accounts are told so only after the right password.
 */
export const loginUser: Operation<'auth.login'> = async ({ body }, ctx, deps) => {
  const accountKey = loginLimiterKey(body.email);
  if (!(await deps.limiter.hit(`login-ip:${ctx.addressKey}`, PER_ADDRESS, WINDOW_SECONDS))) throw new AppError('RATE_LIMITED');
  // counted before the check, atomically: parallel guesses cannot all read a count of zero
  if (!(await deps.limiter.hit(accountKey, PER_ACCOUNT, WINDOW_SECONDS))) throw new AppError('RATE_LIMITED');
  const user = await deps.users.findByEmail(body.email);
  if (!user?.passwordHash) {
    await burnPasswordCheck(body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(body.password, user.passwordHash))) throw new AppError('INVALID_CREDENTIALS');
  await deps.limiter.reset(accountKey, WINDOW_SECONDS);
  if (!user.is_verified_user) throw new AppError('EMAIL_NOT_VERIFIED');
  if (!user.is_active) throw new AppError('USER_RESTRICTED');
  const shop = await deps.shops.get(user.shopId);
  if (!shop || shop.status !== 'ACTIVE') throw new AppError('SHOP_INACTIVE');

  // the plan gates setting two-factor up, not the protection: once on, it is asked for on every plan
  const secondStep = user.two_factor_enabled;
  const token = await startSession(user, shop, secondStep ? 'two_factor' : 'full', deps);
  return { auth_token: token, two_factor_await: secondStep };
};
