import type { Deps } from './ports/deps';
import { AppError } from '../ground/errors';
import { newId } from '../ground/ids';
import { MembershipRace, type PersonJoin } from './ports/repos';
import type { PersonRecord, SessionRecord, ShopRecord, UserRecord } from './records';

/** The person behind a signed-in membership (a session is only ever given to one). */
export async function personOf(user: UserRecord, deps: Deps): Promise<PersonRecord> {
  const person = user.personId ? await deps.people.get(user.personId) : undefined;
  if (!person) throw new AppError('UNAUTHORIZED');
  return person;
}

/** Belongs to more than one shop: only the person changes its sign-in (password, two-factor, email). */
export const isShared = (person: PersonRecord) => person.membershipCount > 1;

/** The person who owns a proved address: the one that exists, or a new one (without a password unless given). */
export async function personFor(email: string, stamp: string, deps: Deps, passwordHash?: string): Promise<PersonJoin> {
  const person = await deps.people.findByEmail(email);
  if (person) return { person, isNew: false };
  return {
    isNew: true,
    person: { _id: newId(), email: email.toLowerCase(), passwordHash, two_factor_enabled: false, membershipCount: 0, createdAt: stamp, updatedAt: stamp },
  };
}

/**
 * Runs a membership write for the person of `email`, reading the person again when a concurrent
 * change won (two verifications of one address at once, a shop joined meanwhile). Answers the join used.
 */
export async function withPersonOf(
  email: string, stamp: string, deps: Deps, write: (join: PersonJoin) => Promise<void>, passwordHash?: string,
): Promise<PersonJoin> {
  for (let attempt = 1; ; attempt++) {
    const join = await personFor(email, stamp, deps, passwordHash);
    try {
      await write(join);
      return join;
    } catch (error) {
      if (!(error instanceof MembershipRace) || attempt >= 5) throw error;
    }
  }
}

export interface Membership {
  user: UserRecord;
  shop: ShopRecord;
}

/** The shops a person belongs to, with their memberships: one Query and two BatchGets. */
export async function membershipsOf(person: PersonRecord, deps: Deps): Promise<Membership[]> {
  const refs = await deps.people.shopsOf(person._id);
  if (refs.length === 0) return [];
  const [users, shops] = await Promise.all([deps.members.getMany(refs), deps.shops.getMany(refs.map((ref) => ref.shopId))]);
  const byId = new Map(shops.map((shop) => [shop._id, shop]));
  return users
    .filter((user) => user.personId === person._id)
    .flatMap((user) => {
      const shop = byId.get(user.shopId);
      return shop ? [{ user, shop }] : [];
    })
    .sort((a, b) => a.shop.name.localeCompare(b.shop.name) || a.shop.domain.localeCompare(b.shop.domain));
}

/** Ends the person's sessions in every shop, but `keep` (the device that made the change). */
export async function endSessionsOf(person: PersonRecord, deps: Deps, keep?: SessionRecord): Promise<void> {
  const refs = await deps.people.shopsOf(person._id);
  await Promise.all(refs.map((ref) => deps.sessions.deleteAllOfUser(
    ref.shopId, ref.userId, keep && keep.shopId === ref.shopId && keep.userId === ref.userId ? keep.tokenHash : undefined,
  )));
}

/** Only the person changes a sign-in shared with another shop: an admin of one shop must not change it for the others. */
export function refuseShared(person: PersonRecord, what: string): void {
  if (isShared(person)) {
    throw new AppError('VALIDATION_FAILED', { msg: `This person also signs in to another store with this account, so only they can change its ${what}.` });
  }
}
