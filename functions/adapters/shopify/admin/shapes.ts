import type { Money, PageInfo, PricingInterval, ShopifyAddress, ShopifyDiscount, ShopifyOrder, ShopifyOrderSummary, ShopifyOrderToFulfil, ShopifySubscription, UserError } from '../../../domain/ports/shopify';

/*
 * Shopify's GraphQL answers as they arrive, and their mapping to the port's shapes: connections
 * flattened, money bags reduced to the customer's (presentment) money.
 */

export interface MoneyBag {
  presentmentMoney: Money;
}

/** The order's scalar fields arrive as the app keeps them; only money bags and connections differ. */
type OrderScalars = Pick<ShopifyOrder,
  'id' | 'legacyResourceId' | 'name' | 'email' | 'phone' | 'createdAt' | 'updatedAt' | 'processedAt' | 'cancelledAt'
  | 'cancelReason' | 'closed' | 'test' | 'displayFinancialStatus' | 'displayFulfillmentStatus' | 'tags' | 'note' | 'paymentGatewayNames'>;

export interface RawOrder extends OrderScalars {
  __typename?: string;
  totalPriceSet: MoneyBag;
  currentTotalPriceSet: MoneyBag;
  subtotalPriceSet: MoneyBag | null;
  totalShippingPriceSet: MoneyBag;
  totalDiscountsSet: MoneyBag | null;
  totalOutstandingSet: MoneyBag;
  /** Grams, as UnsignedInt64 (a string); absent where a store's API version or document does not ask for it. */
  totalWeight?: string | null;
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

export interface RawOrderSummary extends Omit<ShopifyOrderSummary, 'currentTotalPrice'> {
  currentTotalPriceSet: MoneyBag;
}

export interface RawFulfillmentOrder {
  id: string;
  status: string;
  requestStatus: string;
  supportedActions: { action: string }[];
  assignedLocation: { name: string | null; location: { id: string } | null } | null;
  lineItems: { nodes: { id: string; remainingQuantity: number; totalQuantity: number; lineItem: { id: string; title: string } }[] };
}

export interface RawOrderToFulfil {
  id: string;
  legacyResourceId: string;
  name: string;
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  lineItems: { nodes: { title: string; variantTitle: string | null; currentQuantity: number; originalUnitPriceSet: MoneyBag; image: { url: string } | null }[] };
  fulfillmentOrders: { nodes: { id: string; status: string; supportedActions: { action: string }[]; lineItems: { nodes: { remainingQuantity: number }[] } }[] };
  fulfillments: { id: string; status: string; trackingInfo: { number: string | null }[] }[];
}

export interface TagsPayload {
  node: { id: string; tags?: string[] } | null;
  userErrors: UserError[];
}

/** As the app keeps it, but for line items, which arrive with their pricing details nested. */
export interface RawSubscription extends Omit<ShopifySubscription, 'lineItems'> {
  lineItems: {
    id: string;
    plan: { pricingDetails: { __typename: string; interval?: PricingInterval; price?: Money } };
  }[];
}

export function mapToFulfil(o: RawOrderToFulfil): ShopifyOrderToFulfil {
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
export type RawOrderToBook = Omit<RawOrderToFulfil, 'lineItems'> & Omit<RawOrder, 'closed' | 'test' | 'cancelReason' | 'totalPriceSet' | 'subtotalPriceSet'
  | 'totalDiscountsSet' | 'shippingLines' | 'discountApplications' | '__typename'>;

/** Shopify weighs an order 0 when its products carry no weight: that is no weight, not a weightless parcel. */
function grams(value: string | null | undefined): number | null {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function mapOrder(o: RawOrder): ShopifyOrder {
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
    totalWeight: grams(o.totalWeight),
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
