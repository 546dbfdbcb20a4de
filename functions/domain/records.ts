import type { AccountDetailKey, CourierId, FreeReason as SharedFreeReason, PlanId, Role, Scope, ShopStatus } from '@dakiya/shared';

/** What the domain keeps about a shop: the API's Shop plus its Shopify credentials (encrypted). */
export interface ShopRecord {
  _id: string;
  domain: string;
  name: string;
  email: string;
  currency: string;
  iana_time_zone: string;
  status: ShopStatus;
  /** Written only from Shopify's answers (domain/billing/reconcile.ts); read only through domain/billing/plan-check.ts. */
  plan: PlanId;
  /** The active Shopify subscription behind a paid plan, as last read from Shopify. */
  subscription?: SubscriptionState;
  /** The charge subscribe created last, with the choices to apply once Shopify says it is active. */
  pendingCharge?: PendingCharge;
  installedAt: string;
  updatedAt: string;
  /** The owner's membership. */
  ownerUserId: string;
  /**
   * Bumped by app/uninstalled: a session made under an older epoch is refused, so no session (not even
   * one a racing sign-in wrote after the uninstall deleted the rest) comes back after a reinstall.
   */
  sessionEpoch?: number;
  shopify: {
    /** Ciphertext of the offline access token. */
    accessToken: string;
    accessTokenExpiresAt?: string;
    refreshToken?: string;
    refreshTokenExpiresAt?: string;
    scopes: string[];
  };
  /**
   * The shop's tracking accounts by id, written in the same transaction as every account write
   * (adapters/dynamo/account-repo.ts), so the courier filter and the sync slot need no read of the
   * accounts. Shops older than it have none until first needed (domain/accounts/directory.ts).
   */
  accountDirectory?: Record<string, AccountEntry>;
  /** Bumped by every account write: a directory filled from a read of the accounts is kept only if none changed meanwhile. */
  accountsVersion?: number;
}

export interface AccountEntry {
  company: CourierId;
  active: boolean;
}

export interface SubscriptionState {
  /** Shopify's numeric AppSubscription id. */
  id: string;
  name: string;
  status: string;
  currentPeriodEnd: string | null;
  checkedAt: string;
}

export interface PendingCharge {
  id: string;
  plan: PlanId;
  /** Reactivate what the last downgrade deactivated, when this charge becomes active. */
  users: boolean;
  accounts: boolean;
  createdAt: string;
}

/**
 * Why the shop is on FREE: the merchant cancelled on the plans page, or Shopify ended or froze the
 * charge (FROZEN: an unpaid bill; ENDED: gone from Shopify's active subscriptions, the reason unknown).
 */
export type FreeReason = SharedFreeReason;

/** What moves to FREE deactivated (spec 000 §4), kept so a later subscribe may reactivate it. */
export interface DowngradeRecord {
  /** The subscription whose end caused the last move: a retry of the same move adds to it, a later one replaces it. */
  endedSubscriptionId: string;
  /** The plan that subscription paid for. */
  endedPlan?: PlanId;
  reason?: FreeReason;
  /** Still deactivated because of a move to FREE, the last one or an earlier one (what the subscribe choices reactivate). */
  userIds: string[];
  accountIds: string[];
  /** What the last move itself deactivated: given back when Shopify makes that same charge active again. */
  movedUserIds: string[];
  movedAccountIds: string[];
  at: string;
  /** Bumped by every write: a move to FREE computed from an older read is written again from a new one. */
  version?: number;
}

/**
 * A person: one sign-in (email, password, two-factor) that may belong to several shops. Exists only
 * for an email someone proved (a verification link, or Shopify's verified account owner), so an
 * invitation never claims an address. The email never changes: a new address is a new person.
 */
export interface PersonRecord {
  _id: string;
  email: string;
  /** scrypt hash; absent until the person sets a password (an owner from Shopify). */
  passwordHash?: string;
  two_factor_enabled: boolean;
  /** Ciphertext of the TOTP secret (sealed with the person id as context). */
  twoFactorSecret?: string;
  /** Sealed secret shown as a QR code, kept until a code from it is verified. */
  pendingTwoFactorSecret?: string;
  /** The TOTP time step of the last accepted code: a code works once (RFC 6238 §5.2). */
  lastTotpStep?: number;
  /** Digests of the unused recovery codes (a string set: using one deletes it in one conditional write). */
  recoveryCodes?: Set<string>;
  /**
   * The shops the person belongs to. Writes that copy a person field onto the memberships (two-factor)
   * condition on it, so a membership added meanwhile cannot miss the copy.
   */
  membershipCount: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A person's place in one shop (the API's staff user; `_id` is per shop): role, scopes, restriction and
 * the shop's own view of their name. An invitation (`personId` absent) becomes a membership when its
 * verification link is opened. `email` and `two_factor_enabled` are copies of the person's, so a
 * signed-in request reads session, membership and shop and nothing else.
 */
export interface UserRecord {
  _id: string;
  shopId: string;
  /** The person once verified; absent while this is an invitation. */
  personId?: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: Role;
  tag: string;
  access_scopes: Scope[];
  is_active: boolean;
  is_verified_user: boolean;
  two_factor_enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** The password the admin set at create-user: the new person's password if the address has none yet. */
  invitePasswordHash?: string;
  province?: string;
  address?: string;
  city?: string;
  country?: string;
}

/** `handoff`: the one-time token in the install's /login?token= URL, traded for a full session. */
export type SessionKind = 'full' | 'two_factor' | 'handoff';

export interface SessionRecord {
  shopId: string;
  userId: string;
  tokenHash: string;
  kind: SessionKind;
  /** The shop's sessionEpoch when the session began (absent = 0). */
  epoch?: number;
  createdAt: string;
  /** Epoch seconds; DynamoDB TTL removes it in AWS, reads check it everywhere. */
  expiresAt: number;
}

/** The courier's details kept in the clear (its definition's `onAccount` fields) sit beside the rest. */
export interface AccountRecord extends Partial<Record<AccountDetailKey, string>> {
  _id: string;
  shopId: string;
  name: string;
  company: CourierId;
  address_code: string;
  /** Grams a booking starts from; 0 is not set (the store's default weight applies). Accounts saved before 0 was allowed keep what they hold. */
  weight: number;
  in_active: boolean;
  city: string;
  /** Sealed JSON of the courier credentials; the context is the shop id. */
  credentials: string;
  saved_credentials: string[];
  /** When its last load sheet was made: the next one lists the parcels booked since. */
  lastLoadSheetAt?: string;
  /** Status pushes (issue 22, couriers with `statusPush`): the callback secret sealed (shown again), its SHA-256 (checked), the last push's time. */
  pushSecret?: string;
  pushSecretHash?: string;
  lastPushAt?: string;
  createdAt: string;
  updatedAt: string;
}
