import type { CounterSeries, StoredCounter } from '../ports/counters';

/** A series the dashboard reads over days or months. */
export type RangeSeries = { kind: 'shop' } | { kind: 'city'; cityKey: string } | { kind: 'staff'; userId: string };
import type { Deps } from '../ports/deps';
import { addDays, monthOf } from '../booking/counters';

/** Up to this many days a chart shows each day; a longer range shows months. */
export const DAILY_UP_TO = 62;

export const lastDayOf = (month: string) => addDays(`${monthOf(addDays(`${month}-28`, 4))}-01`, -1);
const nextMonth = (month: string) => monthOf(addDays(`${month}-28`, 4));
const previousMonth = (month: string) => monthOf(addDays(`${month}-01`, -1));

export const daysIn = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The day or month an item counts. */
export const atOf = (item: StoredCounter) => (item.item as { at: string }).at;

/**
 * The counter items of one series that count a range of days exactly, whatever the number of
 * bookings: every day's item when the chart shows days, else the whole months' MONTH items and the
 * cut months' days at either end (no booking is later than today, so a range that ends today takes
 * its month whole). At most three Queries, run together.
 */
export async function itemsOver(shopId: string, of: RangeSeries, from: string, to: string, today: string, deps: Deps): Promise<StoredCounter[]> {
  const series = (period: 'DAY' | 'MONTH', a: string, b: string) => deps.counters.range(shopId, { ...of, period } as CounterSeries, a, b);
  if (daysIn(from, to) <= DAILY_UP_TO) return series('DAY', from, to);
  const first = monthOf(from);
  const last = monthOf(to);
  const headCut = !from.endsWith('-01');
  const tailCut = to < lastDayOf(last) && to < today;
  const reads: Promise<StoredCounter[]>[] = [];
  if (headCut) reads.push(series('DAY', from, lastDayOf(first)));
  const wholeFrom = headCut ? nextMonth(first) : first;
  const wholeTo = tailCut ? previousMonth(last) : last;
  if (wholeFrom <= wholeTo) reads.push(series('MONTH', wholeFrom, wholeTo));
  if (tailCut) reads.push(series('DAY', `${last}-01`, to));
  return (await Promise.all(reads)).flat();
}

/** The chart's points: items summed by day, or by month for a long range. */
export function pointKey(item: StoredCounter, daily: boolean): string {
  return daily ? atOf(item) : monthOf(atOf(item));
}
