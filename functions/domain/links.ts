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
 * replaced by a newer one, or mailed to an address the user no longer has. `check` runs before the
 * link is spent: if it throws (a refused new password), the link still works for a second try.
 */
export async function redeemLink(
  hash: string, purpose: LinkPurpose, deps: Deps, check?: (user: UserRecord) => Promise<void>,
): Promise<UserRecord | undefined> {
  const match = /^([0-9a-f]{24})([0-9a-f]{24})([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return undefined;
  const slot = { shopId: match[1]!, userId: match[2]!, purpose };
  const digest = sha256(match[3]!);
  const link = await deps.links.get(slot);
  if (!link || link.digest !== digest || link.expiresAt <= Math.floor(deps.now().getTime() / 1000)) return undefined;
  const user = await deps.users.get(link.shopId, link.userId);
  if (!user || user.email !== link.email) return undefined;
  await check?.(user);
  // spent with a condition on the digest: of two uses at once, one wins
  return (await deps.links.take(slot, digest)) ? user : undefined;
}
