/**
 * The simulator's internal records. Field names follow the GraphQL Admin API (camelCase); ids are
 * the numeric part of the GID, kept as strings because real ids outgrow safe integers one day.
 */

export type FinancialStatus =
  | 'AUTHORIZED'
  | 'EXPIRED'
  | 'PAID'
  | 'PARTIALLY_PAID'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'VOIDED';

export interface AddressRecord {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  provinceCode: string;
  zip: string | null;
  country: string;
  countryCode: string;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface LineItemRecord {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string;
  quantity: number;
  /** Excludes units removed by edits or refunds. */
  currentQuantity: number;
  /** Unit price, decimal string in shop currency. */
  price: string;
  imageUrl: string | null;
  /** The variant's weight per unit, in grams (0: the merchant never set one); `Order.totalWeight` adds them up. */
  grams: number;
  productId: string;
  variantId: string | null;
}

export interface ShippingLineRecord {
  id: string;
  title: string;
  code: string;
  source: string;
  price: string;
}

export interface DiscountRecord {
  kind: 'DiscountCodeApplication' | 'AutomaticDiscountApplication' | 'ManualDiscountApplication';
  code: string | null;
  title: string | null;
  valueType: 'fixed_amount' | 'percentage';
  /** Amount for fixed discounts, percentage (0–100) for percentage discounts. */
  value: number;
  /** What the discount took off the order, decimal string. */
  amount: string;
  targetType: 'LINE_ITEM' | 'SHIPPING_LINE';
  allocationMethod: 'ACROSS' | 'EACH' | 'ONE';
}

export type FulfillmentOrderStatus = 'OPEN' | 'IN_PROGRESS' | 'SCHEDULED' | 'ON_HOLD' | 'INCOMPLETE' | 'CANCELLED' | 'CLOSED';

export interface FulfillmentOrderRecord {
  id: string;
  locationId: string;
  status: FulfillmentOrderStatus;
  requestStatus: 'UNSUBMITTED';
  /** Set when the FO is assigned to a third-party fulfillment service's location: the app may only request fulfillment. */
  fulfillmentService?: string | null;
  createdAt: string;
  updatedAt: string;
  lineItems: { id: string; lineItemId: string; totalQuantity: number; remainingQuantity: number }[];
}

export interface FulfillmentRecord {
  id: string;
  name: string;
  status: 'SUCCESS' | 'CANCELLED';
  createdAt: string;
  updatedAt: string;
  locationId: string;
  notifyCustomer: boolean;
  tracking: { company: string | null; number: string | null; url: string | null }[];
  lineItems: { fulfillmentOrderId: string; fulfillmentOrderLineItemId: string; lineItemId: string; quantity: number }[];
  /** fulfillmentEventCreate's steps of the parcel, oldest first (absent on records saved before events existed). */
  events?: FulfillmentEventRecord[];
}

export interface FulfillmentEventRecord {
  id: string;
  status: string;
  happenedAt: string;
  message: string | null;
  createdAt: string;
}

export interface CustomerRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface OrderRecord {
  id: string;
  name: string;
  orderNumber: number;
  email: string | null;
  phone: string | null;
  createdAt: string;
  processedAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: 'CUSTOMER' | 'DECLINED' | 'FRAUD' | 'INVENTORY' | 'OTHER' | 'STAFF' | null;
  closedAt: string | null;
  test: boolean;
  note: string | null;
  tags: string[];
  currency: string;
  financialStatus: FinancialStatus;
  paymentGatewayNames: string[];
  customer: CustomerRecord | null;
  shippingAddress: AddressRecord | null;
  billingAddress: AddressRecord | null;
  lineItems: LineItemRecord[];
  shippingLines: ShippingLineRecord[];
  discounts: DiscountRecord[];
  totalTax: string;
  fulfillmentOrders: FulfillmentOrderRecord[];
  fulfillments: FulfillmentRecord[];
}

export interface LocationRecord {
  id: string;
  name: string;
  city: string;
  address1: string;
}

export type SubscriptionStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'CANCELLED';

export interface SubscriptionRecord {
  id: string;
  name: string;
  status: SubscriptionStatus;
  test: boolean;
  trialDays: number;
  createdAt: string;
  updatedAt: string;
  currentPeriodEnd: string | null;
  returnUrl: string;
  replacementBehavior: string;
  lineItems: { id: string; interval: 'EVERY_30_DAYS' | 'ANNUAL'; amount: string; currencyCode: string }[];
  /** Signature of the confirmation URL, so only URLs the simulator issued confirm anything. */
  signature: string;
}
