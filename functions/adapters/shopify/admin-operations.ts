import * as doc from './documents';
import { ShopifyError, ShopifyUserErrors, type UserError } from './errors';
import type { GraphqlRequester } from './graphql';
import type {
  Money,
  PageInfo,
  PricingInterval,
  ShopifyAddress,
  ShopifyDiscount,
  ShopifyFulfillment,
  ShopifyFulfillmentOrder,
  ShopifyOrder,
  ShopifyOrderSummary,
  ShopifyOrderToFulfil,
  ShopifyShop,
  ShopifySubscription,
} from './types';

/** Line items per order: 50 on a single read, 20 on batch reads to stay under the 1000-point cap. */
const SINGLE_ORDER_LINE_ITEMS = 50;
const BATCH_ORDER_LINE_ITEMS = 20;
const ORDERS_PER_BATCH = 5;
/** 2 + 200 × 4 = 802 points for the summary document; 250 would pass the 1000-point cap. */
export const MAX_ORDERS_PAGE = 200;
/** Shopify's `nodes(ids:)` takes at most 250 ids; at one point each that is 250 points. */
export const MAX_ORDER_NAMES = 250;

export type OrderSortKey = 'CREATED_AT' | 'UPDATED_AT' | 'PROCESSED_AT' | 'ID' | 'ORDER_NUMBER';

export interface CreateFulfillmentInput {
  fulfillmentOrderIds: string[];
  trackingInfo: { number: string; company: string; url?: string };
  notifyCustomer: boolean;
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

export interface AdminOperations {
  getShop(): Promise<ShopifyShop>;
  /** `null` when Shopify does not know the order. Accepts a GID or the numeric id. */
  getOrder(id: string): Promise<ShopifyOrder | null>;
  /** Several orders, in input order, `null` where unknown; batched under the cost cap. */
  getOrders(ids: string[]): Promise<(ShopifyOrder | null)[]>;
  /**
   * The names of orders (at most MAX_ORDER_NAMES ids, one point each), by numeric id; an id Shopify
   * does not know (or that is not an order) is absent from the map.
   */
  getOrderNames(ids: string[]): Promise<Map<string, string>>;
  /** Summaries, newest first by default; `first` is capped at MAX_ORDERS_PAGE (cost cap). */
  listOrders(input: {
    first: number;
    after?: string | null;
    query?: string;
    sortKey?: OrderSortKey;
    reverse?: boolean;
  }): Promise<{ orders: ShopifyOrderSummary[]; pageInfo: PageInfo }>;
  getFulfillmentOrders(orderId: string): Promise<ShopifyFulfillmentOrder[]>;
  /** Booking's read of an order: fulfillment orders, existing fulfillments, line items; `null` when unknown. */
  getOrderToFulfil(orderId: string): Promise<ShopifyOrderToFulfil | null>;
  /** Bulk booking's one read: the order as the booking form reads it, and as fulfilling reads it. */
  getOrderToBook(orderId: string): Promise<{ order: ShopifyOrder; fulfil: ShopifyOrderToFulfil } | null>;
  createFulfillment(input: CreateFulfillmentInput): Promise<ShopifyFulfillment>;
  cancelFulfillment(id: string): Promise<ShopifyFulfillment>;
  /** Tags after the change; adding a present tag or removing an absent one is a no-op. */
  addTags(id: string, tags: string[]): Promise<string[]>;
  removeTags(id: string, tags: string[]): Promise<string[]>;
  createSubscription(input: CreateSubscriptionInput): Promise<{ confirmationUrl: string; subscription: ShopifySubscriptionRef }>;
  cancelSubscription(id: string, prorate?: boolean): Promise<{ id: string; status: string }>;
  currentSubscriptions(): Promise<ShopifySubscription[]>;
  /** A charge's status ('PENDING', 'ACTIVE', 'DECLINED', ...), by its numeric id; null when Shopify has none of that id. */
  subscriptionStatus(id: string): Promise<string | null>;
}

export interface ShopifySubscriptionRef {
  id: string;
  name: string;
  status: string;
  test: boolean;
}

/** `gid://shopify/Order/123` from either form. */
export function orderGid(id: string): string {
  return toGid('Order', id);
}

export function toGid(type: string, id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/${type}/${id}` : id;
}

/** The numeric part of a GID (`legacyResourceId`), without any `?…` suffix. */
export function legacyId(gid: string): string {
  const tail = gid.split('/').pop() ?? gid;
  return tail.split('?')[0] ?? tail;
}

export function adminOperations(client: GraphqlRequester): AdminOperations {
  return {
    async getShop() {
      const data = await client.request<{ shop: ShopifyShop }>(doc.SHOP);
      return data.shop;
    },

    async getOrder(id) {
      const data = await client.request<{ order: RawOrder | null }>(doc.ORDER, {
        id: orderGid(id),
        lineItemCount: SINGLE_ORDER_LINE_ITEMS,
      });
      return data.order ? mapOrder(data.order) : null;
    },

    async getOrders(ids) {
      const result: (ShopifyOrder | null)[] = [];
      for (let i = 0; i < ids.length; i += ORDERS_PER_BATCH) {
        const batch = ids.slice(i, i + ORDERS_PER_BATCH).map(orderGid);
        const data = await client.request<{ nodes: (RawOrder | { __typename: string } | null)[] }>(doc.ORDERS_BY_IDS, {
          ids: batch,
          lineItemCount: BATCH_ORDER_LINE_ITEMS,
        });
        for (const node of data.nodes) {
          result.push(node && node.__typename === 'Order' ? mapOrder(node as RawOrder) : null);
        }
      }
      return result;
    },

    async getOrderNames(ids) {
      const names = new Map<string, string>();
      for (let i = 0; i < ids.length; i += MAX_ORDER_NAMES) {
        const data = await client.request<{ nodes: ({ __typename: string; legacyResourceId?: string; name?: string } | null)[] }>(doc.ORDER_NAMES, {
          ids: ids.slice(i, i + MAX_ORDER_NAMES).map(orderGid),
        });
        for (const node of data.nodes) {
          if (node?.__typename === 'Order' && node.legacyResourceId && node.name) names.set(node.legacyResourceId, node.name);
        }
      }
      return names;
    },

    async listOrders(input) {
      const data = await client.request<{ orders: { pageInfo: PageInfo; nodes: RawOrderSummary[] } }>(doc.ORDERS, {
        first: Math.max(1, Math.min(input.first, MAX_ORDERS_PAGE)),
        after: input.after ?? null,
        query: input.query ?? null,
        sortKey: input.sortKey ?? 'CREATED_AT',
        reverse: input.reverse ?? true,
      });
      return {
        pageInfo: data.orders.pageInfo,
        orders: data.orders.nodes.map((o) => ({
          id: o.id,
          legacyResourceId: o.legacyResourceId,
          name: o.name,
          createdAt: o.createdAt,
          updatedAt: o.updatedAt,
          cancelledAt: o.cancelledAt,
          displayFinancialStatus: o.displayFinancialStatus,
          displayFulfillmentStatus: o.displayFulfillmentStatus,
          tags: o.tags,
          currentTotalPrice: o.currentTotalPriceSet.presentmentMoney,
          shippingAddress: o.shippingAddress,
        })),
      };
    },

    async getFulfillmentOrders(orderId) {
      const data = await client.request<{ order: { fulfillmentOrders: { nodes: RawFulfillmentOrder[] } } | null }>(
        doc.FULFILLMENT_ORDERS,
        { id: orderGid(orderId) },
      );
      if (!data.order) throw new ShopifyError('NOT_FOUND', `Order ${orderId} not found on Shopify`);
      return data.order.fulfillmentOrders.nodes.map((fo) => ({
        id: fo.id,
        status: fo.status,
        requestStatus: fo.requestStatus,
        supportedActions: fo.supportedActions.map((a) => a.action),
        locationName: fo.assignedLocation?.name ?? null,
        locationId: fo.assignedLocation?.location?.id ?? null,
        lineItems: fo.lineItems.nodes.map((li) => ({
          id: li.id,
          remainingQuantity: li.remainingQuantity,
          totalQuantity: li.totalQuantity,
          lineItemId: li.lineItem.id,
          title: li.lineItem.title,
        })),
      }));
    },

    async getOrderToFulfil(orderId) {
      const data = await client.request<{ order: RawOrderToFulfil | null }>(doc.ORDER_TO_FULFIL, { id: orderGid(orderId) });
      return data.order ? mapToFulfil(data.order) : null;
    },

    async getOrderToBook(orderId) {
      const data = await client.request<{ order: RawOrderToBook | null }>(doc.ORDER_TO_BOOK, { id: orderGid(orderId) });
      const o = data.order;
      if (!o) return null;
      const order = mapOrder({
        ...o, closed: false, test: false, cancelReason: null, totalPriceSet: o.currentTotalPriceSet, subtotalPriceSet: null, totalDiscountsSet: null,
        shippingLines: { nodes: [] }, discountApplications: { nodes: [] },
      });
      return { order, fulfil: mapToFulfil(o) };
    },

    async createFulfillment(input) {
      const trackingInfo: Record<string, string> = { number: input.trackingInfo.number, company: input.trackingInfo.company };
      if (input.trackingInfo.url) trackingInfo.url = input.trackingInfo.url;
      const data = await client.request<{ fulfillmentCreate: { fulfillment: ShopifyFulfillment | null; userErrors: UserError[] } }>(
        doc.FULFILLMENT_CREATE,
        {
          fulfillment: {
            lineItemsByFulfillmentOrder: input.fulfillmentOrderIds.map((id) => ({ fulfillmentOrderId: toGid('FulfillmentOrder', id) })),
            trackingInfo,
            notifyCustomer: input.notifyCustomer,
          },
          message: input.message ?? null,
        },
      );
      return payload('fulfillmentCreate', data.fulfillmentCreate.userErrors, data.fulfillmentCreate.fulfillment);
    },

    async cancelFulfillment(id) {
      const data = await client.request<{ fulfillmentCancel: { fulfillment: ShopifyFulfillment | null; userErrors: UserError[] } }>(
        doc.FULFILLMENT_CANCEL,
        { id: toGid('Fulfillment', id) },
      );
      return payload('fulfillmentCancel', data.fulfillmentCancel.userErrors, data.fulfillmentCancel.fulfillment);
    },

    async addTags(id, tags) {
      const data = await client.request<{ tagsAdd: TagsPayload }>(doc.TAGS_ADD, { id: orderGid(id), tags });
      return payload('tagsAdd', data.tagsAdd.userErrors, data.tagsAdd.node).tags ?? [];
    },

    async removeTags(id, tags) {
      const data = await client.request<{ tagsRemove: TagsPayload }>(doc.TAGS_REMOVE, { id: orderGid(id), tags });
      return payload('tagsRemove', data.tagsRemove.userErrors, data.tagsRemove.node).tags ?? [];
    },

    async createSubscription(input) {
      const data = await client.request<{
        appSubscriptionCreate: { appSubscription: ShopifySubscriptionRef | null; confirmationUrl: string | null; userErrors: UserError[] };
      }>(doc.SUBSCRIPTION_CREATE, {
        name: input.name,
        returnUrl: input.returnUrl,
        test: input.test ?? null,
        trialDays: input.trialDays ?? null,
        replacementBehavior: input.replacementBehavior ?? null,
        lineItems: [{ plan: { appRecurringPricingDetails: { price: input.price, interval: input.interval } } }],
      });
      const result = data.appSubscriptionCreate;
      const subscription = payload('appSubscriptionCreate', result.userErrors, result.appSubscription);
      if (!result.confirmationUrl) throw new ShopifyError('BAD_RESPONSE', 'appSubscriptionCreate returned no confirmationUrl');
      return { confirmationUrl: result.confirmationUrl, subscription };
    },

    async cancelSubscription(id, prorate = false) {
      const data = await client.request<{
        appSubscriptionCancel: { appSubscription: { id: string; status: string } | null; userErrors: UserError[] };
      }>(doc.SUBSCRIPTION_CANCEL, { id: toGid('AppSubscription', id), prorate });
      return payload('appSubscriptionCancel', data.appSubscriptionCancel.userErrors, data.appSubscriptionCancel.appSubscription);
    },

    async subscriptionStatus(id) {
      const data = await client.request<{ node: { status?: string } | null }>(doc.SUBSCRIPTION_STATUS, { id: toGid('AppSubscription', id) });
      return data.node?.status ?? null;
    },

    async currentSubscriptions() {
      const data = await client.request<{ currentAppInstallation: { activeSubscriptions: RawSubscription[] } }>(doc.CURRENT_PLAN);
      return data.currentAppInstallation.activeSubscriptions.map((s) => ({
        id: s.id,
        name: s.name,
        status: s.status,
        test: s.test,
        trialDays: s.trialDays,
        createdAt: s.createdAt,
        currentPeriodEnd: s.currentPeriodEnd,
        lineItems: s.lineItems.map((li) => {
          const details = li.plan.pricingDetails;
          return {
            id: li.id,
            interval: details.__typename === 'AppRecurringPricing' ? (details.interval ?? null) : null,
            price: details.__typename === 'AppRecurringPricing' ? (details.price ?? null) : null,
          };
        }),
      }));
    },
  };
}

/** A mutation's resource, or its userErrors as one typed error (nothing changed on Shopify). */
function payload<T>(operation: string, userErrors: UserError[], resource: T | null): T {
  if (userErrors.length > 0) throw new ShopifyUserErrors(operation, userErrors);
  if (resource === null) throw new ShopifyError('BAD_RESPONSE', `${operation} returned neither a result nor userErrors`);
  return resource;
}

interface MoneyBag {
  presentmentMoney: Money;
}

/** The order's scalar fields arrive as the app keeps them; only money bags and connections differ. */
type OrderScalars = Pick<ShopifyOrder,
  'id' | 'legacyResourceId' | 'name' | 'email' | 'phone' | 'createdAt' | 'updatedAt' | 'processedAt' | 'cancelledAt'
  | 'cancelReason' | 'closed' | 'test' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'tags' | 'note' | 'paymentGatewayNames'>;

interface RawOrder extends OrderScalars {
  __typename?: string;
  totalPriceSet: MoneyBag;
  currentTotalPriceSet: MoneyBag;
  subtotalPriceSet: MoneyBag | null;
  totalShippingPriceSet: MoneyBag;
  totalDiscountsSet: MoneyBag | null;
  totalOutstandingSet: MoneyBag;
  shippingAddress: ShopifyAddress | null;
  shippingLines: { nodes: { title: string; code: string | null; originalPriceSet: MoneyBag }[] };
  discountApplications: {
    nodes: {
      __typename: ShopifyDiscount['kind'];
      allocationMethod: string;
      targetType: string;
      value: { __typename: string; amount?: string; currencyCode?: string; percentage?: number };
      code?: string;
      title?: string;
    }[];
  };
  lineItems: {
    nodes: {
      id: string;
      title: string;
      variantTitle: string | null;
      sku: string | null;
      quantity: number;
      currentQuantity: number;
      originalUnitPriceSet: MoneyBag;
      image: { url: string } | null;
    }[];
    pageInfo: PageInfo;
  };
}

interface RawOrderSummary extends Omit<ShopifyOrderSummary, 'currentTotalPrice'> {
  currentTotalPriceSet: MoneyBag;
}

interface RawFulfillmentOrder {
  id: string;
  status: string;
  requestStatus: string;
  supportedActions: { action: string }[];
  assignedLocation: { name: string | null; location: { id: string } | null } | null;
  lineItems: { nodes: { id: string; remainingQuantity: number; totalQuantity: number; lineItem: { id: string; title: string } }[] };
}

interface RawOrderToFulfil {
  id: string;
  legacyResourceId: string;
  name: string;
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  lineItems: { nodes: { title: string; variantTitle: string | null; currentQuantity: number; originalUnitPriceSet: MoneyBag; image: { url: string } | null }[] };
  fulfillmentOrders: { nodes: { id: string; status: string; supportedActions: { action: string }[]; lineItems: { nodes: { remainingQuantity: number }[] } }[] };
  fulfillments: { id: string; status: string; trackingInfo: { number: string | null }[] }[];
}

interface TagsPayload {
  node: { id: string; tags?: string[] } | null;
  userErrors: UserError[];
}

/** As the app keeps it, but for line items, which arrive with their pricing details nested. */
interface RawSubscription extends Omit<ShopifySubscription, 'lineItems'> {
  lineItems: {
    id: string;
    plan: { pricingDetails: { __typename: string; interval?: PricingInterval; price?: Money } };
  }[];
}

function mapToFulfil(o: RawOrderToFulfil): ShopifyOrderToFulfil {
  return {
    id: o.id,
    legacyResourceId: o.legacyResourceId,
    name: o.name,
    cancelledAt: o.cancelledAt,
    displayFulfillmentStatus: o.displayFulfillmentStatus,
    lineItems: o.lineItems.nodes.map((li) => ({
      title: li.title, variantTitle: li.variantTitle, currentQuantity: li.currentQuantity,
      unitPrice: li.originalUnitPriceSet.presentmentMoney, imageUrl: li.image?.url ?? null,
    })),
    fulfillmentOrders: o.fulfillmentOrders.nodes.map((fo) => ({
      id: fo.id, status: fo.status, supportedActions: fo.supportedActions.map((a) => a.action),
      remainingQuantity: fo.lineItems.nodes.reduce((sum, li) => sum + li.remainingQuantity, 0),
    })),
    fulfillments: o.fulfillments.map((f) => ({
      id: f.id, status: f.status, trackingNumbers: f.trackingInfo.map((t) => t.number).filter((n): n is string => Boolean(n)),
    })),
  };
}

/** ORDER_TO_BOOK: the fulfil read's fields with the form's (line items as the full read has them). */
type RawOrderToBook = Omit<RawOrderToFulfil, 'lineItems'> & Omit<RawOrder, 'closed' | 'test' | 'cancelReason' | 'totalPriceSet' | 'subtotalPriceSet'
  | 'totalDiscountsSet' | 'shippingLines' | 'discountApplications' | '__typename'>;

function mapOrder(o: RawOrder): ShopifyOrder {
  return {
    id: o.id,
    legacyResourceId: o.legacyResourceId,
    name: o.name,
    email: o.email,
    phone: o.phone,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    processedAt: o.processedAt,
    cancelledAt: o.cancelledAt,
    cancelReason: o.cancelReason,
    closed: o.closed,
    test: o.test,
    displayFinancialStatus: o.displayFinancialStatus,
    displayFulfillmentStatus: o.displayFulfillmentStatus,
    tags: o.tags,
    note: o.note,
    paymentGatewayNames: o.paymentGatewayNames,
    totalPrice: o.totalPriceSet.presentmentMoney,
    currentTotalPrice: o.currentTotalPriceSet.presentmentMoney,
    subtotalPrice: o.subtotalPriceSet?.presentmentMoney ?? null,
    totalShipping: o.totalShippingPriceSet.presentmentMoney,
    totalDiscounts: o.totalDiscountsSet?.presentmentMoney ?? null,
    totalOutstanding: o.totalOutstandingSet.presentmentMoney,
    shippingAddress: o.shippingAddress,
    shippingLines: o.shippingLines.nodes.map((l) => ({ title: l.title, code: l.code, price: l.originalPriceSet.presentmentMoney })),
    discounts: o.discountApplications.nodes.map((d) => ({
      kind: d.__typename,
      label: d.code ?? d.title ?? null,
      allocationMethod: d.allocationMethod,
      targetType: d.targetType,
      value:
        d.value.__typename === 'PricingPercentageValue'
          ? { percentage: d.value.percentage ?? 0 }
          : { amount: d.value.amount ?? '0.0', currencyCode: d.value.currencyCode ?? '' },
    })),
    lineItems: o.lineItems.nodes.map((li) => ({
      id: li.id,
      title: li.title,
      variantTitle: li.variantTitle,
      sku: li.sku,
      quantity: li.quantity,
      currentQuantity: li.currentQuantity,
      unitPrice: li.originalUnitPriceSet.presentmentMoney,
      imageUrl: li.image?.url ?? null,
    })),
    lineItemsTruncated: o.lineItems.pageInfo.hasNextPage,
  };
}
