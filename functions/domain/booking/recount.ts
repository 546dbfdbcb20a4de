import type { BookingIndex, BookingRecord } from '../ports/bookings';
import type { CounterChange, CounterItemRef, StoredCounter } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { addDays, contributionOf, countedOf, dayStart, monthOf, refKey, retiredCount, yearOf } from './counters';

/**
 * A day is recounted only when nothing counted on it changed for this long: a booking's own write and
 * its counter updates are one request apart (seconds), so a quiet day has no write in flight, and a
 * difference found then is drift, never a live write.
 */
export const QUIET_MS = 5 * 60_000;
const PAGE = 1000;

export type RecountOutcome = { outcome: 'clean' | 'repaired' | 'busy'; repaired: number };

type Shop = Pick<ShopRecord, '_id' | 'iana_time_zone'>;

/** Every booking an index lists between two instants (with a day either side: the zone may have changed), read from the items themselves. */
async function bookingsBetween(shop: Shop, index: BookingIndex, day: string, deps: Deps): Promise<BookingRecord[]> {
  const window = { from: dayStart(addDays(day, -1), shop.iana_time_zone), below: dayStart(addDays(day, 2), shop.iana_time_zone) };
  const numbers: string[] = [];
  let below = window.below;
  for (;;) {
    const page = await deps.bookings.indexPage(shop._id, index, { from: window.from, below }, PAGE);
    numbers.push(...page.keys.map((k) => k.trackingNumber));
    if (!page.more || !page.keys.length) break;
    below = page.keys.at(-1)!.sort;
  }
  // consistent: an index lags its items on AWS; the items say what is counted
  return deps.bookings.getMany(shop._id, numbers, { consistent: true });
}

/** The last change of a counted field of a booking (older bookings have none recorded: their status change or booking). */
const changedAt = (b: BookingRecord) => Date.parse(b.changedAt ?? b.lastStatusAt ?? b.bookedAt);

/**
 * Compares what the bookings say with the stored items and repairs each drifted one, conditional on
 * its version being the one read: a write that lands between the read and the repair makes the repair
 * fail, and the day is left for the next run.
 */
async function repairItems(shop: Shop, expected: Map<string, CounterChange>, mustRead: CounterItemRef[], deps: Deps): Promise<RecountOutcome> {
  const nowMs = deps.now().getTime();
  const refs = new Map([...mustRead.map((r) => [refKey(r), r] as const), ...[...expected.values()].map((c) => [refKey(c.item), c.item] as const)]);
  const stored = new Map((await deps.counters.read(shop._id, [...refs.values()], { consistent: true })).map((s) => [refKey(s.item), s]));
  if ([...stored.values()].some((s) => s.lastWriteAt > nowMs - QUIET_MS)) return { outcome: 'busy', repaired: 0 };
  let repaired = 0;
  for (const [key, ref] of refs) {
    const have: StoredCounter | undefined = stored.get(key);
    const want = expected.get(key)?.adds ?? {};
    const diff: Record<string, number> = {};
    // a count of an older shape goes, rather than staying as a zero that is still read (and paid for) with the item
    const removes: string[] = [];
    for (const name of new Set([...Object.keys(want), ...Object.keys(have?.counts ?? {})])) {
      const d = (want[name] ?? 0) - (have?.counts[name] ?? 0);
      if (d !== 0 && retiredCount(ref, name)) removes.push(name);
      else if (d !== 0) diff[name] = d;
    }
    if (!Object.keys(diff).length && !removes.length) continue;
    if (!(await deps.counters.repair(shop._id, { item: ref, adds: diff }, have?.version ?? 0, nowMs, removes))) return { outcome: 'busy', repaired };
    repaired += 1;
  }
  return { outcome: repaired ? 'repaired' : 'clean', repaired };
}

/**
 * A month item is the sum of its day items (a month ADD lost after its day ADD leaves the day right
 * and the month wrong): each month item of the given day items is compared with its days, once they
 * are all quiet, and repaired like a day item.
 */
async function recountMonths(shop: Shop, dayItems: CounterItemRef[], deps: Deps): Promise<RecountOutcome> {
  const expected = new Map<string, CounterChange>();
  const months: CounterItemRef[] = [];
  const nowMs = deps.now().getTime();
  for (const day of dayItems) {
    if (day.kind === 'delivered') continue;
    const month = { ...day, period: 'MONTH' as const, at: monthOf(day.at) };
    const { at: _at, ...of } = day;
    // consistent: the day items were just repaired
    const days = await deps.counters.range(shop._id, of, `${month.at}-01`, `${month.at}-31`, { consistent: true });
    if (days.some((d) => d.lastWriteAt > nowMs - QUIET_MS)) return { outcome: 'busy', repaired: 0 };
    const sum: Record<string, number> = {};
    for (const d of days) for (const [name, n] of Object.entries(d.counts)) sum[name] = (sum[name] ?? 0) + n;
    expected.set(refKey(month), { item: month, adds: sum });
    months.push(month);
  }
  return repairItems(shop, expected, months, deps);
}

/** The shop's year item is the sum of its month items, compared with them once they are quiet, like a month with its days. */
async function recountYear(shop: Shop, day: string, deps: Deps): Promise<RecountOutcome> {
  const year: CounterItemRef = { kind: 'shop', period: 'YEAR', at: yearOf(day) };
  const months = await deps.counters.range(shop._id, { kind: 'shop', period: 'MONTH' }, `${year.at}-01`, `${year.at}-12`, { consistent: true });
  if (months.some((m) => m.lastWriteAt > deps.now().getTime() - QUIET_MS)) return { outcome: 'busy', repaired: 0 };
  const sum: Record<string, number> = {};
  for (const m of months) for (const [name, n] of Object.entries(m.counts)) sum[name] = (sum[name] ?? 0) + n;
  return repairItems(shop, new Map([[refKey(year), { item: year, adds: sum }]]), [year], deps);
}

const combine = (a: RecountOutcome, b: RecountOutcome): RecountOutcome => ({
  outcome: a.outcome === 'busy' || b.outcome === 'busy' ? 'busy' : a.repaired + b.repaired ? 'repaired' : 'clean',
  repaired: a.repaired + b.repaired,
});

function busy(bookings: BookingRecord[], deps: Deps): boolean {
  const since = deps.now().getTime() - QUIET_MS;
  return bookings.some((b) => changedAt(b) > since);
}

/**
 * Recounts the counter items of the bookings made on one day of the shop (its day item, and the
 * day items of each member and city that booked on it) from the bookings themselves; the month items
 * and the shop's year item follow each repair. Leaves the day alone ('busy') while anything counted on it changed in the last
 * minutes, so a live write is never taken for drift.
 */
export async function recountBookedDay(shop: Shop, day: string, deps: Deps): Promise<RecountOutcome> {
  const bookings = (await bookingsBetween(shop, { index: 'byDate' }, day, deps)).filter((b) => b.bookedDay === day);
  if (busy(bookings, deps)) return { outcome: 'busy', repaired: 0 };
  const expected = new Map<string, CounterChange>();
  for (const booking of bookings) {
    for (const change of contributionOf(countedOf(booking, shop.iana_time_zone))) {
      if (change.item.kind === 'delivered' || change.item.period !== 'DAY') continue;
      const entry = expected.get(refKey(change.item)) ?? { item: change.item, adds: {} };
      for (const [name, n] of Object.entries(change.adds)) entry.adds[name] = (entry.adds[name] ?? 0) + n;
      expected.set(refKey(change.item), entry);
    }
  }
  const dayItems: CounterItemRef[] = [{ kind: 'shop', period: 'DAY', at: day }, ...[...expected.values()].map((c) => c.item)];
  const days = await repairItems(shop, expected, dayItems, deps);
  if (days.outcome === 'busy') return days;
  const months = combine(days, await recountMonths(shop, [...new Map(dayItems.map((r) => [refKey(r), r])).values()], deps));
  if (months.outcome === 'busy') return months;
  return combine(months, await recountYear(shop, day, deps));
}

/** Recounts a shop's deliveries and returns of one day (its `delivered` item) from the bookings that arrived on it. */
export async function recountDeliveredDay(shop: Shop, day: string, deps: Deps): Promise<RecountOutcome> {
  const ended = [
    ...await bookingsBetween(shop, { index: 'delivered', value: 'DELIVERED' }, day, deps),
    ...await bookingsBetween(shop, { index: 'delivered', value: 'RTS' }, day, deps),
  ].filter((b) => countedOf(b, shop.iana_time_zone).endedDay === day);
  if (busy(ended, deps)) return { outcome: 'busy', repaired: 0 };
  const ref: CounterItemRef = { kind: 'delivered', at: day };
  const expected = new Map<string, CounterChange>([[refKey(ref), { item: ref, adds: {} }]]);
  for (const booking of ended) {
    for (const change of contributionOf(countedOf(booking, shop.iana_time_zone))) {
      if (change.item.kind !== 'delivered') continue;
      const entry = expected.get(refKey(ref))!;
      for (const [name, n] of Object.entries(change.adds)) entry.adds[name] = (entry.adds[name] ?? 0) + n;
    }
  }
  return repairItems(shop, expected, [ref], deps);
}
