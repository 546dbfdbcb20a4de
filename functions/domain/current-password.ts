import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { verifyPassword } from '../ground/passwords';
import type { PersonRecord } from './records';

/** Shared with the login's per-account limit: guesses through a signed-in route count with sign-in guesses. */
const WINDOW_SECONDS = 15 * 60;
const PER_ACCOUNT = 10;
export const loginLimiterKey = (email: string) => `login:${email.toLowerCase()}`;

/**
 * The signed-in person proves they know the password before changing how they sign in, so a stolen
 * session alone cannot turn two-factor on or off or take the recovery codes.
 */
export async function checkCurrentPassword(person: PersonRecord, password: string, deps: Deps, param = 'password'): Promise<void> {
  const key = loginLimiterKey(person.email);
  if (!(await deps.limiter.hit(key, PER_ACCOUNT, WINDOW_SECONDS))) throw new AppError('RATE_LIMITED');
  if (!person.passwordHash || !(await verifyPassword(password, person.passwordHash))) {
    throw new AppError('VALIDATION_FAILED', { msg: 'Current password is incorrect', param });
  }
  await deps.limiter.reset(key, WINDOW_SECONDS);
}
