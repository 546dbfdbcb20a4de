/**
 * What Shopify answers, as the Shopify port (shopify.ts) hands it to the domain: Shopify's GraphQL
 * shapes with the connections flattened and money bags reduced to the customer's (presentment)
 * money, which is what COD collects.
 */

export interface Money {
  /** Decimal string as Shopify sends it ("2500.0"); never converted to a float here. */
  amount: string;
  currencyCode: string;
}

export interface ShopifyShop {
  id: string;
  name: string;
  email: string;
  myshopifyDomain: string;
  currencyCode: string;
  ianaTimezone: string;
}

export interface ShopifyAddress {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  country: string | null;
  countryCodeV2: string | null;
}

export interface ShopifyLineItem {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  currentQuantity: number;
  unitPrice: Money;
  imageUrl: string | null;
}

export interface ShopifyDiscount {
  kind: 'DiscountCodeApplication' | 'AutomaticDiscountApplication' | 'ManualDiscountApplication' | 'ScriptDiscountApplication';
  /** The code for code discounts, the title otherwise. */
  label: string | null;
  allocationMethod: string;
  targetType: string;
  value: { amount: string; currencyCode: string } | { percentage: number };
}

export interface ShopifyOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  closed: boolean;
  test: boolean;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  tags: string[];
  note: string | null;
  paymentGatewayNames: string[];
  totalPrice: Money;
  currentTotalPrice: Money;
  subtotalPrice: Money | null;
  totalShipping: Money;
  totalDiscounts: Money | null;
  totalOutstanding: Money;
  /** Grams, from the weights of the order's products (`Order.totalWeight`); null when they carry none. */
  totalWeight: number | null;
  shippingAddress: ShopifyAddress | null;
  shippingLines: { title: string; code: string | null; price: Money }[];
  discounts: ShopifyDiscount[];
  lineItems: ShopifyLineItem[];
  /** More line items exist than were fetched (the app asks for 50 on single reads). */
  lineItemsTruncated: boolean;
}

export interface ShopifyOrderSummary {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  tags: string[];
  currentTotalPrice: Money;
  shippingAddress: { name: string | null; phone: string | null; city: string | null } | null;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface ShopifyFulfillmentOrder {
  id: string;
  status: string;
  requestStatus: string;
  supportedActions: string[];
  locationName: string | null;
  locationId: string | null;
  lineItems: { id: string; remainingQuantity: number; totalQuantity: number; lineItemId: string; title: string }[];
}

export interface ShopifyFulfillment {
  id: string;
  status: string;
  createdAt?: string;
  trackingInfo?: { company: string | null; number: string | null; url: string | null }[];
}

export type PricingInterval = 'EVERY_30_DAYS' | 'ANNUAL';

export interface ShopifySubscription {
  id: string;
  name: string;
  status: string;
  test: boolean;
  trialDays: number;
  createdAt: string;
  currentPeriodEnd: string | null;
  lineItems: { id: string; interval: PricingInterval | null; price: Money | null }[];
}

/** An order as booking reads it: what fulfilling it needs (the adapter's ORDER_TO_FULFIL document). */
export interface ShopifyOrderToFulfil {
  id: string;
  legacyResourceId: string;
  name: string;
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  lineItems: { title: string; variantTitle: string | null; currentQuantity: number; unitPrice: Money; imageUrl: string | null }[];
  fulfillmentOrders: { id: string; status: string; supportedActions: string[]; remainingQuantity: number }[];
  fulfillments: { id: string; status: string; trackingNumbers: string[] }[];
}
