import type { PlanId, StoreSettings } from '@dakiya/shared';
import type { AccountRecord, DowngradeRecord, FreeReason, PersonRecord, SessionRecord, ShopRecord, SubscriptionState, UserRecord } from '../records';

export interface ShopRepo {
  get(shopId: string): Promise<ShopRecord | undefined>;
  getByDomain(domain: string): Promise<ShopRecord | undefined>;
  /**
   * First install: the shop, its domain claim and the owner's membership, joined to `person` (a new
   * person is written with its email claim) in one transaction.
   */
  createWithOwner(shop: ShopRecord, owner: UserRecord, person: PersonJoin): Promise<void>;
  /** Several shops in one BatchGet (a person's store list). */
  getMany(shopIds: string[]): Promise<ShopRecord[]>;
  update(shopId: string, patch: Partial<Omit<ShopRecord, '_id' | 'domain'>>): Promise<void>;
  /**
   * shop/redact, one page at a time: the shop's items with what hangs from them elsewhere (parcels,
   * each member's place in their person: a person left with no shop goes too), then its recount
   * marks, domain claim and webhook deliveries. `done` once nothing of the shop is left; a page cut
   * short is done again by the next call.
   */
  erasePage(ref: ShopErasure, pageSize: number, now: Date): Promise<{ erased: number; done: boolean }>;
  /** app/uninstalled: bumps the shop's session epoch (older sessions are refused for good) and deletes its sessions. */
  endSessions(shopId: string): Promise<number>;
}

/** What shop/redact erases: the shop, and its domain (its claim and webhook deliveries sit under it). */
export interface ShopErasure { shopId: string; domain: string }

/** A membership joins an existing person (counted), or a new one written with it. */
export type PersonJoin = { person: PersonRecord; isNew: boolean };
export type MemberRef = { shopId: string; userId: string };

/** A membership write lost to a concurrent change (a claim taken, a count moved): read again and retry. */
export class MembershipRace extends Error {
  constructor(readonly item: number) {
    super(`a membership write lost a race at item ${item}`);
    this.name = 'MembershipRace';
  }
}

/** People: one sign-in each, which may belong to several shops. */
export interface PeopleRepo {
  get(personId: string): Promise<PersonRecord | undefined>;
  /** Only verified people have an address: an invitation is not found here. */
  findByEmail(email: string): Promise<PersonRecord | undefined>;
  /** The person's memberships (one Query on the person's pointers). */
  shopsOf(personId: string): Promise<MemberRef[]>;
  /** Invitations waiting for this address, in any shop. */
  invitationsOf(email: string): Promise<MemberRef[]>;
  update(personId: string, patch: Partial<Pick<PersonRecord, 'passwordHash' | 'pendingTwoFactorSecret' | 'updatedAt'>>): Promise<void>;
  /** Records the time step of an accepted TOTP code; false when that step (or a later one) was accepted before. */
  acceptTotpStep(personId: string, step: number): Promise<boolean>;
  /**
   * Turns two-factor on (with the verified secret, its step and the recovery-code digests) or off, on the
   * person and on every membership's copy in one transaction. False when it already was in that state.
   */
  setTwoFactor(person: PersonRecord, on: { secret: string; step: number; recoveryCodes: string[] } | null, updatedAt: string): Promise<boolean>;
  /** Deletes one unused recovery code; false when it is not (or no longer) there, so each works once. */
  takeRecoveryCode(personId: string, digest: string): Promise<boolean>;
  replaceRecoveryCodes(personId: string, digests: string[], updatedAt: string): Promise<void>;
}

export interface SessionRepo {
  create(session: SessionRecord): Promise<void>;
  get(shopId: string, userId: string, tokenHash: string): Promise<SessionRecord | undefined>;
  delete(shopId: string, userId: string, tokenHash: string): Promise<void>;
  /** Every session of the user, but the one with `keepTokenHash` (the device that made the change). */
  deleteAllOfUser(shopId: string, userId: string, keepTokenHash?: string): Promise<number>;
  /** A signed-in request's session with its user and shop, read in one round trip (BatchGetItem); undefined if any is missing or the session expired. */
  getSignedIn(shopId: string, userId: string, tokenHash: string): Promise<SignedIn | undefined>;
}

export interface SignedIn {
  session: SessionRecord;
  user: UserRecord;
  shop: ShopRecord;
}

/** `offline`: the install's shop token; `online`: who opened the app (reference/shopify.md §1.7). */
export type OAuthGrant = 'offline' | 'online';

export interface OAuthStateRepo {
  put(nonce: string, shop: string, expiresAt: number, grant: OAuthGrant): Promise<void>;
  /** Reads and deletes in one step: a state works once. */
  take(nonce: string): Promise<{ shop: string; expiresAt: number; grant: OAuthGrant } | undefined>;
}

export interface WebhookLog {
  /** True when a delivery with this id was handled to the end before (Shopify retries and duplicates). */
  handled(shopDomain: string, webhookId: string): Promise<boolean>;
  /** Written only after the handler finished, so a delivery cut short is handled again on retry. */
  markHandled(shopDomain: string, webhookId: string, expiresAt: number): Promise<void>;
}

/** verify-email links belong to a membership (shopId, userId); password links to a person (personId). */
export type LinkSlot =
  | { purpose: 'verify-email'; shopId: string; userId: string; personId?: undefined }
  | { purpose: 'create-password' | 'reset-password'; personId: string; shopId?: undefined; userId?: undefined };

export type LinkRecord = LinkSlot & {
  digest: string;
  /** The address the link was mailed to: after an email change, older links stop working. */
  email: string;
  expiresAt: number;
};

export interface LinkRepo {
  /** One live link per user and purpose: this one replaces any older. */
  put(link: LinkRecord): Promise<void>;
  get(slot: LinkSlot): Promise<LinkRecord | undefined>;
  /** Reads and deletes in one step when the digest is the live one: a link works once. */
  take(slot: LinkSlot, digest: string): Promise<LinkRecord | undefined>;
}

/**
 * A person's place in a shop (the API's staff users): memberships and invitations, by shop and id.
 * Each change that adds or removes one writes its pointers and counts in the same transaction.
 */
export interface MemberRepo {
  get(shopId: string, userId: string): Promise<UserRecord | undefined>;
  /** Several memberships in one BatchGet (a person's store list). */
  getMany(refs: MemberRef[]): Promise<UserRecord[]>;
  /** The shop's own fields of a member (names, role, scopes, restriction); never the email or the person. */
  update(shopId: string, userId: string, patch: Partial<Omit<UserRecord, '_id' | 'shopId' | 'email' | 'personId'>>): Promise<void>;
  /** Members and invitations of a shop, oldest first (a Query under the shop; tens of staff, not thousands). */
  listOfShop(shopId: string): Promise<UserRecord[]>;
  /**
   * An invitation (no person): the membership, the shop's use of the address and the pointer for
   * sign-in's 'verify your email', and the staff counter (at or under `limit`) in one transaction.
   * EMAIL_TAKEN only when the address is already used in this shop.
   */
  invite(user: UserRecord, limit: number | undefined): Promise<void>;
  /** The verification link was opened: the invitation becomes `person`'s membership. */
  attach(invitation: UserRecord, join: PersonJoin, updatedAt: string): Promise<void>;
  /** A new membership of an existing or new person, at once verified (the owner Shopify names). */
  join(member: UserRecord, join: PersonJoin): Promise<void>;
  /** Deletes a membership or an invitation with its pointers; a person left with no shop is deleted. */
  remove(user: UserRecord): Promise<void>;
  /**
   * A new address for an invitation, or for a member whose person belongs to no other shop: the
   * membership becomes an invitation to `email` (that person and its claim are deleted; `keepPassword`
   * carries their password to the new person).
   */
  reinvite(user: UserRecord, email: string, person: PersonRecord | undefined, updatedAt: string): Promise<UserRecord>;
}

export interface RateLimiter {
  /** Counts one hit for `key` in the current window; true while the count is within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /** Seconds until the current window of this length ends, when a refused hit may count again (at least 1). */
  secondsLeft(windowSeconds: number): number;
  reset(key: string, windowSeconds: number): Promise<void>;
}

export interface AccountRepo {
  listOfShop(shopId: string): Promise<AccountRecord[]>;
  get(shopId: string, accountId: string): Promise<AccountRecord | undefined>;
  /** With a limit (free plan), counted in the same transaction as the put. */
  createCounted(account: AccountRecord, limit: number | undefined): Promise<void>;
  /** Anything but whether the account is active, which the shop's directory lists: that goes through setActivity. */
  update(shopId: string, accountId: string, patch: Partial<Omit<AccountRecord, 'in_active'>>): Promise<void>;
  /** An update that sets `in_active`, the shop's directory entry written in the same transaction. */
  setActivity(account: Pick<AccountRecord, 'shopId' | '_id' | 'company'>, patch: Partial<AccountRecord> & { in_active: boolean }): Promise<void>;
  /**
   * Writes a directory read from the accounts to a shop that has none, only if no account was written
   * since the shop record holding `version` was read; answers whether it was written.
   */
  fillDirectory(shopId: string, version: number | undefined, accounts: AccountRecord[]): Promise<boolean>;
  /** The default lives in one pointer item, so there is never more than one. */
  defaultId(shopId: string): Promise<string | undefined>;
  setDefault(shopId: string, accountId: string | undefined): Promise<void>;
}

/** A shop's store settings: one item, read whole, written field by field. */
export interface SettingsRepo {
  /** The saved settings over DEFAULT_SETTINGS: a shop that never saved reads the defaults. */
  get(shopId: string): Promise<StoreSettings>;
  /** Writes only the fields given (a later setting survives an older screen's save) and answers the whole result. */
  save(shopId: string, patch: Partial<StoreSettings>, updatedAt: string): Promise<StoreSettings>;
}

/** The plan state on the shop item and the record of the last downgrade. */
export interface BillingRepo {
  /**
   * Moves the shop from `from` to `to` with its subscription (none on FREE), only if its plan is still
   * `from`: of two checks racing, one makes the move (and runs its downgrade or reactivation).
   */
  switchPlan(shopId: string, from: PlanId, to: PlanId, subscription: SubscriptionState | undefined, updatedAt: string): Promise<boolean>;
  setPendingCharge(shopId: string, pending: ShopRecord['pendingCharge']): Promise<void>;
  /** The shops on a paid plan (the list every plan change keeps, never a Scan): the status sync's shops. */
  paidShops(): Promise<{ shopId: string; plan: PlanId }[]>;
  /** The one-off listing of shops paid before the list existed (the shops.paid job): a Scan page at a time, resumable. */
  listPaidPage(cursor: string | undefined, limit: number): Promise<{ cursor?: string; written: number }>;
  paidListProgress(): Promise<{ done: boolean; cursor?: string }>;
  savePaidListProgress(progress: { done: boolean; cursor?: string }): Promise<void>;
  /**
   * Writes the record of the moves to FREE (the caller keeps what earlier moves deactivated and is still inactive),
   * only if it is still `previous` as the caller read it; false when another writer changed it in between
   * (a cancel and its own webhook both move the shop to FREE at once).
   */
  recordDowngrade(shopId: string, downgrade: DowngradeRecord, previous: DowngradeRecord | undefined): Promise<boolean>;
  /** Says why the shop is on FREE, when the record is still the one of that ended subscription. */
  setDowngradeReason(shopId: string, endedSubscriptionId: string, reason: FreeReason): Promise<void>;
  getDowngrade(shopId: string): Promise<DowngradeRecord | undefined>;
  /**
   * Takes what the move caused by that ended subscription deactivated (once: a second caller gets
   * none), and drops it from what is still deactivated.
   */
  takeMoved(shopId: string, endedSubscriptionId: string): Promise<{ userIds: string[]; accountIds: string[] }>;
  /** Takes the user or account ids out of the record (once: a second caller gets none). */
  takeDeactivated(shopId: string, what: 'userIds' | 'accountIds'): Promise<string[]>;
}
