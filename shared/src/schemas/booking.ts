import { z } from '../zod';
import { ObjectId } from './common';
import { Courier } from './accounts';
import { BookingCheck, MAX_MERGE_ORDERS, ShopifyOrderId } from './order-lookup';
import { LIMITS } from '../plans';

/**
 * Booking (spec 001 §3 "Booking form", §5 "Booking", §7). The Shopify lookups and the booking name
 * Shopify's numeric order ids (they come from the Shopify admin); the booking's own `_id` is a
 * 24-character hex id like every other entity's.
 */

export const BOOKING_STATUSES = ['FULFILLED', 'INPROCESS', 'DELIVERED', 'CANCELLED', 'RTS'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const PAYMENT_STATUSES = ['UNPAID', 'PAID'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Merged parcels carry this tag (spec 001 §2 filters). */
export const MERGED_TAG = 'MERGED';

/** Most orders one bulk booking takes. */
export const MAX_BULK_ORDERS = 250;

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();
const money = (label: string) => z.coerce.number({ error: `${label} must be a number` }).min(0, `${label} must be at least 0`).max(10_000_000, `${label} is too large`);

/** A booking's weight: whole grams, at least 1 (spec 001 §5), at most what an account may hold. */
export const BookingWeight = z.coerce
  .number({ error: 'Weight must be a number' })
  .int('Weight must be whole grams')
  .min(1, 'Weight must be at least 1')
  .max(LIMITS.maxAccountWeightGrams, `Weight must be at most ${LIMITS.maxAccountWeightGrams}`);

/** A booking's pieces: a whole number, 1 to 999. */
export const BookingPieces = z.coerce
  .number({ error: 'Pieces must be a number' })
  .int('Pieces must be a whole number')
  .min(1, 'Pieces must be at least 1')
  .max(999, 'Pieces must be at most 999');

export const LineItemView = z.object({
  image: z.string().nullable(),
  title: z.string(),
  variant_title: z.string().nullable(),
  price: z.string(),
  currentQuantity: z.number().int(),
});
export type LineItemView = z.infer<typeof LineItemView>;

/**
 * POST /book-order. `order_id` is one Shopify order id, or (a merge, tag MERGED) the list of them.
 * The phones and the destination city are checked against the chosen account's courier on the
 * server: a phone is normalised to 03XXXXXXXXX, the city matched to the courier's own list.
 */
export const BookOrderInput = z.object({
  tracking_account: ObjectId,
  shipping_type: z.literal('overnight', { error: "Shipping type can only be 'overnight'" }).default('overnight'),
  order_id: z.union([ShopifyOrderId, z.array(ShopifyOrderId).min(2, 'Merge at least two orders').max(MAX_MERGE_ORDERS, `Merge at most ${MAX_MERGE_ORDERS} orders`)], {
    error: 'Invalid id entered',
  }),
  pieces: BookingPieces,
  weight: BookingWeight,
  cod_amount: money('COD amount'),
  cod_without_shipping: money('COD without shipping').optional(),
  average_shipping_price: money('Average shipping').optional(),
  total_shipping_price: money('Total shipping').optional(),
  order_name: required('Order name', 200),
  products_list: required('Products list', 2000),
  remarks: optionalText('Remarks', 500),
  consignee_name: required('Consignee name', 100),
  consignee_email: z.string().trim().max(200, 'Consignee email must be at most 200 characters').optional(),
  consignee_phone: required('Consignee phone', 30),
  consignee_phone2: optionalText('Consignee phone 2', 30),
  consignee_phone3: optionalText('Consignee phone 3', 30),
  consignee_address: required('Consignee address', 500),
  /** The courier city key from `GET /get-cities/{account}` or the city as the order has it. */
  destination_city: optionalText('Destination city', 100),
  consignee_city: optionalText('Consignee city', 100),
  city: optionalText('City', 100),
  courier_company: Courier.optional(),
}).refine((input) => Boolean(input.destination_city || input.consignee_city || input.city), {
  message: 'Please add destination city', path: ['destination_city'],
}).refine((input) => input.cod_without_shipping === undefined || input.average_shipping_price === undefined
  || Math.abs(input.cod_amount - (input.cod_without_shipping + input.average_shipping_price)) < 0.5, {
  // spec 001 §4: a merge's total COD is the COD without shipping plus the average shipping
  message: 'COD amount must equal the COD without shipping plus the average shipping', path: ['cod_amount'],
});
export type BookOrderInput = z.infer<typeof BookOrderInput>;

/** Spec 001 §3 "Post-booking data". */
export const PostBookingData = z.object({
  name: z.string(),
  bookedDate: z.string(),
  lineItems: z.array(LineItemView),
  remarks: z.string(),
  courier: Courier,
  courierAccount: z.string(),
  trackingNumber: z.string(),
  consignee: z.object({ name: z.string(), email: z.string(), phone: z.string(), phone2: z.string(), phone3: z.string(), address: z.string() }),
  destination: z.string(),
  cod: z.number(),
});
export type PostBookingData = z.infer<typeof PostBookingData>;

export const BookOrderOutput = z.object({
  message: z.string(),
  postBookingData: PostBookingData,
  plan_limit_error: z.literal(false),
  booking: z.object({ _id: z.string(), tracking_number: z.string(), status: BookingStatus, tag: z.string() }),
});
export type BookOrderOutput = z.infer<typeof BookOrderOutput>;

/** What a merchant's attention is drawn to on a booking (an order or fulfillment cancelled in the Shopify admin). */
export const BookingAttention = z.object({
  reason: z.enum(['ORDER_CANCELLED_IN_SHOPIFY', 'FULFILLMENT_CANCELLED_IN_SHOPIFY']),
  message: z.string(),
  at: z.string(),
  order_name: z.string(),
});
export type BookingAttention = z.infer<typeof BookingAttention>;

/** GET /booking/{trackingNumber}: the post-booking page, reachable again later. */
export const BookingView = z.object({
  _id: z.string(),
  tracking_number: z.string(),
  status: BookingStatus,
  payment_status: PaymentStatus,
  tag: z.string(),
  order_ids: z.array(z.string()),
  order_names: z.array(z.string()),
  booked_at: z.string(),
  booked_by: z.object({ _id: z.string(), tag: z.string() }),
  tracking_account: z.object({ _id: z.string(), name: z.string(), company: Courier }),
  cancellable: z.boolean(),
  attention: z.array(BookingAttention),
  postBookingData: PostBookingData,
});
export type BookingView = z.infer<typeof BookingView>;

export const BookingParams = z.object({ trackingNumber: z.string().trim().min(1, 'Tracking number is required').max(60, 'Tracking number is too long') });
export type BookingParams = z.infer<typeof BookingParams>;
export const BookingOutput = z.object({ booking: BookingView });
export type BookingOutput = z.infer<typeof BookingOutput>;

export const CancelBookingOutput = z.object({ msg: z.string(), booking: BookingView });
export type CancelBookingOutput = z.infer<typeof CancelBookingOutput>;

/** The order whose booking needs a check (BookingCheck): its Shopify id. */
export const BookingCheckParams = z.object({ orderId: ShopifyOrderId });
export type BookingCheckParams = z.infer<typeof BookingCheckParams>;

/** "It was booked": the tracking number the courier shows for the parcel. */
export const ResolveBookedInput = z.object({
  tracking_number: z.string({ error: 'Tracking number is required' }).trim().min(1, 'Tracking number is required').max(60, 'Tracking number is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'A tracking number has letters, digits and dashes only'),
});
export type ResolveBookedInput = z.infer<typeof ResolveBookedInput>;

/** "It was not booked": sent only after the person confirmed what happens if the courier did book it. */
export const ResolveNotBookedInput = z.object({ confirmed: z.literal(true, { error: 'Confirm that the courier did not book this order' }) });
export type ResolveNotBookedInput = z.infer<typeof ResolveNotBookedInput>;

export const ResolveBookedOutput = z.object({ msg: z.string(), booking: BookingView });
export type ResolveBookedOutput = z.infer<typeof ResolveBookedOutput>;

/** DELETE /delete-order with {orderId}: the booking's own id (spec: 24-character hex). */
export const DeleteOrderInput = z.object({ orderId: ObjectId });
export type DeleteOrderInput = z.infer<typeof DeleteOrderInput>;

const commaList = (label: string) => z.union([z.string(), z.array(z.string())], { error: `${label} is required` })
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean));

/**
 * POST /book-orders: bulk booking with one account; the spec's comma-separated `order_id` and
 * `order_name` are split into arrays (arrays are accepted as they are). The names are accepted for
 * the spec's sake and ignored: the server reads each order's name from Shopify.
 */
export const BookOrdersInput = z.object({
  tracking_account: ObjectId,
  order_id: commaList('Order ids').pipe(z.array(ShopifyOrderId).min(1, 'Select orders to book').max(MAX_BULK_ORDERS, `Book at most ${MAX_BULK_ORDERS} orders at once`)),
  order_name: commaList('Order names').optional(),
  shipping_type: z.literal('overnight', { error: "Shipping type can only be 'overnight'" }).default('overnight'),
}).refine((input) => !input.order_name || input.order_name.length === input.order_id.length, {
  message: 'Give one order name per order id', path: ['order_name'],
}).refine((input) => new Set(input.order_id).size === input.order_id.length, {
  message: 'An order is listed twice', path: ['order_id'],
});
export type BookOrdersInput = z.infer<typeof BookOrdersInput>;

/** POST /bulk/orders/fulfillment with {ordersData}: rows of orders to book, each with its account. */
export const BulkFulfilmentInput = z.object({
  ordersData: z.array(z.object({
    order_id: ShopifyOrderId,
    order_name: z.string().trim().max(200).optional(),
    tracking_account: ObjectId,
  })).min(1, 'Select orders to book').max(MAX_BULK_ORDERS, `Book at most ${MAX_BULK_ORDERS} orders at once`),
});
export type BulkFulfilmentInput = z.infer<typeof BulkFulfilmentInput>;

/** GET /store-orders/selection?id=a,b,c: the orders a bulk booking is about to book (each checked, duplicates dropped). */
export const BulkSelectionQuery = z.object({
  id: z
    .string({ error: 'Order ids are required' })
    .max(MAX_BULK_ORDERS * 24, 'Too many order ids')
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(ShopifyOrderId).min(1, 'Select orders to book').max(MAX_BULK_ORDERS, `Book at most ${MAX_BULK_ORDERS} orders at once`))
    .transform((ids) => [...new Set(ids)]),
});
export type BulkSelectionQuery = z.infer<typeof BulkSelectionQuery>;

/** One order of the bulk form's list: its COD is what is still owed (0: prepaid). */
export const BulkSelectionOrder = z.object({
  id: z.string(),
  name: z.string(),
  cod: z.number(),
  cancelled: z.boolean(),
  /** Dakiya booked it already (its claim): the booking's tracking number. Not booked again. */
  tracking_number: z.string().optional(),
  /** Its last attempt lost the courier's answer and waits for a person's check: not booked until answered. */
  check_needed: BookingCheck.optional(),
});
export type BulkSelectionOrder = z.infer<typeof BulkSelectionOrder>;

export const BulkSelection = z.object({
  /** In the order asked, those Shopify knows. */
  orders: z.array(BulkSelectionOrder),
  /** Ids Shopify does not know. */
  missing: z.array(z.string()),
  /** COD of the orders the bulk will book: not cancelled, not booked already, not waiting for a check. */
  total_cod: z.number(),
  currency: z.string(),
});
export type BulkSelection = z.infer<typeof BulkSelection>;

export const BulkRowState = z.enum(['queued', 'booked', 'failed', 'check']);
export type BulkRowState = z.infer<typeof BulkRowState>;

export const BulkRowReason = z.enum(['plan_limit', 'not_found', 'booked', 'cancelled', 'no_address', 'not_fulfillable', 'check_needed', 'prepaid']);
export type BulkRowReason = z.infer<typeof BulkRowReason>;

export const BulkRow = z.object({
  order_id: z.string(),
  order_name: z.string(),
  state: BulkRowState,
  tracking_number: z.string().optional(),
  message: z.string().optional(),
  /**
   * Why a failed row failed, where the web acts on it: `plan_limit` (the plan's monthly limit) links
   * to Plans; `booked` (Dakiya booked it already) links to that booking by `tracking_number`;
   * `not_found`, `cancelled` (on Shopify) and `not_fulfillable` (fulfilled, on hold or another
   * service's in Shopify) offer nothing to book; `no_address` and others offer booking it on its own.
   * A `check` row (its attempt lost the courier's answer, in this bulk or before it: `check_needed`) links to
   * the order's check panel.
   */
  reason: BulkRowReason.optional(),
});
export type BulkRow = z.infer<typeof BulkRow>;

export const BulkStarted = z.object({ msg: z.string(), jobId: z.string(), total: z.number().int() });
export type BulkStarted = z.infer<typeof BulkStarted>;

export const BulkJobParams = z.object({ jobId: ObjectId });
export type BulkJobParams = z.infer<typeof BulkJobParams>;

/** GET /bulk-bookings/{jobId}: the progress the web polls (it survives closing the tab). */
export const BulkProgress = z.object({
  jobId: z.string(),
  status: z.enum(['queued', 'running', 'done']),
  total: z.number().int(),
  booked: z.number().int(),
  failed: z.number().int(),
  check: z.number().int(),
  rows: z.array(BulkRow),
  createdAt: z.string(),
});
export type BulkProgress = z.infer<typeof BulkProgress>;
