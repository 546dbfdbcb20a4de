import type { Deps } from './ports/deps';
import { issueSessionToken } from '../ground/tokens';
import type { SessionKind, SessionRecord, ShopRecord, UserRecord } from './records';

/** A full session lasts SESSION_TTL_HOURS; the second-factor step gets five minutes, a URL handoff two. */
const SHORT_TTL_SECONDS: Record<Exclude<SessionKind, 'full'>, number> = { two_factor: 5 * 60, handoff: 2 * 60 };

export async function startSession(user: UserRecord, shop: Pick<ShopRecord, 'sessionEpoch'>, kind: SessionKind, deps: Deps): Promise<string> {
  const { token, tokenHash } = issueSessionToken(user.shopId, user._id);
  const now = deps.now();
  const ttl = kind === 'full' ? deps.env.SESSION_TTL_HOURS * 3600 : SHORT_TTL_SECONDS[kind];
  await deps.sessions.create({
    shopId: user.shopId,
    userId: user._id,
    tokenHash,
    kind,
    epoch: shop.sessionEpoch ?? 0,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + ttl,
  });
  return token;
}

/** A session made before the shop's last uninstall never works again. */
export function sessionCurrent(session: SessionRecord, shop: Pick<ShopRecord, 'sessionEpoch'>): boolean {
  return (session.epoch ?? 0) === (shop.sessionEpoch ?? 0);
}
