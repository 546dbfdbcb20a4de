import type { AccountDetailKey, CourierId, PlanId, Role, Scope, ShopStatus } from '@dakiya/shared';

/** What the domain keeps about a shop: the API's Shop plus its Shopify credentials (encrypted). */
export interface ShopRecord {
  _id: string;
  domain: string;
  name: string;
  email: string;
  currency: string;
  iana_time_zone: string;
  status: ShopStatus;
  plan: PlanId;
  installedAt: string;
  updatedAt: string;
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
}

export interface UserRecord {
  _id: string;
  shopId: string;
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
  /** scrypt hash; absent until the person sets a password. */
  passwordHash?: string;
  /** Ciphertext of the TOTP secret. */
  twoFactorSecret?: string;
  /** Sealed secret shown as a QR code, kept until a code from it is verified. */
  pendingTwoFactorSecret?: string;
  /** The TOTP time step of the last accepted code: a code works once (RFC 6238 §5.2). */
  lastTotpStep?: number;
  /** Digests of the unused recovery codes (a string set: using one deletes it in one conditional write). */
  recoveryCodes?: Set<string>;
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
  weight: number;
  in_active: boolean;
  city: string;
  /** Sealed JSON of the courier credentials; the context is the shop id. */
  credentials: string;
  saved_credentials: string[];
  createdAt: string;
  updatedAt: string;
}
