import type { CounterSeries, StoredCounter } from '../ports/counters';
import type { Deps } from '../ports/deps';
import { lastDayOf, monthOf, nextMonth, previousMonth } from '../booking/counters';

/** A series the dashboard and the staff statistics read over days or months. */
export type RangeSeries = { kind: 'shop' } | { kind: 'city'; cityKey: string } | { kind: 'courierDays'; cityKey: string } | { kind: 'staff'; userId: string };

/** Up to this many days a chart shows each day; a longer range shows months. */
export const DAILY_UP_TO = 62;


export const daysIn = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The day or month an item counts. */
export const atOf = (item: StoredCounter) => (item.item as { at: string }).at;

/**
 * A range of days as the reads that count it exactly: the days before its first whole month, its whole
 * months, the days after them (a year is twelve month items, not 365 days). No booking is later than
 * `today`, so a range that reaches it takes its month whole.
 */
export function rangeParts(from: string, to: string, today?: string): { days: [string, string][]; months?: [string, string] } {
  const startsMonth = from.endsWith('-01');
  const endsMonth = to === lastDayOf(monthOf(to)) || (today !== undefined && to >= today);
  const firstWhole = startsMonth ? monthOf(from) : nextMonth(monthOf(from));
  const lastWhole = endsMonth ? monthOf(to) : previousMonth(monthOf(to));
  if (firstWhole > lastWhole) return { days: [[from, to]] };
  const days: [string, string][] = [];
  if (!startsMonth) days.push([from, lastDayOf(monthOf(from))]);
  if (!endsMonth) days.push([`${monthOf(to)}-01`, to]);
  return { days, months: [firstWhole, lastWhole] };
}

/**
 * The counter items of one series that count a range of days exactly, whatever the number of
 * bookings: every day's item when a chart shows days (`daily`), else the parts above. At most three
 * Queries, run together.
 */
export async function itemsOver(shopId: string, of: RangeSeries, from: string, to: string, deps: Deps, opts: { today?: string; daily?: boolean } = {}): Promise<StoredCounter[]> {
  const series = (period: 'DAY' | 'MONTH', a: string, b: string) => deps.counters.range(shopId, { ...of, period } as CounterSeries, a, b);
  if (opts.daily) return series('DAY', from, to);
  const parts = rangeParts(from, to, opts.today);
  return (await Promise.all([
    ...parts.days.map(([a, b]) => series('DAY', a, b)),
    ...(parts.months ? [series('MONTH', ...parts.months)] : []),
  ])).flat();
}

/** The chart's points: items summed by day, or by month for a long range. */
export function pointKey(item: StoredCounter, daily: boolean): string {
  return daily ? atOf(item) : monthOf(atOf(item));
}
