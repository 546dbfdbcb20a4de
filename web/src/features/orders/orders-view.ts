import {
  BOOKING_STATUSES, DELIVERY_DAYS_OPS, MERGED_TAG, ORDERS_PAGE_SIZE, ORDERS_URL_KEYS, PAYMENT_STATUSES, ordersQueryFromUrl, urlFromOrdersQuery,
  type BookingStatus, type Courier, type DeliveryDaysOp, type OrdersApiField, type OrdersQueryInput, type PaymentStatus,
} from '@dakiya/shared';
import { COURIER_BY_ID, COURIER_IDS } from '@dakiya/shared/couriers';
import { formatShortDay } from '../../lib/days';

/**
 * The orders list's view lives in the address (spec §2 keys), read and written through the shared
 * mapping to the API's fields (spec §3): a shared link reproduces the view, and the list is asked
 * exactly what the address says (a value the server refuses is said by the server, in a banner).
 */
export type OrdersApiQuery = Partial<Record<OrdersApiField, string>>;

/** The API query of an address: each spec §2 key under its §3 field, defaults filled. */
export function apiQueryOf(params: URLSearchParams): OrdersApiQuery {
  return ordersQueryFromUrl(params);
}

/** What the list route is sent: the address's fields as they are (the route's schema checks them). */
export function listInput(api: OrdersApiQuery): NonNullable<OrdersQueryInput> {
  return api as NonNullable<OrdersQueryInput>;
}

/** The values of a multi-select field. */
export function listOf(api: OrdersApiQuery, field: OrdersApiField): string[] {
  return (api[field] ?? '').split(',').map((v) => v.trim()).filter(Boolean);
}

/** Fields a person filters by (chips, clear all); search, paging and page size are not filters. */
export const FILTER_FIELDS = [
  'status', 'payment_status', 'couriers', 'bookedBy', 'tag', 'dest', 'track', 'phone', 'days', 'op',
  'bookingFrom', 'bookingTo', 'deliveredFrom', 'deliveredTo', 'attention',
] as const satisfies readonly OrdersApiField[];

const API_FIELDS = Object.values(ORDERS_URL_KEYS);

export type FilterPatch = Partial<Record<OrdersApiField, string | readonly string[] | undefined>>;

/**
 * The address after a change: any change but a page move goes back to page 1 (spec §2), and a page
 * walked by cursor starts again (the cursor belonged to the old filter).
 */
export function withChange(params: URLSearchParams, patch: FilterPatch): URLSearchParams {
  const current: FilterPatch = apiQueryOf(params);
  const movesPage = 'page' in patch || 'cursor' in patch;
  const next: FilterPatch = { ...current, ...(movesPage ? {} : { page: undefined, cursor: undefined }), ...patch };
  // the mapping's order, whatever changed last: one view, one address
  return urlFromOrdersQuery(Object.fromEntries(API_FIELDS.map((f) => [f, next[f]])));
}

/** The address of another page: a number, with the cursor that leads there when the list pages by cursor. */
export function withPage(params: URLSearchParams, page: number, cursor?: string): URLSearchParams {
  return withChange(params, { page: page <= 1 ? undefined : String(page), cursor: page <= 1 ? undefined : cursor });
}

/** Every filter removed (search and page size stay: clear all is about the chips). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  return withChange(params, Object.fromEntries(FILTER_FIELDS.map((f) => [f, undefined])));
}

/** Search and every filter removed: the list as it first opens (the page size stays). */
export function withNothing(params: URLSearchParams): URLSearchParams {
  return withChange(withoutFilters(params), { query: undefined });
}

/** A typed search as the address keeps it: trimmed, a leading # stripped (spec §2). */
export function searchText(typed: string): string {
  return typed.trim().replace(/^#+/, '').trim();
}

export const STATUS_LABELS: Record<BookingStatus, string> = {
  FULFILLED: 'Fulfilled', INPROCESS: 'In process', DELIVERED: 'Delivered', CANCELLED: 'Cancelled', RTS: 'Returned (RTS)',
};
export const PAYMENT_LABELS: Record<PaymentStatus, string> = { UNPAID: 'Unpaid', PAID: 'Paid' };
export const OP_LABELS: Record<DeliveryDaysOp, string> = { GREATER: 'Greater than', LESS: 'Less than', EQUAL: 'Equal to' };
const OP_SIGNS: Record<DeliveryDaysOp, string> = { GREATER: 'more than', LESS: 'less than', EQUAL: 'exactly' };

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const STATUS_OPTIONS: Option<BookingStatus>[] = BOOKING_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
export const PAYMENT_OPTIONS: Option<PaymentStatus>[] = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_LABELS[value] }));
/** Every courier Dakiya books, TCS too (the spec's filter leaves TCS out; README "Choices"). */
export const COURIER_OPTIONS: Option<Courier>[] = COURIER_IDS.map((value) => ({ value, label: COURIER_BY_ID[value].name }));
export const OP_OPTIONS: Option<DeliveryDaysOp>[] = DELIVERY_DAYS_OPS.map((value) => ({ value, label: OP_LABELS[value] }));
export const TAG_OPTIONS: Option[] = [{ value: MERGED_TAG, label: 'Merged parcels' }];

/** A range of the shop's days for a chip: 'Nov 3, 2026 – Nov 9, 2026', 'on Nov 3, 2026', 'from …', 'until …'. */
function rangeText(from: string | undefined, to: string | undefined): string {
  if (from && to) return from === to ? `on ${formatShortDay(from)}` : `${formatShortDay(from)} – ${formatShortDay(to)}`;
  return from ? `from ${formatShortDay(from)}` : `until ${formatShortDay(to!)}`;
}

export interface Chip {
  /** Stable id for tests: the filter's first field. */
  id: string;
  label: string;
  /** What removing the chip changes. */
  remove: FilterPatch;
}

const labelsOf = <V extends string>(values: string[], options: readonly Option<V>[]) =>
  values.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ');

/**
 * The applied filters as removable chips (spec §2), one per filter; Booked by names each member
 * (`names`: member id to full name), or says how many while the list of members loads.
 */
export function chipsOf(api: OrdersApiQuery, names: ReadonlyMap<string, string>): Chip[] {
  const chips: Chip[] = [];
  const multi = (field: OrdersApiField, title: string, options: readonly Option[]) => {
    const values = listOf(api, field);
    if (values.length) chips.push({ id: field, label: `${title}: ${labelsOf(values, options)}`, remove: { [field]: undefined } });
  };
  if (api.attention === 'true') chips.push({ id: 'attention', label: 'Needs attention', remove: { attention: undefined } });
  multi('status', 'Status', STATUS_OPTIONS);
  multi('payment_status', 'Payment', PAYMENT_OPTIONS);
  multi('couriers', 'Courier', COURIER_OPTIONS);
  const bookedBy = listOf(api, 'bookedBy');
  if (bookedBy.length) {
    const known = bookedBy.map((id) => names.get(id));
    const label = known.every(Boolean) ? known.join(', ') : `${bookedBy.length} ${bookedBy.length === 1 ? 'member' : 'members'}`;
    chips.push({ id: 'bookedBy', label: `Booked by: ${label}`, remove: { bookedBy: undefined } });
  }
  if (api.tag) chips.push({ id: 'tag', label: `Tag: ${api.tag}`, remove: { tag: undefined } });
  if (api.dest) chips.push({ id: 'dest', label: `Destination: ${api.dest}`, remove: { dest: undefined } });
  if (api.track) chips.push({ id: 'track', label: `Track #: ${api.track}`, remove: { track: undefined } });
  if (api.phone) chips.push({ id: 'phone', label: `Phone: ${api.phone}`, remove: { phone: undefined } });
  if (api.days) {
    const op = (DELIVERY_DAYS_OPS as readonly string[]).includes(api.op ?? '') ? (api.op as DeliveryDaysOp) : 'GREATER';
    const unit = api.days === '1' ? 'day' : 'days';
    chips.push({ id: 'days', label: `Delivered in ${OP_SIGNS[op]} ${api.days} ${unit}`, remove: { days: undefined, op: undefined } });
  }
  if (api.bookingFrom || api.bookingTo) {
    chips.push({ id: 'bookingFrom', label: `Booked ${rangeText(api.bookingFrom, api.bookingTo)}`, remove: { bookingFrom: undefined, bookingTo: undefined } });
  }
  if (api.deliveredFrom || api.deliveredTo) {
    chips.push({ id: 'deliveredFrom', label: `Delivered ${rangeText(api.deliveredFrom, api.deliveredTo)}`, remove: { deliveredFrom: undefined, deliveredTo: undefined } });
  }
  return chips;
}

/** The page size the address asks for (spec §2: 50 by default). */
export function limitOf(api: OrdersApiQuery): number {
  const n = Number(api.limit);
  return Number.isInteger(n) && n > 0 ? n : ORDERS_PAGE_SIZE;
}

export function pageOf(api: OrdersApiQuery): number {
  const n = Number(api.page);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** The filters and search without paging: two addresses with the same key show the same list. */
export function listKey(api: OrdersApiQuery): string {
  const { page: _page, cursor: _cursor, ...rest } = api;
  return urlFromOrdersQuery(rest).toString();
}
