import { BOOKING_STATUSES, presetRange, type StaffChart, type StaffCounts, type StaffPreset, type StaffRange } from '@dakiya/shared';
import type { StoredCounter } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { addDays, count, monthOf, nextMonth, shopDay } from '../booking/counters';
import { itemsOver } from '../analytics/periods';

/** Whose counter items a statistic reads: one member's, or the shop's (every booking, whoever booked it). */
export type StatsOf = { kind: 'staff'; userId: string } | { kind: 'shop' };

export function emptyCounts(): StaffCounts {
  return { fulfilled: 0, inprocess: 0, delivered: 0, cancelled: 0, rts: 0, booked: 0, cancelledTotal: 0, total: 0 };
}

/** Counts summed: Booked is fulfilled + inprocess + delivered, Cancelled is cancelled + rts (issue 24 §3). */
export function countsOf(items: { counts: Record<string, number> }[]): StaffCounts {
  const by = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, items.reduce((n, i) => n + (i.counts[count.status(s)] ?? 0), 0)]));
  const out = {
    fulfilled: by.FULFILLED!, inprocess: by.INPROCESS!, delivered: by.DELIVERED!, cancelled: by.CANCELLED!, rts: by.RTS!,
  };
  const booked = out.fulfilled + out.inprocess + out.delivered;
  const cancelledTotal = out.cancelled + out.rts;
  return { ...out, booked, cancelledTotal, total: booked + cancelledTotal };
}

export function addCounts(a: StaffCounts, b: StaffCounts): StaffCounts {
  return Object.fromEntries(Object.entries(a).map(([k, n]) => [k, n + b[k as keyof StaffCounts]])) as StaffCounts;
}

/** `a` less `b`, never below zero (counters a recount has not repaired yet may disagree for a moment). */
export function subtractCounts(a: StaffCounts, b: StaffCounts): StaffCounts {
  return Object.fromEntries(Object.entries(a).map(([k, n]) => [k, Math.max(0, n - b[k as keyof StaffCounts])])) as StaffCounts;
}

/** The range asked for, with a missing end taken as the shop's today. */
export function resolveRange(shop: ShopRecord, deps: Deps, q: { start?: string; end?: string; flag?: StaffPreset }): StaffRange {
  const today = shopDay(deps.now(), shop.iana_time_zone);
  if (q.flag) return presetRange(q.flag, today);
  const end = q.end ?? (q.start && q.start > today ? q.start : today);
  return { start: q.start ?? (end < today ? end : today), end };
}

export async function countsOver(shop: ShopRecord, of: StatsOf, range: StaffRange, deps: Deps): Promise<StaffCounts> {
  return countsOf(await itemsOver(shop._id, of, range.start, range.end, deps, { today: shopDay(deps.now(), shop.iana_time_zone) }));
}

/** Charts go by day up to this many days, by month beyond. */
export const CHART_DAYS_MAX = 62;

/**
 * Points over a range: one per day for a short range (one Query of day items), one per month for a
 * longer one (the months cut by the range counted from their days).
 */
export async function chartOver(shop: ShopRecord, of: StatsOf, range: StaffRange, deps: Deps): Promise<StaffChart> {
  const span = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;
  const byDay = span <= CHART_DAYS_MAX;
  const items = await itemsOver(shop._id, of, range.start, range.end, deps, { daily: byDay, today: shopDay(deps.now(), shop.iana_time_zone) });
  const groups = new Map<string, StoredCounter[]>();
  for (const item of items) {
    const at = (item.item as { at: string }).at;
    const key = byDay ? at : at.slice(0, 7);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const points: StaffChart['points'] = [];
  if (byDay) {
    for (let d = range.start; d <= range.end; d = addDays(d, 1)) points.push(pointOf(d, groups.get(d) ?? []));
  } else {
    for (let m = monthOf(range.start); m <= monthOf(range.end); m = nextMonth(m)) points.push(pointOf(m, groups.get(m) ?? []));
  }
  return { period: byDay ? 'DAY' : 'MONTH', points, range };
}

function pointOf(at: string, items: StoredCounter[]) {
  const c = countsOf(items);
  return { at, booked: c.booked, cancelled: c.cancelledTotal, total: c.total };
}
