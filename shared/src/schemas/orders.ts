import { z } from '../zod';
import { Courier } from './accounts';
import { ObjectId } from './common';
import { COURIER_IDS } from '../couriers';
import { BOOKING_STATUSES, BookingStatus, MERGED_TAG, PAYMENT_STATUSES, PaymentStatus } from './booking';

/**
 * The orders list and the tracking modal (spec 001 §2, §3, §7): the list's query as the API takes
 * it, its rows and page, the tracking result, and the one mapping between the screen's address
 * (spec §2 keys) and the API's fields (spec §3 names).
 */

/** Spec §9: default page size 50; a page never asks for more than this many rows. */
export const ORDERS_PAGE_SIZE = 50;
export const ORDERS_MAX_LIMIT = 100;
/** Deepest page a number reaches (100,000 bookings at the smallest page size). */
export const ORDERS_MAX_PAGE = 100_000;
/** The delivery-days filter without a delivered range looks at parcels delivered in the last this many days. */
export const DELIVERY_DAYS_WINDOW = 90;
export const DELIVERY_DAYS_OPS = ['GREATER', 'LESS', 'EQUAL'] as const;
export const DeliveryDaysOp = z.enum(DELIVERY_DAYS_OPS, { error: 'Delivery days operator must be GREATER, LESS or EQUAL' });
export type DeliveryDaysOp = z.infer<typeof DeliveryDaysOp>;

/**
 * What a person must act on, shown under 'Needs attention': an order or fulfillment cancelled in
 * Shopify, an attempt whose courier answer was lost (check with the courier), and (the status sync)
 * a parcel the courier cancelled, a delivery after a cancel, a parcel stuck in transit.
 */
export const ATTENTION_REASONS = [
  'ORDER_CANCELLED_IN_SHOPIFY', 'FULFILLMENT_CANCELLED_IN_SHOPIFY', 'COURIER_CHECK_NEEDED', 'COURIER_CANCELLED', 'DELIVERED_AFTER_CANCEL', 'STUCK',
] as const;
export const AttentionReason = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof AttentionReason>;

/** What an attempt waiting for a courier check shows instead of a tracking number. */
export const CHECK_WITH_COURIER = 'Check with the courier';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
/** A calendar day in the shop's time zone. */
export const shopDay = (label: string) => z.string().trim().refine(realDay, `${label} must be a date like 2026-11-23`).optional();

/** A multi-select: comma-separated values (`status=DELIVERED,RTS`), or the same key repeated (an array). */
export function multi<T extends z.ZodType>(label: string, item: T, max: number) {
  // the items' own schemas check each value; their output is what the list holds
  const items = z.array(item).max(max, `Choose at most ${max} ${label.toLowerCase()}`) as unknown as z.ZodType<z.output<T>[], string[]>;
  return z.union([z.string().max(2000, `${label} is too long`), z.array(z.string().max(200, `${label} is too long`)).max(max, `Choose at most ${max} ${label.toLowerCase()}`)], {
    error: `${label} must be a comma-separated list`,
  })
    .transform((value) => [...new Set((Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean))])
    .pipe(items)
    .optional();
}

export const listOf = <const V extends readonly [string, ...string[]]>(label: string, values: V) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

/** Opaque: the server's position in a page walk (base64url). */
const Cursor = z.string().max(2048, 'This page of orders is no longer valid').regex(/^[A-Za-z0-9_-]+$/, 'This page of orders is no longer valid');

/**
 * GET /get-all-orders (spec §3 "Order query filter fields sent to the server", §7). `cursor` pages on
 * where the total is a lower bound (Previous/Next); `attention` lists only what needs a person.
 */
export const OrdersQuery = z.object({
  /** Exact lookups: tracking number, order name (with or without #), phone, a status word, 'merged', a known city. */
  query: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  track: z.string().trim().max(60, 'Track number must be at most 60 characters').optional(),
  couriers: multi('Couriers', listOf('Courier', COURIER_IDS), COURIER_IDS.length),
  status: multi('Status', listOf('Status', BOOKING_STATUSES), BOOKING_STATUSES.length),
  payment_status: multi('Payment status', listOf('Payment status', PAYMENT_STATUSES), PAYMENT_STATUSES.length),
  dest: z.string().trim().max(100, 'Destination city must be at most 100 characters').optional(),
  bookingFrom: shopDay('Booking date from'),
  bookingTo: shopDay('Booking date to'),
  deliveredFrom: shopDay('Delivered date from'),
  deliveredTo: shopDay('Delivered date to'),
  bookedBy: multi('Booked by', ObjectId, 50),
  days: z.coerce.number({ error: 'Delivery days must be a number' }).int('Delivery days must be a whole number')
    .min(0, 'Delivery days must be at least 0').max(365, 'Delivery days must be at most 365').optional(),
  op: DeliveryDaysOp.default('GREATER'),
  tag: z.literal(MERGED_TAG, { error: `Tag can only be ${MERGED_TAG}` }).optional(),
  phone: z.string().trim().max(30, 'Phone number must be at most 30 characters').optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1')
    .max(ORDERS_MAX_PAGE, `Page must be at most ${ORDERS_MAX_PAGE}`).default(1),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1')
    .max(ORDERS_MAX_LIMIT, `Limit must be at most ${ORDERS_MAX_LIMIT}`).default(ORDERS_PAGE_SIZE),
  cursor: Cursor.optional(),
  attention: z.enum(['true', 'false'], { error: 'Attention must be true or false' }).transform((v) => v === 'true').optional(),
}).refine((q) => !q.bookingFrom || !q.bookingTo || q.bookingFrom <= q.bookingTo, {
  message: 'Booking date from must be on or before booking date to', path: ['bookingTo'],
}).refine((q) => !q.deliveredFrom || !q.deliveredTo || q.deliveredFrom <= q.deliveredTo, {
  message: 'Delivered date from must be on or before delivered date to', path: ['deliveredTo'],
});
export type OrdersQuery = z.infer<typeof OrdersQuery>;
/** What a caller sends (strings, before defaults): the web's and the seed's side. */
export type OrdersQueryInput = z.input<typeof OrdersQuery>;

/** One mark of what a person must act on. */
export const OrderAttention = z.object({
  reason: AttentionReason,
  message: z.string(),
  at: z.string(),
  order_name: z.string(),
});
export type OrderAttention = z.infer<typeof OrderAttention>;

/**
 * A row of the list (spec §3 "Order (list row)"). `kind: 'attempt'` is a booking attempt waiting for
 * a courier check (under 'Needs attention' only): it has its order name and no tracking number,
 * status or delivery, and the screen says CHECK_WITH_COURIER in the Track number column.
 */
export const OrderRow = z.object({
  _id: z.string(),
  kind: z.enum(['booking', 'attempt']),
  tracking_number: z.string().nullable(),
  /** When it was booked (an instant, ISO 8601); the screen shows it in the shop's time zone. */
  booking_date: z.string().nullable(),
  booked_packet_status: BookingStatus.nullable(),
  payment_status: PaymentStatus,
  destination_city: z.string(),
  delivered_date: z.string().nullable(),
  /** Whole days from the booking day to the delivery day in the shop's time zone (what `days` + `op` filter on); null until delivered. */
  delivery_days: z.number().int().nullable(),
  tracking_account: z.object({ _id: z.string(), name: z.string(), company: Courier }),
  /** The order names, comma-separated for a merged parcel. */
  order_name: z.string(),
  cod: z.number(),
  createdAt: z.string(),
  /** The member's current tag (not the tag they had when booking) and full name; both empty for a member since removed. */
  booked_by: z.object({ _id: z.string(), tag: z.string(), name: z.string() }),
  tag: z.string(),
  /** Cancel is offered (neither cancelled nor delivered, not an attempt). */
  cancellable: z.boolean(),
  attention: z.array(OrderAttention),
});
export type OrderRow = z.infer<typeof OrderRow>;

/**
 * A page of the list (spec §3 "List response"). Where the total is known (counters) any page is
 * reached by its number; otherwise `totalIsLowerBound` is true, `totalOrders` counts what was seen
 * so far (the screen says 'at least N'), and `nextCursor` leads on (Previous/Next).
 */
export const OrdersPage = z.object({
  data: z.array(OrderRow),
  page: z.number().int(),
  totalOrders: z.number().int(),
  totalPages: z.number().int(),
  pagination: z.object({ limit: z.number().int() }),
  totalIsLowerBound: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type OrdersPage = z.infer<typeof OrdersPage>;

/** `PUT /send-email/{orderId}`: the booking's own 24-character id, as the list and the booking page have it. */
export const SendEmailParams = z.object({ orderId: ObjectId });
export type SendEmailParams = z.infer<typeof SendEmailParams>;

export const TrackOrderParams = z.object({
  id: z.string().trim().min(1, 'Tracking number is required').max(60, 'Tracking number is too long'),
});
export type TrackOrderParams = z.infer<typeof TrackOrderParams>;

/** Spec §4: the numeric tracking status 1 to 4. A returned parcel (RTS) is none of these steps. */
export const TRACKING_STEPS = ['FULFILLED', 'INPROCESS', 'DELIVERED', 'CANCELLED'] as const;

/** One scan of the parcel's timeline, oldest first. */
export const TrackingDetail = z.object({
  /** The courier's own words for the scan (reason, receiver, place). */
  status_message: z.string(),
  /** The courier's status text. */
  name: z.string(),
  status_date: z.string(),
});
export type TrackingDetail = z.infer<typeof TrackingDetail>;

/**
 * What opening the modal did with the courier: `asked` (the stored status was older than 10 minutes,
 * the courier answered), `recent` (asked within the last 10 minutes: not asked again), `unavailable`
 * (the courier did not answer: the stored status is shown), `not-found` (the courier has no record
 * yet: M&P's data takes time to appear).
 */
export const CourierCheck = z.enum(['asked', 'recent', 'unavailable', 'not-found']);
export type CourierCheck = z.infer<typeof CourierCheck>;

/**
 * The spec's §3 "Tracking result", shared by the signed-in modal (GET /track-order/{id}, which adds to it)
 * and the public page (GET /track-order-public/{id}, which answers exactly this).
 */
export const TrackingResult = z.object({
  domain: z.string(),
  store: z.string(),
  company: Courier,
  order_name: z.string(),
  order: z.object({
    /** The public answer gives the first word only: enough for a greeting, not enough to identify anyone. */
    consignee_name: z.string(),
    track_number: z.string(),
    booking_date: z.string(),
    /** 1 to 4 (TRACKING_STEPS); null for a returned parcel, shown as returned and not as a step. */
    current_status: z.number().int().min(1).max(4).nullable(),
    /** The courier's scans, oldest first. */
    details: z.array(TrackingDetail),
  }),
  /** The status itself, so a returned parcel (no step) is told apart from one with no status yet. */
  status: BookingStatus,
});

/** GET /track-order/{id}: the tracking result with the modal's phone, destination and courier status. */
export const TrackOrderResult = TrackingResult.extend({
  customer_phone: z.string(),
  destination: z.string(),
  /** The courier's own status text as last read; null before the courier was ever asked. */
  current_courier_status: z.string().nullable(),
  /** When the courier was last asked about this parcel (null: never). */
  last_checked_at: z.string().nullable(),
  courier_check: CourierCheck,
});
export type TrackOrderResult = z.infer<typeof TrackOrderResult>;

/** The step of a status (spec §4), null for RTS. */
export function trackingStep(status: BookingStatus): number | null {
  const index = (TRACKING_STEPS as readonly string[]).indexOf(status);
  return index < 0 ? null : index + 1;
}

/**
 * The screen's address keys (spec §2) and the API field each one is (spec §3): one mapping, read
 * both ways. `attention` and `cursor` are Dakiya's own and keep their names.
 */
export const ORDERS_URL_KEYS = {
  query: 'query',
  track: 'track',
  courier: 'couriers',
  status: 'status',
  payment_status: 'payment_status',
  bookingfrom: 'bookingFrom',
  bookingto: 'bookingTo',
  dest: 'dest',
  deliveredfrom: 'deliveredFrom',
  deliveredto: 'deliveredTo',
  page: 'page',
  limit: 'limit',
  days: 'days',
  op: 'op',
  tag: 'tag',
  bookedBy: 'bookedBy',
  phone_num: 'phone',
  attention: 'attention',
  cursor: 'cursor',
} as const satisfies Record<string, keyof OrdersQueryInput>;
export type OrdersUrlKey = keyof typeof ORDERS_URL_KEYS;
export type OrdersApiField = (typeof ORDERS_URL_KEYS)[OrdersUrlKey];

/** Spec §2 defaults: the address leaves these out. */
export const ORDERS_URL_DEFAULTS: Partial<Record<OrdersUrlKey, string>> = { page: '1', limit: String(ORDERS_PAGE_SIZE), op: 'GREATER' };

const apiToUrl = Object.fromEntries(Object.entries(ORDERS_URL_KEYS).map(([url, api]) => [api, url])) as Record<OrdersApiField, OrdersUrlKey>;

/** Reads a value the address may repeat (`?status=A&status=B`) as one comma-separated value. */
type UrlValues = { getAll(key: string): string[] };

/**
 * The API query of an address (`URLSearchParams`): each spec §2 key under its §3 field, multi-selects
 * comma-separated, defaults filled. Unknown keys are left out; validation is the route schema's.
 */
export function ordersQueryFromUrl(params: UrlValues): Record<OrdersApiField, string> {
  const out = {} as Record<OrdersApiField, string>;
  for (const [urlKey, field] of Object.entries(ORDERS_URL_KEYS) as [OrdersUrlKey, OrdersApiField][]) {
    const values = params.getAll(urlKey).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
    if (values.length) out[field] = values.join(',');
    else if (ORDERS_URL_DEFAULTS[urlKey] !== undefined) out[field] = ORDERS_URL_DEFAULTS[urlKey];
  }
  return out;
}

/** The address of an API query: spec §2 keys, multi-selects comma-separated, defaults and empty values left out. */
export function urlFromOrdersQuery(query: Partial<Record<OrdersApiField, string | number | boolean | readonly string[] | undefined>>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [field, raw] of Object.entries(query) as [OrdersApiField, unknown][]) {
    const urlKey = apiToUrl[field];
    if (!urlKey || raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (value === '' || value === ORDERS_URL_DEFAULTS[urlKey]) continue;
    out.set(urlKey, value);
  }
  return out;
}
