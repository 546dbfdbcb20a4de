import { z } from '../zod';

/**
 * Shopify's numeric order id, as the admin's links and the store-orders page carry it. A GID
 * (`gid://shopify/Order/123`) is accepted too and reduced to its number (reference/shopify.md §6).
 */
export const ShopifyOrderId = z
  .string()
  .trim()
  .transform((value) => value.replace(/^gid:\/\/shopify\/Order\//, ''))
  .pipe(z.string().regex(/^[1-9]\d{0,19}$/, 'Invalid id entered'));
export type ShopifyOrderId = z.infer<typeof ShopifyOrderId>;

export const ShopifyOrderParams = z.object({ id: ShopifyOrderId });
export type ShopifyOrderParams = z.infer<typeof ShopifyOrderParams>;

/** More than this many orders in one parcel is not a merge a courier takes (the store-orders page and the merge page say it too). */
export const MAX_MERGE_ORDERS = 10;

/** `?id=a,b,c`: comma-separated ids split into a list (each checked, duplicates dropped). */
export const ShopifyOrdersQuery = z.object({
  id: z
    .string()
    .max(MAX_MERGE_ORDERS * 48)
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(ShopifyOrderId).min(1, 'We have found no order id(s) to search order(s)').max(MAX_MERGE_ORDERS))
    .transform((ids) => [...new Set(ids)]),
});
export type ShopifyOrdersQuery = z.infer<typeof ShopifyOrdersQuery>;

export const LookupLineItem = z.object({
  title: z.string(),
  variant_title: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  image_url: z.string().nullable(),
});
export type LookupLineItem = z.infer<typeof LookupLineItem>;

/** What every view of a Shopify order starts with: the booking form's lookup and the store-orders rows. */
const OrderHead = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  financial_status: z.string().nullable(),
  fulfillment_status: z.string(),
  tags: z.array(z.string()),
});

/** What the booking form shows of the Shopify order beyond its own fields. */
export const OrderData = z.object({
  ...OrderHead.shape,
  note: z.string().nullable(),
  currency: z.string(),
  total: z.number(),
  outstanding: z.number(),
  shipping: z.number(),
  discounts: z.array(z.object({ label: z.string().nullable(), amount: z.number().nullable(), percentage: z.number().nullable() })),
  payment_gateways: z.array(z.string()),
  line_items: z.array(LookupLineItem),
  /** Shopify had more line items than one read fetches (50): the products list names the first 50. */
  line_items_truncated: z.boolean(),
});
export type OrderData = z.infer<typeof OrderData>;

/** GET /get-order-from-shopify/{id}: the booking form's starting values (spec §3 "Order lookup for booking"). */
/**
 * An order whose booking attempt lost the courier's answer at a courier that cannot be asked by
 * reference (M&P, TCS): nobody knows whether it was booked until a person checks with the courier and
 * says so ("It was booked" with the tracking number, or "It was not booked").
 */
export const BookingCheck = z.object({
  /** What the courier keeps: the reference to look for on the courier's portal. */
  reference: z.string(),
  courier: z.string(),
  account_name: z.string(),
  /** When the attempt started (ISO). */
  started_at: z.string(),
  order_names: z.array(z.string()),
});
export type BookingCheck = z.infer<typeof BookingCheck>;

/** How an order waiting for a check is named wherever it cannot be booked until answered (the bulk form, a bulk row). */
export function waitingForCheck(check: Pick<BookingCheck, 'courier' | 'account_name'>): string {
  return `Waiting for a check with ${check.courier} (account ${check.account_name}): was it booked?`;
}

export const OrderLookup = z.object({
  order_id: z.string(),
  order_name: z.string(),
  pieces: z.number().int(),
  /**
   * Grams: the store's default weight (100 until it saves one). The form proposes
   * `proposedWeight({ accountWeight: <the chosen account's>, storeWeight: weight })`, the weight the
   * server starts from on every path.
   */
  weight: z.number(),
  /**
   * Grams: the order's own weight, from its products' weights in Shopify (`Order.totalWeight`); 0 when they
   * carry none. It comes first: `proposedWeight({ orderWeight: order_weight, accountWeight, storeWeight: weight })`.
   */
  order_weight: z.number(),
  /** What the courier collects: Shopify's outstanding amount, less shipping when free shipping applies. */
  cod_amount: z.number(),
  shipping_price: z.number(),
  /** The store's free-shipping value is set and this order reaches it: its shipping charge is not collected. */
  free_shipping_applied: z.boolean(),
  products_list: z.string(),
  consignee_fullname: z.string(),
  consignee_email: z.string(),
  consignee_phone1: z.string(),
  consignee_phone2: z.string(),
  consignee_phone3: z.string(),
  consignee_address: z.string(),
  consignee_city: z.string(),
  orderData: OrderData,
  /** The order's last attempt needs a person's check before it can be booked again. */
  check_needed: BookingCheck.optional(),
});
export type OrderLookup = z.infer<typeof OrderLookup>;

export const MergeProduct = z.object({
  node: z.object({
    product: z.object({ title: z.string() }),
    variant: z.object({ title: z.string().nullable() }),
    currentQuantity: z.number().int(),
    originalUnitPriceSet: z.object({ presentmentMoney: z.object({ amount: z.string() }) }),
  }),
});
export type MergeProduct = z.infer<typeof MergeProduct>;

export const MergeOrder = z.object({
  name: z.string(),
  id: z.string(),
  shipping: z.number(),
  has_discount: z.boolean(),
  applied_discount: z.number(),
  products_list: z.array(MergeProduct),
  consignee_address: z.string(),
  cod: z.number(),
  /** Shopify's fulfillment status of the order (UNFULFILLED, FULFILLED, ...). */
  fulfillment: z.string(),
  /** Cancelled on Shopify: shown, but left out of the parcel and its totals. */
  cancelled: z.boolean(),
  consignee_name: z.string(),
  consignee_phone: z.string(),
  consignee_city: z.string(),
});
export type MergeOrder = z.infer<typeof MergeOrder>;

/** GET /get-orders-from-shopify?id=a,b: the orders of one parcel and the merge's totals. */
export const MergeLookup = z.object({
  orders: z.array(MergeOrder),
  /** Ids that Shopify does not know (or that are not orders). */
  missing: z.array(z.string()),
  orderNames: z.string(),
  orderids: z.string(),
  shippingIsZero: z.boolean(),
  codWithoutShipping: z.number(),
  shippingPrice: z.number(),
  avgShipping: z.number(),
  pieces: z.number().int(),
  productsList: z.string(),
  cod: z.number(),
  /** Grams: the store's default weight, as in OrderLookup (the orders' and the chosen account's weights come first). */
  weight: z.number(),
  /** Grams: the orders' weights together when Shopify weighs every one of them, else 0 (as in OrderLookup). */
  order_weight: z.number(),
  consignee: z.object({
    name: z.string(), email: z.string(), phone1: z.string(), phone2: z.string(), phone3: z.string(), address: z.string(), city: z.string(),
  }),
});
export type MergeLookup = z.infer<typeof MergeLookup>;

export const STORE_ORDER_FILTERS = ['unfulfilled', 'cod', 'paid', 'all_open'] as const;
export const StoreOrderFilter = z.enum(STORE_ORDER_FILTERS);
export type StoreOrderFilter = z.infer<typeof StoreOrderFilter>;

/** The longest search a store-orders query takes: the search fields stop there, so a page's address stays loadable. */
export const ORDER_SEARCH_MAX = 100;

/** GET /store-orders: one page of the store's orders still to book, read live from Shopify. */
export const StoreOrdersQuery = z.object({
  /** Shopify's opaque cursor (base64) of the page before. */
  after: z.string().max(512).regex(/^[A-Za-z0-9+/=_-]+$/, 'This page of orders is no longer valid').optional(),
  /** Order number, customer name or city; a leading # is ignored. */
  search: z.string().trim().max(ORDER_SEARCH_MAX).optional(),
  filter: StoreOrderFilter.default('unfulfilled'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StoreOrdersQuery = z.infer<typeof StoreOrdersQuery>;

export const StoreOrder = z.object({
  ...OrderHead.shape,
  total: z.number(),
  currency: z.string(),
  customer: z.string(),
  phone: z.string(),
  city: z.string(),
  /** The order's last attempt needs a person's check (BookingCheck) before it can be booked again. */
  check_needed: BookingCheck.optional(),
  /** Dakiya's booking of the order (from the order's claim), whose page the list links to instead of Book. */
  booking: z.object({ tracking_number: z.string() }).optional(),
});
export type StoreOrder = z.infer<typeof StoreOrder>;

export const StoreOrdersPage = z.object({
  orders: z.array(StoreOrder),
  next: z.string().nullable(),
  /** A search by order number that no open order matches names an order cancelled on Shopify: said, not 'no match'. */
  cancelled: z.object({ name: z.string() }).optional(),
});
export type StoreOrdersPage = z.infer<typeof StoreOrdersPage>;
