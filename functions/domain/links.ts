import type { Deps } from './ports/deps';
import { randomSecret, sha256 } from '../ground/tokens';
import type { LinkRecord, LinkSlot } from './ports/repos';
import type { PersonRecord, UserRecord } from './records';

export type LinkPurpose = LinkSlot['purpose'];
export type PersonLinkPurpose = 'create-password' | 'reset-password';

const LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  'create-password': 72 * 3600,
  'reset-password': 3600,
  'verify-email': 72 * 3600,
};

/*
 * An emailed one-time link. Its `hash` parameter names whose link it is (a membership's shop and user
 * ids for verify-email, a person's id for password links) followed by 256 random bits; only the digest
 * of the random part is stored, so the table never holds a usable link. There is one live link per
 * owner and purpose: a newer one replaces the older, which stops working.
 */

async function issue(slot: LinkSlot, email: string, prefix: string, deps: Deps): Promise<string> {
  const secret = randomSecret();
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + LIFETIME_SECONDS[slot.purpose];
  await deps.links.put({ ...slot, digest: sha256(secret), email, expiresAt } as LinkRecord);
  return `${prefix}${secret}`;
}

/** The invitation's verify-email link. */
export function issueMemberLink(user: UserRecord, deps: Deps): Promise<string> {
  return issue({ purpose: 'verify-email', shopId: user.shopId, userId: user._id }, user.email, `${user.shopId}${user._id}`, deps);
}

/** A person's password link (create or reset). */
export function issuePersonLink(person: PersonRecord, purpose: PersonLinkPurpose, deps: Deps): Promise<string> {
  return issue({ purpose, personId: person._id }, person.email, person._id, deps);
}

/**
 * Checks the live link of `slot` against the secret and, if `check` passes, spends it (conditioned on
 * the digest: of two uses at once, one wins). A `check` that throws (a refused new password) leaves the
 * link usable for a second try.
 */
async function redeem<T extends { email: string }>(slot: LinkSlot, secret: string, deps: Deps, load: () => Promise<T | undefined>, check?: (owner: T) => Promise<void>): Promise<T | undefined> {
  const digest = sha256(secret);
  const link = await deps.links.get(slot);
  if (!link || link.digest !== digest || link.expiresAt <= Math.floor(deps.now().getTime() / 1000)) return undefined;
  const owner = await load();
  // mailed to an address the owner no longer has: dead
  if (!owner || owner.email !== link.email) return undefined;
  await check?.(owner);
  return (await deps.links.take(slot, digest)) ? owner : undefined;
}

/** The invitation (or membership) a verify-email link was mailed for; undefined when unknown, used, expired or replaced. */
export function redeemMemberLink(hash: string, deps: Deps): Promise<UserRecord | undefined> {
  const match = /^([0-9a-f]{24})([0-9a-f]{24})([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return Promise.resolve(undefined);
  const [shopId, userId] = [match[1]!, match[2]!];
  return redeem({ purpose: 'verify-email', shopId, userId }, match[3]!, deps, () => deps.members.get(shopId, userId));
}

/** The person a password link was mailed to. */
export function redeemPersonLink(
  hash: string, purpose: PersonLinkPurpose, deps: Deps, check?: (person: PersonRecord) => Promise<void>,
): Promise<PersonRecord | undefined> {
  const match = /^([0-9a-f]{24})([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return Promise.resolve(undefined);
  const personId = match[1]!;
  return redeem({ purpose, personId }, match[2]!, deps, () => deps.people.get(personId), check);
}
