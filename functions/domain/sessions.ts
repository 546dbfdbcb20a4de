import type { Deps } from '../platform/deps';
import { issueSessionToken } from '../platform/tokens';
import type { SessionKind, UserRecord } from './records';

/** The second-factor step gets five minutes; a full session lasts SESSION_TTL_HOURS. */
const TWO_FACTOR_TTL_SECONDS = 5 * 60;

export async function startSession(user: UserRecord, kind: SessionKind, deps: Deps): Promise<string> {
  const { token, tokenHash } = issueSessionToken(user.shopId, user._id);
  const now = deps.now();
  const ttl = kind === 'full' ? deps.env.SESSION_TTL_HOURS * 3600 : TWO_FACTOR_TTL_SECONDS;
  await deps.sessions.create({
    shopId: user.shopId,
    userId: user._id,
    tokenHash,
    kind,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + ttl,
  });
  return token;
}
