import { randomBytes } from 'node:crypto';
import type { Deps } from '../platform/deps';
import { sha256 } from '../platform/tokens';
import type { UserRecord } from './records';

export type LinkPurpose = 'create-password' | 'reset-password' | 'verify-email';

const LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  'create-password': 72 * 3600,
  'reset-password': 3600,
  'verify-email': 72 * 3600,
};

/**
 * An emailed one-time link. The `hash` parameter is the shop id and the user id followed by 256
 * random bits; only the digest of the random part is stored, so the table never holds a usable link.
 * A user has one live link per purpose: a newer one replaces the older, which stops working.
 */
export async function issueLink(user: UserRecord, purpose: LinkPurpose, deps: Deps): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + LIFETIME_SECONDS[purpose];
  await deps.links.put({ shopId: user.shopId, digest: sha256(secret), userId: user._id, email: user.email, purpose, expiresAt });
  return `${user.shopId}${user._id}${secret}`;
}

/**
 * Takes the link (it works once) and answers whose it was: undefined when unknown, used, expired,
 * or mailed to an address the user no longer has.
 */
export async function redeemLink(hash: string, purpose: LinkPurpose, deps: Deps): Promise<UserRecord | undefined> {
  const match = /^([0-9a-f]{24})([0-9a-f]{24})([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return undefined;
  const link = await deps.links.take({ shopId: match[1]!, userId: match[2]!, purpose }, sha256(match[3]!));
  if (!link || link.expiresAt <= Math.floor(deps.now().getTime() / 1000)) return undefined;
  const user = await deps.users.get(link.shopId, link.userId);
  return user && user.email === link.email ? user : undefined;
}
