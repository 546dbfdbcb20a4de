/**
 * The Shopify port (STYLE.md §10 "a port per outside system"): what the domain asks of an installed
 * shop's Admin API, through `deps.shopifyFor(shop)`, and the errors it must tell apart. The adapter
 * (adapters/shopify/) pays for it in GraphQL documents, throttle pacing and token refreshes.
 */
import type {
  Money, PageInfo, PricingInterval, ShopifyFulfillment, ShopifyFulfillmentOrder, ShopifyOrder, ShopifyOrderDue, ShopifyOrderSummary, ShopifyOrderToFulfil,
  ShopifyShop, ShopifySubscription,
} from './shopify-shapes';

export type * from './shopify-shapes';

/** The shop a client is for: its id (token storage, encryption context) and its domain (the URL). */
export interface ShopTarget {
  _id: string;
  domain: string;
}

export type OrderSortKey = 'CREATED_AT' | 'UPDATED_AT' | 'PROCESSED_AT' | 'ID' | 'ORDER_NUMBER';

export interface CreateFulfillmentInput {
  fulfillmentOrderIds: string[];
  trackingInfo: { number: string; company: string; url?: string };
  notifyCustomer: boolean;
  message?: string;
}

/** Shopify's FulfillmentEventStatus values the status sync sends (reference/shopify.md §3.4). */
export type FulfillmentEventStatus = 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'ATTEMPTED_DELIVERY' | 'DELIVERED' | 'FAILURE';

export interface CreateFulfillmentEventInput {
  fulfillmentId: string;
  status: FulfillmentEventStatus;
  happenedAt?: string;
  message?: string;
}

export interface CreateSubscriptionInput {
  name: string;
  returnUrl: string;
  price: Money;
  interval: PricingInterval;
  test?: boolean;
  trialDays?: number;
  replacementBehavior?: 'STANDARD' | 'APPLY_IMMEDIATELY' | 'APPLY_ON_NEXT_BILLING_CYCLE';
}

export interface ShopifySubscriptionRef {
  id: string;
  name: string;
  status: string;
  test: boolean;
}

/** One installed shop's Admin API, by operation. Ids are numeric or GIDs. */
export interface ShopifyAdmin {
  /** The shop's domain. */
  readonly shop: string;
  getShop(): Promise<ShopifyShop>;
  /** `null` when Shopify does not know the order. */
  getOrder(id: string): Promise<ShopifyOrder | null>;
  /** Several orders, in input order, `null` where unknown; batched under the cost cap. */
  getOrders(ids: string[]): Promise<(ShopifyOrder | null)[]>;
  /** The names of orders (one point each), by numeric id; an id Shopify does not know (or that is not an order) is absent. */
  getOrderNames(ids: string[]): Promise<Map<string, string>>;
  /** What each order owes (the bulk form's list), by numeric id; an id Shopify does not know is absent. */
  getOrderDues(ids: string[]): Promise<Map<string, ShopifyOrderDue>>;
  /** Summaries, newest first by default; `first` is capped under the cost cap. */
  listOrders(input: { first: number; after?: string | null; query?: string; sortKey?: OrderSortKey; reverse?: boolean }): Promise<{ orders: ShopifyOrderSummary[]; pageInfo: PageInfo }>;
  getFulfillmentOrders(orderId: string): Promise<ShopifyFulfillmentOrder[]>;
  /** Booking's read of an order: fulfillment orders, existing fulfillments, line items; `null` when unknown. */
  getOrderToFulfil(orderId: string): Promise<ShopifyOrderToFulfil | null>;
  /** Bulk booking's one read: the order as the booking form reads it, and as fulfilling reads it. */
  getOrderToBook(orderId: string): Promise<{ order: ShopifyOrder; fulfil: ShopifyOrderToFulfil } | null>;
  createFulfillment(input: CreateFulfillmentInput): Promise<ShopifyFulfillment>;
  cancelFulfillment(id: string): Promise<ShopifyFulfillment>;
  /** A step of the parcel's journey on the fulfillment (the order's timeline and the customer's status page). */
  createFulfillmentEvent(input: CreateFulfillmentEventInput): Promise<{ id: string; status: FulfillmentEventStatus }>;
  /** Tags after the change; adding a present tag or removing an absent one is a no-op. */
  addTags(id: string, tags: string[]): Promise<string[]>;
  removeTags(id: string, tags: string[]): Promise<string[]>;
  createSubscription(input: CreateSubscriptionInput): Promise<{ confirmationUrl: string; subscription: ShopifySubscriptionRef }>;
  cancelSubscription(id: string, prorate?: boolean): Promise<{ id: string; status: string }>;
  currentSubscriptions(): Promise<ShopifySubscription[]>;
  /** A charge's status ('PENDING', 'ACTIVE', 'DECLINED', ...), by its numeric id; null when Shopify has none of that id. */
  subscriptionStatus(id: string): Promise<string | null>;
}

/** The sealed tokens of a shop as the table keeps them, with the version every change bumps. */
export interface StoredTokens {
  version: number;
  accessToken: string;
  accessTokenExpiresAt?: string;
  refreshToken?: string;
  refreshTokenExpiresAt?: string;
  scopes: string[];
}

/** Where a shop's sealed Shopify tokens live: consistent reads and conditional writes. */
export interface ShopTokenStore {
  read(shopId: string): Promise<StoredTokens | undefined>;
  /** Claims the right to refresh `version` until `untilMs`; false when another container holds it or the version moved. */
  claimRefresh(shopId: string, version: number, nowMs: number, untilMs: number): Promise<boolean>;
  /** Writes the rotated pair as `version + 1` only if the stored version is still `version`. */
  saveRefreshed(shopId: string, version: number, sealed: Omit<StoredTokens, 'version'>): Promise<boolean>;
  /** A (re)install: the new pair wins over anything in flight. */
  replace(shopId: string, sealed: Omit<StoredTokens, 'version'>): Promise<void>;
}

/** What this container spent on Shopify (the bench reads it): requests, actual points, THROTTLED answers. */
export interface ShopifySpend {
  requests: number;
  points: number;
  throttled: number;
}

/*
 * Errors the Shopify adapter throws. They carry what Shopify said (status, code, message) and never
 * the client secret or an access token, so they are safe to log.
 */
export type ShopifyErrorCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'PAYMENT_REQUIRED'
  | 'LOCKED'
  | 'THROTTLED'
  | 'MAX_COST_EXCEEDED'
  | 'ACCESS_DENIED'
  | 'GRAPHQL'
  | 'USER_ERRORS'
  | 'OAUTH'
  | 'SERVER'
  | 'NETWORK'
  | 'BAD_RESPONSE';

export interface GraphqlErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

export class ShopifyError extends Error {
  readonly status: number | undefined;
  readonly code: ShopifyErrorCode;
  /** True when trying again later may succeed (throttling, 5xx, network). */
  readonly retryable: boolean;
  readonly graphqlErrors: GraphqlErrorEntry[];
  readonly userErrors: UserError[];

  constructor(
    code: ShopifyErrorCode,
    message: string,
    options: {
      status?: number;
      retryable?: boolean;
      graphqlErrors?: GraphqlErrorEntry[];
      userErrors?: UserError[];
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ShopifyError';
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.graphqlErrors = options.graphqlErrors ?? [];
    this.userErrors = options.userErrors ?? [];
  }
}

/** 401 from the Admin API: token revoked (uninstall), expired or unknown. Refresh or re-install. */
export class ShopifyUnauthorizedError extends ShopifyError {
  constructor(message: string) {
    super('UNAUTHORIZED', message, { status: 401 });
    this.name = 'ShopifyUnauthorizedError';
  }
}

/** A mutation answered with userErrors (business rule refusal); nothing was changed. */
export class ShopifyUserErrors extends ShopifyError {
  constructor(operation: string, userErrors: UserError[]) {
    super('USER_ERRORS', `${operation}: ${userErrors.map((e) => e.message).join('; ')}`, { userErrors });
    this.name = 'ShopifyUserErrors';
  }
}
