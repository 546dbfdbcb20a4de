import { randomBytes } from 'node:crypto';
import type { Deps } from '../platform/deps';
import { sha256 } from '../platform/tokens';

export type LinkPurpose = 'create-password' | 'reset-password' | 'verify-email';

const LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  'create-password': 72 * 3600,
  'reset-password': 3600,
  'verify-email': 72 * 3600,
};

/**
 * An emailed one-time link. The `hash` parameter is the shop id followed by 256 random bits; only
 * the digest of the random part is stored, so the table never holds a usable link.
 */
export async function issueLink(shopId: string, userId: string, purpose: LinkPurpose, deps: Deps): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + LIFETIME_SECONDS[purpose];
  await deps.links.put({ shopId, digest: sha256(secret), userId, purpose, expiresAt });
  return `${shopId}${secret}`;
}

/** Takes the link (it works once) and answers whose it was, or undefined when unknown, used or expired. */
export async function redeemLink(hash: string, purpose: LinkPurpose, deps: Deps): Promise<{ shopId: string; userId: string } | undefined> {
  const match = /^([0-9a-f]{24})([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return undefined;
  const link = await deps.links.take(match[1]!, sha256(match[2]!));
  if (!link || link.purpose !== purpose || link.expiresAt <= Math.floor(deps.now().getTime() / 1000)) return undefined;
  return { shopId: link.shopId, userId: link.userId };
}
