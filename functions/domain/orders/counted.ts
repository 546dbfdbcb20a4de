import { BOOKING_STATUSES, type BookingStatus, type PaymentStatus } from '@dakiya/shared';
import type { BookingIndex, BookingRecord } from '../ports/bookings';
import type { CounterItemRef, CounterSeries, StoredCounter } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { addDays, count, dayStart, lastDayOf, monthOf, shopDay, yearOf } from '../booking/counters';
import { accountIdsOf } from '../accounts/directory';
import { matches, type OrdersFilter } from './filter';
import { matchingItems, mergedRanges } from './streams';

/** Keys read beyond a page, only when a row an index still lists under an old value must be replaced. */
const SLACK = 5;
const MAX_OFFSET = 2000;

/** A filter the counters answer: nothing, or one kind of value (each value one index partition), within booking days. */
export type CountedKind =
  | { kind: 'all' }
  | { kind: 'status'; values: BookingStatus[] }
  | { kind: 'payment'; values: PaymentStatus[] }
  | { kind: 'account'; values: string[] }
  | { kind: 'staff'; values: string[] };

/** The counted kind of a filter; undefined when it filters on more than one kind, or on anything the counters do not count. */
export async function countedKind(shop: ShopRecord, filter: OrdersFilter, deps: Deps): Promise<CountedKind | undefined> {
  if (filter.cityKey || filter.merged || filter.track || filter.phone || filter.search || filter.days || filter.deliveredFrom || filter.deliveredTo) return undefined;
  const kinds = [filter.statuses, filter.payments, filter.couriers, filter.bookedBy].filter((v) => v !== undefined);
  if (kinds.length > 1) return undefined;
  if (filter.statuses) return { kind: 'status', values: filter.statuses };
  if (filter.payments) return { kind: 'payment', values: filter.payments };
  if (filter.bookedBy) return { kind: 'staff', values: filter.bookedBy };
  if (filter.couriers) {
    return { kind: 'account', values: await accountIdsOf(shop, filter.couriers, deps) };
  }
  return { kind: 'all' };
}

export function indexesOf(kind: CountedKind): BookingIndex[] {
  switch (kind.kind) {
    case 'all': return [{ index: 'byDate' }];
    case 'status': return kind.values.map((value) => ({ index: 'byStatus', value }));
    case 'payment': return kind.values.map((value) => ({ index: 'byPayment', value }));
    case 'account': return kind.values.map((value) => ({ index: 'byAccount', value }));
    case 'staff': return kind.values.map((value) => ({ index: 'byBookedBy', value }));
  }
}

/** How many of a counter item's bookings the kind takes. */
function countIn(kind: CountedKind, counts: Record<string, number>): number {
  const get = (name: string) => counts[name] ?? 0;
  switch (kind.kind) {
    case 'all':
    case 'staff':
      return BOOKING_STATUSES.reduce((n, s) => n + get(count.status(s)), 0);
    case 'status': return kind.values.reduce((n, s) => n + get(count.status(s)), 0);
    case 'payment': return kind.values.reduce((n, p) => n + get(count.payment(p)), 0);
    case 'account': return kind.values.reduce((n, a) => n + BOOKING_STATUSES.reduce((m, s) => m + get(count.account(a, s)), 0), 0);
  }
}

/** The counter items the kind reads: the shop's, or each member's. */
function itemsOfKind(kind: CountedKind): Omit<CounterItemRef, 'at' | 'period'>[] {
  return kind.kind === 'staff' ? kind.values.map((userId) => ({ kind: 'staff', userId })) : [{ kind: 'shop' }];
}

/** Counts by period (a year, a month or a day), newest first, the kind's items summed. */
async function countsBy(shop: ShopRecord, kind: CountedKind, period: 'DAY' | 'MONTH' | 'YEAR', from: string, to: string, deps: Deps): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const lists = await Promise.all(itemsOfKind(kind).map((of) => deps.counters.range(shop._id, { ...of, period } as CounterSeries, from, to)));
  for (const item of lists.flat() as StoredCounter[]) {
    const at = (item.item as { at: string }).at;
    out.set(at, (out.get(at) ?? 0) + countIn(kind, item.counts));
  }
  return new Map([...out].sort((a, b) => (a[0] < b[0] ? 1 : -1)));
}

const newestFirst = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? 1 : -1);

export interface CountedPage {
  records: BookingRecord[];
  total: number;
}

/** Where a page starts in a list of counted periods, newest first: the period, and how many rows come before it. */
function periodOf(counts: Map<string, number>, skip: number): { at: string; before: number } {
  let before = 0;
  for (const [at, n] of counts) {
    if (before + n > skip) return { at, before };
    before += n;
  }
  return { at: [...counts.keys()].at(-1) ?? '', before };
}

/**
 * A page of a counted filter, reached by number without reading the rows before it. Page 1 needs
 * only the total: the shop's year items give it for every year the booking-date range takes whole
 * (a member's months, which are small, stand in for years). A later page reads the months instead,
 * which say which month the page starts in, that month's days which day and how far into it, and
 * the indexes are read from that day on (the rows before it in the day, then the page). Months cut
 * by the booking-date range are counted from their days.
 */
export async function countedPage(shop: ShopRecord, kind: CountedKind, filter: OrdersFilter, page: number, limit: number, deps: Deps): Promise<CountedPage> {
  if (kind.kind !== 'all' && kind.values.length === 0) return { records: [], total: 0 };
  const tz = shop.iana_time_zone;
  const toDay = filter.bookingTo ?? shopDay(deps.now(), tz);
  const fromDay = filter.bookingFrom;
  const byYear = kind.kind !== 'staff' && page === 1;
  // no booking is later than today: without an end, the range takes this year whole
  const whole = (year: string) => byYear && (!fromDay || fromDay <= `${year}-01-01`) && (!filter.bookingTo || filter.bookingTo >= `${year}-12-31`);
  const years = byYear ? await countsBy(shop, kind, 'YEAR', fromDay ? yearOf(fromDay) : '0000', yearOf(toDay), deps) : new Map<string, number>();
  for (const year of years.keys()) if (!whole(year)) years.delete(year);
  const firstMonth = fromDay ? monthOf(fromDay) : '0000-00';
  // the months of the range's cut years (at most its first and last), or every month of the range
  const monthRanges = byYear
    ? [...new Set([fromDay ? yearOf(fromDay) : undefined, yearOf(toDay)])].filter((y): y is string => y !== undefined && !whole(y))
      .map((y) => [firstMonth > `${y}-01` ? firstMonth : `${y}-01`, yearOf(toDay) === y ? monthOf(toDay) : `${y}-12`] as const)
    : [[firstMonth, monthOf(toDay)] as const];
  const months = new Map<string, number>();
  for (const [from, to] of monthRanges) for (const [m, n] of await countsBy(shop, kind, 'MONTH', from, to, deps)) months.set(m, n);
  const partialDays = new Map<string, Map<string, number>>();
  // the first and last months of a range may be cut: their counts come from their days in the range
  for (const month of new Set([fromDay && !fromDay.endsWith('-01') ? monthOf(fromDay) : undefined, filter.bookingTo && filter.bookingTo !== lastDayOf(monthOf(toDay)) ? monthOf(toDay) : undefined])) {
    if (!month) continue;
    const days = await countsBy(shop, kind, 'DAY', fromDay && monthOf(fromDay) === month ? fromDay : `${month}-01`, monthOf(toDay) === month ? toDay : `${month}-31`, deps);
    partialDays.set(month, days);
    months.set(month, [...days.values()].reduce((a, b) => a + b, 0));
  }
  const periods = new Map([...years, ...months].sort(newestFirst));
  const total = [...periods.values()].reduce((a, b) => a + b, 0);
  const skip = (page - 1) * limit;
  if (skip >= total) return { records: [], total };

  // page 1 starts at the range's end: no booking lies between it and the newest counted one
  const { at: month, before } = skip ? periodOf(periods, skip) : { at: monthOf(toDay), before: 0 };
  let day = monthOf(toDay) === month ? toDay : lastDayOf(month);
  let offset = skip - before;
  if (offset > 0) {
    const days = partialDays.get(month) ?? await countsBy(shop, kind, 'DAY', `${month}-01`, `${month}-31`, deps);
    for (const [d, n] of days) {
      day = d;
      if (n > offset) break;
      offset -= n;
    }
    // days that disagree with their month (drift the recount has not repaired yet) never make a page read far
    offset = Math.min(offset, MAX_OFFSET);
  }
  const window = { ...(fromDay ? { from: dayStart(fromDay, tz) } : {}), below: dayStart(addDays(day, 1), tz) };
  const keep = (b: BookingRecord) => matches(b, filter, tz);
  const keysOf = mergedRanges(shop._id, indexesOf(kind), window, deps);
  const { keys, more } = await keysOf(offset + limit);
  const records = await matchingItems(shop._id, keys.slice(offset), limit, keep, deps);
  if (records.length < limit && more) {
    // a row no longer matched (its index entry lags its item): the spare keys past the page fill it
    const spare = await keysOf(offset + limit + SLACK);
    records.push(...await matchingItems(shop._id, spare.keys.slice(offset + limit), limit - records.length, keep, deps));
  }
  return { records, total };
}
