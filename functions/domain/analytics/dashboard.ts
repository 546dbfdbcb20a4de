import { BOOKING_STATUSES, DASHBOARD_DEFAULT_DAYS, type BookingStatus, type CourierId, type DashboardAnalytics, type DashboardPoint, type DashboardQuery, type StatusCounts } from '@dakiya/shared';
import type { BookingRecord } from '../ports/bookings';
import type { StoredCounter } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { addDays, count, dayStart, monthOf, shopDay } from '../booking/counters';
import { matches, type OrdersFilter } from '../orders/filter';
import { resolveFilter } from '../orders/list';
import { cityAverage, cityPage, type Days } from './cities';
import { atOf, daysIn, DAILY_UP_TO, itemsOver } from './periods';

/**
 * Most delivered parcels a walk reads (a delivered range narrowed by a city or booking days): about
 * 100 read units, the orders list's own budget for a request; past it the cards say 'at least'.
 */
export const WALK_BUDGET = 200;
const WALK_PAGE = 100;

const zero = (): StatusCounts => Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as StatusCounts;

interface Narrowing {
  statuses?: BookingStatus[];
  companies?: CourierId[];
  /** The shop's accounts of those companies (shop items count by account). */
  accountIds?: string[];
  city?: string;
}

/** What one counter item counts for the request, by status, and its COD where the item has it. */
function countsOf(item: StoredCounter, by: Narrowing, kind: 'shop' | 'city' | 'delivered'): { counts: StatusCounts; codBooked: number | null; codDelivered: number | null } {
  const c = item.counts;
  const counts = zero();
  const wanted = (s: BookingStatus) => !by.statuses || by.statuses.includes(s);
  if (kind === 'delivered') {
    const companies = by.companies ?? [...new Set(Object.keys(c).filter((n) => n.startsWith('d.')).map((n) => n.slice(2) as CourierId))];
    if (wanted('DELIVERED')) counts.DELIVERED = companies.reduce((n, co) => n + (c[count.delivered(co)] ?? 0), 0);
    return { counts, codBooked: null, codDelivered: by.companies || !wanted('DELIVERED') ? null : (c[count.codArrived] ?? 0) };
  }
  for (const s of BOOKING_STATUSES) {
    if (!wanted(s)) continue;
    if (kind === 'city') {
      const companies = by.companies ?? [...new Set(Object.keys(c).filter((n) => n.startsWith('c.')).map((n) => n.split('.')[1] as CourierId))];
      counts[s] = companies.reduce((n, co) => n + (c[count.courier(co, s)] ?? 0), 0);
    } else {
      counts[s] = by.accountIds ? by.accountIds.reduce((n, a) => n + (c[count.account(a, s)] ?? 0), 0) : (c[count.status(s)] ?? 0);
    }
  }
  const plain = kind === 'shop' && !by.statuses && !by.accountIds;
  return { counts, codBooked: plain ? (c[count.codBooked] ?? 0) : null, codDelivered: plain ? (c[count.codDelivered] ?? 0) : null };
}

function add(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

/** The cards: the total, one per status; INPROCESS is the spec's total minus fulfilled, cancelled and delivered (RTS included). */
function metricsOf(total: StatusCounts) {
  const totalOrders = BOOKING_STATUSES.reduce((n, s) => n + total[s], 0);
  const metrics = BOOKING_STATUSES.map((status) => ({
    status,
    count: status === 'INPROCESS' ? totalOrders - total.FULFILLED - total.CANCELLED - total.DELIVERED : total[status],
  }));
  return { totalOrders, metrics };
}

/** Points of a chart, every day (or month) of the range present, in order. */
function pointsOf(from: string, to: string, daily: boolean, filled: Map<string, DashboardPoint>, cod: boolean): DashboardPoint[] {
  const out: DashboardPoint[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const at = daily ? day : monthOf(day);
    if (out.at(-1)?.at === at) continue;
    out.push(filled.get(at) ?? { at, counts: zero(), codBooked: cod ? 0 : null, codDelivered: cod ? 0 : null });
  }
  return out;
}

interface Counted {
  total: StatusCounts;
  codBooked: number | null;
  codDelivered: number | null;
  points: Map<string, DashboardPoint>;
}

function summed(items: StoredCounter[], by: Narrowing, kind: 'shop' | 'city' | 'delivered', daily: boolean): Counted {
  const out: Counted = { total: zero(), codBooked: kind === 'city' ? null : 0, codDelivered: kind === 'city' ? null : 0, points: new Map() };
  if (kind === 'shop' && (by.statuses || by.accountIds)) out.codBooked = out.codDelivered = null;
  if (kind === 'delivered') out.codBooked = null;
  if (kind === 'delivered' && (by.companies || (by.statuses && !by.statuses.includes('DELIVERED')))) out.codDelivered = null;
  for (const item of items) {
    const { counts, codBooked, codDelivered } = countsOf(item, by, kind);
    const at = daily ? atOf(item) : monthOf(atOf(item));
    const point = out.points.get(at) ?? { at, counts: zero(), codBooked: out.codBooked === null ? null : 0, codDelivered: out.codDelivered === null ? null : 0 };
    for (const s of BOOKING_STATUSES) {
      point.counts[s] += counts[s];
      out.total[s] += counts[s];
    }
    point.codBooked = add(point.codBooked, codBooked);
    point.codDelivered = add(point.codDelivered, codDelivered);
    out.codBooked = add(out.codBooked, codBooked);
    out.codDelivered = add(out.codDelivered, codDelivered);
    out.points.set(at, point);
  }
  return out;
}

/** Bookings counted one by one: a lookup's, or a walk's. */
function countedBookings(bookings: BookingRecord[], by: 'booked' | 'delivered', daily: boolean, timeZone: string): Counted {
  const out: Counted = { total: zero(), codBooked: 0, codDelivered: 0, points: new Map() };
  for (const b of bookings) {
    const day = by === 'booked' ? b.bookedDay : shopDay(new Date(b.deliveredAt!), timeZone);
    const at = daily ? day : monthOf(day);
    const point = out.points.get(at) ?? { at, counts: zero(), codBooked: 0, codDelivered: 0 };
    point.counts[b.status] += 1;
    out.total[b.status] += 1;
    point.codBooked! += b.cod;
    out.codBooked! += b.cod;
    if (b.status === 'DELIVERED') {
      point.codDelivered! += b.cod;
      out.codDelivered! += b.cod;
    }
    out.points.set(at, point);
  }
  return out;
}

/** Delivered parcels of a delivered range, read from the delivered index and checked against each booking. */
async function walkDelivered(shop: ShopRecord, filter: OrdersFilter, from: string, to: string, deps: Deps): Promise<{ bookings: BookingRecord[]; more: boolean }> {
  const tz = shop.iana_time_zone;
  let below = dayStart(addDays(to, 1), tz);
  const found: BookingRecord[] = [];
  let read = 0;
  for (;;) {
    const { keys, more } = await deps.bookings.indexPage(shop._id, { index: 'delivered', value: 'DELIVERED' }, { from: dayStart(from, tz), below }, WALK_PAGE);
    read += keys.length;
    found.push(...(await deps.bookings.getMany(shop._id, keys.map((k) => k.trackingNumber))).filter((b) => matches(b, filter, tz)));
    if (!more || !keys.length) return { bookings: found, more: false };
    if (read >= WALK_BUDGET) return { bookings: found, more: true };
    below = keys.at(-1)!.sort;
  }
}

/**
 * GET /get-dashboard-analytics. Booking days (the last seven by default) read the shop's counter
 * items, or a city's when a city is named; a delivered range reads the delivered items. Status and
 * company narrow what is summed. A query or tracking number is answered from the bookings it names;
 * a delivered range with a city or booking days walks the delivered index (its cost grows with the
 * parcels delivered in the range).
 */
export async function dashboardAnalytics(shop: ShopRecord, query: DashboardQuery, deps: Deps): Promise<DashboardAnalytics> {
  const tz = shop.iana_time_zone;
  const today = shopDay(deps.now(), tz);
  const lookup = Boolean(query.query || query.trackingNumber);
  const delivered = Boolean(query.deliveredDateFrom || query.deliveredDateTo);
  const booked = Boolean(query.bookingDateFrom || query.bookingDateTo) || (!delivered && !lookup);
  const bookingTo = query.bookingDateTo ?? today;
  const bookingFrom = query.bookingDateFrom ?? (query.bookingDateTo ? addDays(bookingTo, -(DASHBOARD_DEFAULT_DAYS - 1)) : addDays(today, -(DASHBOARD_DEFAULT_DAYS - 1)));
  const deliveredTo = query.deliveredDateTo ?? today;
  const deliveredFrom = query.deliveredDateFrom ?? addDays(deliveredTo, -(DASHBOARD_DEFAULT_DAYS - 1));
  const by = delivered && !booked ? 'delivered' : 'booked';
  const [from, to] = by === 'delivered' ? [deliveredFrom, deliveredTo] : [bookingFrom, bookingTo];
  const daily = daysIn(from, to) <= DAILY_UP_TO;

  const filter: OrdersFilter = {
    ...(query.status?.length ? { statuses: query.status } : {}),
    ...(query.company?.length ? { couriers: query.company } : {}),
    ...(query.city ? { cityKey: query.city.trim().replace(/\s+/g, ' ').toLowerCase() } : {}),
    ...(booked ? { bookingFrom, bookingTo } : {}),
    ...(delivered ? { deliveredFrom, deliveredTo } : {}),
  };
  let counted: Counted;
  let source: DashboardAnalytics['source'] = 'counters';
  let lowerBound = false;
  let city = query.city;
  if (lookup) {
    // the orders list's own lookup: a tracking number, an order name, a phone, else a city's name
    const resolved = await resolveFilter(shop, { ...filter, ...(query.trackingNumber ? { track: query.trackingNumber } : {}), ...(query.query ? { search: query.query } : {}) }, deps);
    if ('found' in resolved) {
      source = 'booking';
      counted = countedBookings(resolved.found, by, daily, tz);
    } else {
      city = query.query;
      counted = await fromCounters(shop, { ...query, city }, by, from, to, today, daily, filter, resolved.effective, deps);
    }
  } else {
    counted = await fromCounters(shop, query, by, from, to, today, daily, filter, filter, deps);
  }
  if ('walked' in counted) {
    source = 'walk';
    lowerBound = (counted as Counted & { walked: boolean }).walked;
  }
  const days: Days = { from: by === 'booked' ? bookingFrom : from, to: by === 'booked' ? bookingTo : to, today };
  const cities = await cityPage(shop, city, days, query.page, query.limit, deps);
  return {
    ...metricsOf(counted.total),
    codBooked: counted.codBooked,
    codDelivered: counted.codDelivered,
    range: { by, from, to, period: daily ? 'DAY' : 'MONTH' },
    series: pointsOf(from, to, daily, counted.points, counted.codBooked !== null || counted.codDelivered !== null),
    cities: { data: cities.rows.map(cityAverage), page: query.page, limit: query.limit, totalCities: cities.total },
    source,
    totalIsLowerBound: lowerBound,
  };
}

async function fromCounters(
  shop: ShopRecord, query: Pick<DashboardQuery, 'city' | 'status' | 'company'>, by: 'booked' | 'delivered', from: string, to: string, today: string, daily: boolean,
  filter: OrdersFilter, effective: OrdersFilter, deps: Deps,
): Promise<Counted> {
  const narrowing: Narrowing = { ...(query.status?.length ? { statuses: query.status } : {}), ...(query.company?.length ? { companies: query.company } : {}) };
  if (by === 'delivered') {
    if (effective.cityKey || filter.bookingFrom) {
      const { bookings, more } = await walkDelivered(shop, effective, from, to, deps);
      return Object.assign(countedBookings(bookings, 'delivered', daily, shop.iana_time_zone), { walked: more });
    }
    const items = await deps.counters.range(shop._id, { kind: 'delivered' }, from, to);
    return summed(items, narrowing, 'delivered', daily);
  }
  if (filter.deliveredFrom) {
    // booking days and delivered days together: only the bookings themselves say both
    const { bookings, more } = await walkDelivered(shop, effective, filter.deliveredFrom, filter.deliveredTo!, deps);
    return Object.assign(countedBookings(bookings, 'booked', daily, shop.iana_time_zone), { walked: more });
  }
  if (effective.cityKey) {
    const items = await itemsOver(shop._id, { kind: 'city', cityKey: effective.cityKey }, from, to, deps, { today, daily });
    return summed(items, narrowing, 'city', daily);
  }
  if (narrowing.companies) {
    narrowing.accountIds = (await deps.accounts.listOfShop(shop._id)).filter((a) => narrowing.companies!.includes(a.company)).map((a) => a._id);
  }
  const items = await itemsOver(shop._id, { kind: 'shop' }, from, to, deps, { today, daily });
  return summed(items, narrowing, 'shop', daily);
}
