import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { parseSessionToken } from '../ground/tokens';
import type { SessionKind, SessionRecord, ShopRecord, UserRecord } from './records';
import { sessionCurrent } from './sessions';

export interface PendingSignIn {
  session: SessionRecord;
  user: UserRecord;
  shop: ShopRecord;
}

/**
 * A short-lived token that is not a session yet (the second-factor step, the install's URL hand-off):
 * answers its user and shop while it, the user and the shop are all still good, else `expired`.
 */
export async function readPendingSignIn(token: string, kind: Exclude<SessionKind, 'full'>, expired: AppError, deps: Deps): Promise<PendingSignIn> {
  const parsed = parseSessionToken(token);
  const session = parsed ? await deps.sessions.get(parsed.shopId, parsed.userId, parsed.tokenHash) : undefined;
  if (!parsed || !session || session.kind !== kind) throw expired;
  const [user, shop] = await Promise.all([deps.members.get(parsed.shopId, parsed.userId), deps.shops.get(parsed.shopId)]);
  if (!user?.personId || !user.is_active || !shop || shop.status !== 'ACTIVE' || !sessionCurrent(session, shop)) throw expired;
  return { session, user, shop };
}

export async function endPendingSignIn(pending: PendingSignIn, deps: Deps): Promise<void> {
  await deps.sessions.delete(pending.session.shopId, pending.session.userId, pending.session.tokenHash);
}
