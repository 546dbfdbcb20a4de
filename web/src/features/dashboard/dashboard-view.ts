import { BOOKING_STATUSES, DASHBOARD_DEFAULT_DAYS, type BookingStatus, type DashboardQueryInput } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { dayRangeLabel } from '../../lib/days';
import { paths, withQuery } from '../../lib/paths';

/**
 * The dashboard's view lives in the address with the orders list's own keys (spec §2), so a card
 * opens the list on the same range, city, status and courier: the same numbers, row by row.
 */
export const DASHBOARD_URL_KEYS = {
  bookingfrom: 'bookingDateFrom',
  bookingto: 'bookingDateTo',
  deliveredfrom: 'deliveredDateFrom',
  deliveredto: 'deliveredDateTo',
  dest: 'city',
  status: 'status',
  courier: 'company',
  page: 'page',
} as const;
type UrlKey = keyof typeof DASHBOARD_URL_KEYS;
const URL_KEYS = Object.keys(DASHBOARD_URL_KEYS) as UrlKey[];

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today in the shop's time zone (`2026-11-27`): the range's days are the shop's, as the counters count them. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  const zone = timeZone ?? 'Asia/Karachi';
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(now);
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Neither range in the address: the spec's default, the last seven days of bookings. */
export function isDefaultView(params: URLSearchParams): boolean {
  return !['bookingfrom', 'bookingto', 'deliveredfrom', 'deliveredto'].some((k) => params.get(k));
}

/** What the dashboard asks the server for the address (its schema checks the values). */
export function dashboardQueryOf(params: URLSearchParams, today: string): DashboardQueryInput {
  const query: Record<string, string> = {};
  for (const key of URL_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[DASHBOARD_URL_KEYS[key]] = value;
  }
  if (isDefaultView(params)) {
    query.bookingDateFrom = addDays(today, -(DASHBOARD_DEFAULT_DAYS - 1));
    query.bookingDateTo = today;
  }
  return query as DashboardQueryInput;
}

export interface Chip {
  key: string;
  label: string;
  /** The address without it; absent for the default range, which nothing removes. */
  without?: URLSearchParams;
}

function without(params: URLSearchParams, ...keys: string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  next.delete('page');
  return next;
}

/** The applied ranges and filters as chips (spec: chips show applied ranges). */
export function chipsOf(params: URLSearchParams): Chip[] {
  const chips: Chip[] = [];
  if (isDefaultView(params)) chips.push({ key: 'default', label: `Booked: last ${DASHBOARD_DEFAULT_DAYS} days` });
  const booked = dayRangeLabel({ from: params.get('bookingfrom') ?? undefined, to: params.get('bookingto') ?? undefined });
  if (booked) chips.push({ key: 'booking', label: `Booked: ${booked}`, without: without(params, 'bookingfrom', 'bookingto') });
  const delivered = dayRangeLabel({ from: params.get('deliveredfrom') ?? undefined, to: params.get('deliveredto') ?? undefined });
  if (delivered) chips.push({ key: 'delivered', label: `Delivered: ${delivered}`, without: without(params, 'deliveredfrom', 'deliveredto') });
  const city = params.get('dest');
  if (city) chips.push({ key: 'dest', label: `City: ${city}`, without: without(params, 'dest') });
  const courier = params.get('courier');
  const name = (id: string) => (COURIER_BY_ID as Record<string, { name: string } | undefined>)[id]?.name ?? id;
  if (courier) chips.push({ key: 'courier', label: `Courier: ${courier.split(',').map(name).join(', ')}`, without: without(params, 'courier') });
  return chips;
}

/** The address with a range set (or cleared); any change goes back to the city list's first page. */
export function withRange(params: URLSearchParams, which: 'booking' | 'delivered', range: { from?: string; to?: string }): URLSearchParams {
  const next = without(params, `${which}from`, `${which}to`);
  if (range.from) next.set(`${which}from`, range.from);
  if (range.to) next.set(`${which}to`, range.to);
  return next;
}

export function withValue(params: URLSearchParams, key: 'dest' | 'courier' | 'page', value: string | undefined): URLSearchParams {
  const next = key === 'page' ? new URLSearchParams(params) : without(params, key);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** The orders list on the dashboard's own view, narrowed to a card's status: the rows behind the number. */
export function ordersLinkOf(query: DashboardQueryInput, status?: BookingStatus): string {
  return withQuery(paths.dashboard.orders(), {
    bookingfrom: query.bookingDateFrom, bookingto: query.bookingDateTo, deliveredfrom: query.deliveredDateFrom, deliveredto: query.deliveredDateTo,
    dest: query.city, courier: typeof query.company === 'string' ? query.company : undefined, status: status ?? (typeof query.status === 'string' ? query.status : undefined),
  });
}

/** The orders list's 'Needs attention' view, where the stuck parcels the dashboard counts are listed (issue 22). */
export const ATTENTION_LINK = withQuery(paths.dashboard.orders(), { attention: 'true' });

/** '3 stuck parcels need attention', or that none do. */
export const stuckLine = (count: number) => (count === 0 ? 'No stuck parcels' : `${count} stuck parcel${count === 1 ? '' : 's'} need${count === 1 ? 's' : ''} attention`);

export interface Card {
  id: 'total' | BookingStatus;
  label: string;
  /** What the number is, where the name alone would mislead. */
  note?: string;
}

export const CARD_LABELS: Record<BookingStatus, string> = {
  FULFILLED: 'Fulfilled', INPROCESS: 'In process', DELIVERED: 'Delivered', CANCELLED: 'Cancelled', RTS: 'Returned (RTS)',
};

/** Total orders, then one card per status; In process is the spec's (total minus fulfilled, cancelled and delivered). */
export const CARDS: Card[] = [
  { id: 'total', label: 'Total orders' },
  ...BOOKING_STATUSES.map((status): Card => ({
    id: status,
    label: CARD_LABELS[status],
    ...(status === 'INPROCESS' ? { note: 'Total minus fulfilled, cancelled and delivered: returns (RTS) are counted here too' } : {}),
  })),
];
