import { SimClock } from './clock';
import { IdSource, defaultLocations, generateOrders } from './generate-orders';
import type { LocationRecord, OrderRecord, SubscriptionRecord } from './records';

export type ConsentMode = 'page' | 'auto-approve' | 'decline';

export interface SimConfig {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  appUrl: string;
  /** One URI for every topic; relative URIs resolve against appUrl (like shopify.app.toml). */
  webhookUri?: string;
  /** Per-topic overrides, e.g. compliance topics to another route. */
  webhookUris?: Record<string, string>;
  /** API version of the webhook subscriptions and the default echoed version. */
  apiVersion: string;
  supportedVersions: string[];
  /** Numeric app id used in confirmation URLs and the AppInstallation. */
  appId: string;
  /** Scopes granted by a Shopify-managed install (token exchange without a prior code grant). */
  managedScopes: string[];
  consent: ConsentMode;
  billingConsent: ConsentMode;
  codeTtlSec: number;
  /** The old refresh token answers again within this window, then it is dead (§1.7). */
  refreshRetryWindowSec: number;
  webhookTimeoutMs: number;
  /** Real-time delays between webhook attempts: Shopify's 4-hour schedule, compressed. */
  webhookRetryDelaysMs: number[];
  /** Fake time between app/uninstalled and shop/redact. */
  shopRedactDelayMs: number;
  /** Reject `fulfillmentCreateV2` as if it had been removed. */
  rejectV2Mutations: boolean;
}

export interface Installation {
  id: string;
  scopes: string[];
  installedAt: string;
  active: boolean;
}

/** A person who signs in to the shop's admin (the `associated_user` of an online token, §1.7). */
export interface StaffMember {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  email_verified: boolean;
  account_owner: boolean;
  collaborator: boolean;
  locale: string;
}

export interface ShopRecord {
  domain: string;
  id: string;
  name: string;
  email: string;
  currencyCode: string;
  ianaTimezone: string;
  createdAt: string;
  planName: string;
  locations: LocationRecord[];
  orders: OrderRecord[];
  nextOrderNumber: number;
  installation: Installation | null;
  /** The store owner first; tests add staff and collaborators. */
  staff: StaffMember[];
  /** Who is signed in to the admin: the user behind launches, session tokens and online grants. */
  adminUserId: number;
  subscriptions: SubscriptionRecord[];
  bucket: { maximumAvailable: number; restoreRate: number; level: number; updatedAt: number; mode: 'graphql' | '429' | 'off' };
}

export interface TokenRecord {
  token: string;
  shop: string;
  kind: 'offline' | 'expiring' | 'online';
  expiresAt: number | null;
  revoked: boolean;
  scopes: string[];
}

export interface RefreshRecord {
  token: string;
  shop: string;
  expiresAt: number;
  /** Dead once a newer pair exists or once it was used and the retry window passed. */
  dead: boolean;
  usedAt: number | null;
  response: Record<string, unknown> | null;
}

export interface CodeRecord {
  code: string;
  shop: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
  used: boolean;
  perUser: boolean;
  /** The admin user who approved (the online token's associated_user). */
  userId: number;
}

export interface SeedShopInput {
  shop: string;
  name?: string;
  email?: string;
  currencyCode?: string;
  ianaTimezone?: string;
  orders?: number;
  seed?: number;
  maximumAvailable?: number;
  restoreRate?: number;
}

/** All mutable state of one simulator instance. */
export class SimState {
  readonly shops = new Map<string, ShopRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly refreshTokens = new Map<string, RefreshRecord>();
  readonly codes = new Map<string, CodeRecord>();
  readonly ids = new IdSource();
  private readonly scheduled: { at: number; run: () => void }[] = [];

  constructor(
    readonly config: SimConfig,
    readonly clock: SimClock,
  ) {}

  seedShop(input: SeedShopInput): ShopRecord {
    const domain = input.shop.toLowerCase();
    const now = this.clock.now();
    const existing = this.shops.get(domain);
    const locations = existing?.locations ?? defaultLocations(this.ids);
    const orders = generateOrders(input.orders ?? 0, input.seed ?? 1, { now, locations, ids: this.ids, currency: input.currencyCode ?? 'PKR', startNumber: existing?.nextOrderNumber });
    const handle = domain.replace(/\.myshopify\.com$/, '');
    const shop: ShopRecord = existing ?? {
      domain,
      id: this.ids.id('Shop'),
      name: input.name ?? titleCase(handle),
      email: input.email ?? `owner@${handle}.pk`,
      currencyCode: input.currencyCode ?? 'PKR',
      ianaTimezone: input.ianaTimezone ?? 'Asia/Karachi',
      createdAt: this.clock.iso(now - 400 * 86_400_000),
      planName: 'Basic',
      locations,
      orders: [],
      nextOrderNumber: 1001,
      installation: null,
      staff: [],
      adminUserId: 0,
      subscriptions: [],
      bucket: { maximumAvailable: 2000, restoreRate: 100, level: 2000, updatedAt: now, mode: 'graphql' },
    };
    if (input.name) shop.name = input.name;
    if (input.email) shop.email = input.email;
    if (shop.staff.length === 0) {
      const owner = this.addStaff(shop, { email: shop.email, first_name: 'Store', last_name: 'Owner', account_owner: true });
      shop.adminUserId = owner.id;
    } else if (input.email) {
      const owner = shop.staff.find((member) => member.account_owner);
      if (owner) owner.email = input.email;
    }
    if (input.maximumAvailable) shop.bucket.maximumAvailable = shop.bucket.level = input.maximumAvailable;
    if (input.restoreRate) shop.bucket.restoreRate = input.restoreRate;
    shop.orders.push(...orders);
    shop.nextOrderNumber += orders.length;
    this.shops.set(domain, shop);
    return shop;
  }

  /** Adds a staff member, or changes the one with this email. */
  addStaff(shop: ShopRecord, input: Partial<Omit<StaffMember, 'id'>> & { email: string }): StaffMember {
    const existing = shop.staff.find((m) => m.email === input.email.toLowerCase());
    if (existing) return Object.assign(existing, { ...input, email: existing.email });
    const member: StaffMember = {
      id: 902541635 + shop.staff.length * 1117,
      first_name: input.first_name ?? 'Staff',
      last_name: input.last_name ?? 'Member',
      email: input.email.toLowerCase(),
      email_verified: input.email_verified ?? true,
      account_owner: input.account_owner ?? false,
      collaborator: input.collaborator ?? false,
      locale: input.locale ?? 'en',
    };
    shop.staff.push(member);
    return member;
  }

  /** The admin user with this id (a session token's `sub`, a code's approver). */
  staffMember(shop: ShopRecord, id: number | string | undefined): StaffMember | undefined {
    return shop.staff.find((member) => String(member.id) === String(id));
  }

  shop(domain: string): ShopRecord | undefined {
    return this.shops.get(domain.toLowerCase());
  }

  /** Runs time-based transitions that are due: subscription expiry, delayed shop/redact. */
  tick(): void {
    const now = this.clock.now();
    for (const shop of this.shops.values()) {
      for (const sub of shop.subscriptions) {
        if (sub.status === 'PENDING' && now - Date.parse(sub.createdAt) > 2 * 86_400_000) {
          sub.status = 'EXPIRED';
          sub.updatedAt = this.clock.iso(now);
        }
      }
    }
    const due = this.scheduled.filter((s) => s.at <= now);
    for (const item of due) this.scheduled.splice(this.scheduled.indexOf(item), 1);
    for (const item of due) item.run();
  }

  schedule(at: number, run: () => void): void {
    this.scheduled.push({ at, run });
  }

  hasScope(shop: ShopRecord, scope: string): boolean {
    const granted = shop.installation?.active ? shop.installation.scopes : [];
    if (granted.includes(scope)) return true;
    return scope.startsWith('read_') && granted.includes(`write_${scope.slice(5)}`);
  }
}

function titleCase(handle: string): string {
  return handle
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
