import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { parseSessionToken } from '../platform/tokens';
import { startSession } from '../domain/sessions';

/** Trades the install's one-time URL token for a full session; the URL token is spent either way. */
export const exchangeToken: Operation<'auth.exchangeToken'> = async ({ body }, _ctx, deps) => {
  const expired = new AppError('VALIDATION_FAILED', { msg: 'This sign-in link has expired. Open Dakiya from your Shopify admin again.', param: 'token' });
  const parsed = parseSessionToken(body.token);
  const handoff = parsed ? await deps.sessions.get(parsed.shopId, parsed.userId, parsed.tokenHash) : undefined;
  if (!parsed || !handoff || handoff.kind !== 'handoff') throw expired;
  await deps.sessions.delete(parsed.shopId, parsed.userId, parsed.tokenHash);
  const [user, shop] = await Promise.all([deps.users.get(parsed.shopId, parsed.userId), deps.shops.get(parsed.shopId)]);
  if (!user?.is_active || shop?.status !== 'ACTIVE') throw expired;
  return { auth_token: await startSession(user, 'full', deps) };
};
