import type { Operation } from '../platform/operation';
import { AppError } from '../ground/errors';
import { startSession } from '../domain/sessions';
import { endPendingSignIn, readPendingSignIn } from '../domain/pending-sign-in';

/**
 * Trades the install's one-time URL token for a session; the URL token is spent either way. Shopify
 * proved who opened the app, not that they hold the person's authenticator: two-factor still applies.
 */
export const exchangeToken: Operation<'auth.exchangeToken'> = async ({ body }, _ctx, deps) => {
  const expired = new AppError('VALIDATION_FAILED', { msg: 'This sign-in link has expired. Open Dakiya from your Shopify admin again.', param: 'token' });
  const pending = await readPendingSignIn(body.token, 'handoff', expired, deps);
  await endPendingSignIn(pending, deps);
  const secondStep = pending.user.two_factor_enabled;
  return { auth_token: await startSession(pending.user, pending.shop, secondStep ? 'two_factor' : 'full', deps), two_factor_await: secondStep };
};
