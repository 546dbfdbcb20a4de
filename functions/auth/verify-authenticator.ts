import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { parseSessionToken } from '../platform/tokens';
import { checkCode } from '../domain/two-factor';
import { startSession } from '../domain/sessions';

/** The second step: the short-lived token from login plus a code turn into a full session. */
export const verifyAuthenticator: Operation<'auth.verifyAuthenticator'> = async ({ body }, _ctx, deps) => {
  const parsed = parseSessionToken(body.twoFactorToken);
  const pending = parsed ? await deps.sessions.get(parsed.shopId, parsed.userId, parsed.tokenHash) : undefined;
  // a 400, not a 401: the page shows this message instead of the app's generic "Unauthorized"
  const expired = new AppError('VALIDATION_FAILED', { msg: 'Your sign-in expired. Sign in again.', param: 'twoFactorToken' });
  if (!parsed || !pending || pending.kind !== 'two_factor') throw expired;
  const user = await deps.users.get(parsed.shopId, parsed.userId);
  if (!user?.is_active || !user.twoFactorSecret) throw expired;
  await checkCode(user, user.twoFactorSecret, body.code, deps);
  await deps.sessions.delete(parsed.shopId, parsed.userId, parsed.tokenHash);
  return { auth_token: await startSession(user, 'full', deps) };
};
