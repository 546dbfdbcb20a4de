import type { AccountRecord, SessionRecord, ShopRecord, UserRecord } from '../records';

export interface ShopRepo {
  get(shopId: string): Promise<ShopRecord | undefined>;
  getByDomain(domain: string): Promise<ShopRecord | undefined>;
  /** First install: shop, its domain claim, its owner and the owner's email claim in one transaction. */
  createWithOwner(shop: ShopRecord, owner: UserRecord): Promise<void>;
  update(shopId: string, patch: Partial<Omit<ShopRecord, '_id' | 'domain'>>): Promise<void>;
  /** shop/redact: every item of the shop and its domain and email claims. */
  purge(shopId: string): Promise<number>;
  /** app/uninstalled: bumps the shop's session epoch (older sessions are refused for good) and deletes its sessions. */
  endSessions(shopId: string): Promise<number>;
}

export interface UserRepo {
  create(user: UserRecord): Promise<void>;
  get(shopId: string, userId: string): Promise<UserRecord | undefined>;
  /** Email is unique across every shop: login takes no shop. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  update(shopId: string, userId: string, patch: Partial<Omit<UserRecord, '_id' | 'shopId' | 'email'>>): Promise<void>;
  /** Records the time step of an accepted TOTP code; false when that step (or a later one) was accepted before. */
  acceptTotpStep(shopId: string, userId: string, step: number): Promise<boolean>;
  /** Turns two-factor on with the verified secret; false when it was already on (a racing second enable). */
  enableTwoFactor(shopId: string, userId: string, on: { secret: string; step: number; recoveryCodes: string[]; updatedAt: string }): Promise<boolean>;
  /** Turns two-factor off and forgets the secret, the last step and the recovery codes. */
  disableTwoFactor(shopId: string, userId: string, updatedAt: string): Promise<void>;
  /** Deletes one unused recovery code; false when it is not (or no longer) there, so each works once. */
  takeRecoveryCode(shopId: string, userId: string, digest: string): Promise<boolean>;
  replaceRecoveryCodes(shopId: string, userId: string, digests: string[], updatedAt: string): Promise<void>;
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

export interface OAuthStateRepo {
  put(nonce: string, shop: string, expiresAt: number): Promise<void>;
  /** Reads and deletes in one step: a state works once. */
  take(nonce: string): Promise<{ shop: string; expiresAt: number } | undefined>;
}

export interface WebhookLog {
  /** True when a delivery with this id was handled to the end before (Shopify retries and duplicates). */
  handled(shopDomain: string, webhookId: string): Promise<boolean>;
  /** Written only after the handler finished, so a delivery cut short is handled again on retry. */
  markHandled(shopDomain: string, webhookId: string, expiresAt: number): Promise<void>;
}

export interface LinkRecord {
  shopId: string;
  digest: string;
  userId: string;
  /** The address the link was mailed to: after an email change, older links stop working. */
  email: string;
  purpose: 'create-password' | 'reset-password' | 'verify-email';
  expiresAt: number;
}

export interface LinkRepo {
  /** One live link per user and purpose: this one replaces any older. */
  put(link: LinkRecord): Promise<void>;
  get(slot: Pick<LinkRecord, 'shopId' | 'userId' | 'purpose'>): Promise<LinkRecord | undefined>;
  /** Reads and deletes in one step when the digest is the live one: a link works once. */
  take(slot: Pick<LinkRecord, 'shopId' | 'userId' | 'purpose'>, digest: string): Promise<LinkRecord | undefined>;
}

export interface StaffRepo {
  /** Users of a shop, oldest first (a Query under the shop; a shop has tens of staff, not thousands). */
  listOfShop(shopId: string): Promise<UserRecord[]>;
  /**
   * Creates a staff user, its email claim and bumps the shop's staff counter in one transaction; with
   * `limit` the counter must stay at or under it, so concurrent creates cannot pass the plan's limit.
   */
  createCounted(user: UserRecord, limit: number | undefined): Promise<void>;
  deleteCounted(user: UserRecord): Promise<void>;
  changeEmail(user: UserRecord, email: string, patch: Partial<UserRecord>): Promise<void>;
}

export interface RateLimiter {
  /** Counts one hit for `key` in the current window; true while the count is within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  reset(key: string, windowSeconds: number): Promise<void>;
}

export interface AccountRepo {
  listOfShop(shopId: string): Promise<AccountRecord[]>;
  get(shopId: string, accountId: string): Promise<AccountRecord | undefined>;
  /** With a limit (free plan), counted in the same transaction as the put. */
  createCounted(account: AccountRecord, limit: number | undefined): Promise<void>;
  update(shopId: string, accountId: string, patch: Partial<AccountRecord>): Promise<void>;
  /** The default lives in one pointer item, so there is never more than one. */
  defaultId(shopId: string): Promise<string | undefined>;
  setDefault(shopId: string, accountId: string | undefined): Promise<void>;
}
