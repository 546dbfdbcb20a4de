import { BOOKING_STATUSES } from '@dakiya/shared';
import type { BookingIndex, BookingRecord, IndexWindow } from '../ports/bookings';
import type { CounterSeries, StoredCounter } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { addDays, count, dayStart, monthOf, shopDay } from '../booking/counters';
import { accountIdsOf } from '../accounts/directory';
import { matches, type OrdersFilter } from './filter';
import { decodeCursor, encodeCursor, itemsOf, mergedKeys } from './streams';

/**
 * What one request may read while filtering, in read units: an item of up to 4 KB costs half a unit
 * (eventually consistent), a key of a keys-only index about a thirtieth.
 */
export const READ_BUDGET = 100;
const ITEM_COST = 0.5;
const KEY_COST = 1 / 30;

/** An index (or several sharing one order) that drives a filtered walk, with what the counters say it holds. */
interface Source {
  name: string;
  indexes: BookingIndex[];
  window: IndexWindow;
  estimate: number;
}

interface WalkCursor { s: string; b: string; n: number }
const isWalkCursor = (v: unknown): v is WalkCursor =>
  typeof v === 'object' && v !== null && typeof (v as WalkCursor).s === 'string' && typeof (v as WalkCursor).b === 'string' && typeof (v as WalkCursor).n === 'number';

const sum = (items: StoredCounter[], take: (counts: Record<string, number>) => number) => items.reduce((n, i) => n + take(i.counts), 0);
const statusSum = (counts: Record<string, number>, prefix: (s: (typeof BOOKING_STATUSES)[number]) => string) => BOOKING_STATUSES.reduce((n, s) => n + (counts[prefix(s)] ?? 0), 0);

/**
 * Every index that could drive this filter, each with the number of bookings the counters say it
 * would walk within the booking-date range (the fewer, the fewer rows read and dropped).
 */
async function sourcesOf(shop: ShopRecord, filter: OrdersFilter, deps: Deps, estimate: boolean): Promise<Source[]> {
  const tz = shop.iana_time_zone;
  const booking: IndexWindow = {
    ...(filter.bookingFrom ? { from: dayStart(filter.bookingFrom, tz) } : {}),
    ...(filter.bookingTo ? { below: dayStart(addDays(filter.bookingTo, 1), tz) } : {}),
  };
  const fromMonth = filter.bookingFrom ? monthOf(filter.bookingFrom) : '0000-00';
  const toMonth = monthOf(filter.bookingTo ?? shopDay(deps.now(), tz));
  const range = (of: CounterSeries) => (estimate ? deps.counters.range(shop._id, of, fromMonth, toMonth) : Promise.resolve([]));
  const shopMonths = estimate ? await range({ kind: 'shop', period: 'MONTH' }) : [];
  const out: Source[] = [];
  if (filter.cityKey) {
    const months = await range({ kind: 'city', period: 'MONTH', cityKey: filter.cityKey });
    out.push({ name: `city:${filter.cityKey}`, indexes: [{ index: 'byCity', value: filter.cityKey }], window: booking, estimate: sum(months, (c) => Object.entries(c).filter(([k]) => k.startsWith('c.')).reduce((n, [, v]) => n + v, 0)) });
  }
  if (filter.deliveredFrom || filter.deliveredTo) {
    const from = filter.deliveredFrom ?? '0000-01-01';
    const to = filter.deliveredTo ?? shopDay(deps.now(), tz);
    const days = estimate ? await deps.counters.range(shop._id, { kind: 'delivered' }, from, to) : [];
    out.push({
      name: 'delivered',
      indexes: [{ index: 'delivered', value: 'DELIVERED' }],
      window: { ...(filter.deliveredFrom ? { from: dayStart(filter.deliveredFrom, tz) } : {}), below: dayStart(addDays(to, 1), tz) },
      estimate: sum(days, (c) => Object.entries(c).filter(([k]) => k.startsWith('d.')).reduce((n, [, v]) => n + v, 0)),
    });
  }
  if (filter.merged) out.push({ name: 'merged', indexes: [{ index: 'merged' }], window: booking, estimate: sum(shopMonths, (c) => c[count.merged] ?? 0) });
  if (filter.statuses) {
    out.push({
      name: `status:${filter.statuses.join(',')}`, indexes: filter.statuses.map((value) => ({ index: 'byStatus', value })), window: booking,
      estimate: sum(shopMonths, (c) => filter.statuses!.reduce((n, s) => n + (c[count.status(s)] ?? 0), 0)),
    });
  }
  if (filter.payments) {
    out.push({
      name: `payment:${filter.payments.join(',')}`, indexes: filter.payments.map((value) => ({ index: 'byPayment', value })), window: booking,
      estimate: sum(shopMonths, (c) => filter.payments!.reduce((n, p) => n + (c[count.payment(p)] ?? 0), 0)),
    });
  }
  if (filter.couriers) {
    const accounts = await accountIdsOf(shop, filter.couriers, deps);
    out.push({
      name: `account:${accounts.join(',')}`, indexes: accounts.map((value) => ({ index: 'byAccount', value })), window: booking,
      estimate: sum(shopMonths, (c) => accounts.reduce((n, a) => n + statusSum(c, (s) => count.account(a, s)), 0)),
    });
  }
  if (filter.bookedBy) {
    const months = (await Promise.all(filter.bookedBy.map((userId) => range({ kind: 'staff', period: 'MONTH', userId })))).flat();
    out.push({
      name: `staff:${filter.bookedBy.join(',')}`, indexes: filter.bookedBy.map((value) => ({ index: 'byBookedBy', value })), window: booking,
      estimate: sum(months, (c) => statusSum(c, count.status)),
    });
  }
  out.push({ name: 'date', indexes: [{ index: 'byDate' }], window: booking, estimate: sum(shopMonths, (c) => statusSum(c, count.status)) });
  return out;
}

export interface WalkedPage {
  records: BookingRecord[];
  /** Rows before this page and on it. */
  seen: number;
  nextCursor: string | null;
}

/**
 * A page of a filter the counters do not answer: the index the counters say holds the fewest
 * bookings is walked newest first, each booking checked against the whole filter on the item itself,
 * until the page is full or the request's read budget is spent. The cursor says where the walk
 * stopped and how many rows came before; the total is a lower bound until the walk ends.
 */
export async function walkedPage(shop: ShopRecord, filter: OrdersFilter, limit: number, cursorText: string | undefined, deps: Deps, accept: (b: BookingRecord) => boolean = () => true): Promise<WalkedPage> {
  const cursor = decodeCursor(cursorText, isWalkCursor);
  const candidates = await sourcesOf(shop, filter, deps, !cursor);
  const source = (cursor && candidates.find((s) => s.name === cursor.s)) ?? candidates.reduce((best, s) => (s.estimate < best.estimate ? s : best));
  const resume = cursor?.s === source.name ? cursor : undefined;
  const records: BookingRecord[] = [];
  let below = resume?.b ?? source.window.below;
  let spent = 0;
  let ended = false;
  while (records.length < limit) {
    const room = Math.floor((READ_BUDGET - spent) / ITEM_COST);
    if (room < 1) break;
    const chunk = await mergedKeys(shop._id, source.indexes, { ...source.window, ...(below !== undefined ? { below } : {}) }, Math.min(room, Math.max(limit * 2, 25)), deps);
    spent += chunk.keys.length * source.indexes.length * KEY_COST;
    const items = new Map((await itemsOf(shop._id, chunk.keys, deps)).map((b) => [b.trackingNumber, b]));
    spent += chunk.keys.length * ITEM_COST;
    let stoppedEarly = false;
    for (const key of chunk.keys) {
      below = key.sort;
      const booking = items.get(key.trackingNumber);
      if (booking && matches(booking, filter, shop.iana_time_zone) && accept(booking)) records.push(booking);
      if (records.length === limit) { stoppedEarly = key !== chunk.keys.at(-1); break; }
    }
    if (!chunk.more && !stoppedEarly) { ended = true; break; }
  }
  const seen = (resume?.n ?? 0) + records.length;
  return { records, seen, nextCursor: ended || below === undefined ? null : encodeCursor({ s: source.name, b: below, n: seen } satisfies WalkCursor) };
}
