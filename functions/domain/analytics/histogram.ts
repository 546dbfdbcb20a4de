import type { CourierId } from '@dakiya/shared';
import { count, HISTOGRAM_TOP } from '../booking/counters';

/**
 * Deliveries by days from booking to delivery, 0 to HISTOGRAM_TOP (which stands for that many or
 * more): a courier's, from its courierDays counts, or a city's, from a city item of the first shape.
 */
export function histogramOf(counts: Record<string, number>, courier?: CourierId): number[] {
  return Array.from({ length: HISTOGRAM_TOP + 1 }, (_, days) => counts[courier ? count.daysToDelivery(courier, days) : count.cityDaysToDelivery(days)] ?? 0);
}

export function addHistograms(a: number[], b: number[]): number[] {
  return a.map((n, i) => n + (b[i] ?? 0));
}

/** The day by which `share` of the deliveries had arrived (nearest rank); null without deliveries. */
export function percentileDays(histogram: number[], share: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = Math.max(1, Math.ceil(share * total));
  let seen = 0;
  for (let days = 0; days < histogram.length; days++) {
    seen += histogram[days]!;
    if (seen >= rank) return days;
  }
  return histogram.length - 1;
}

/** Deliveries with a known day count and their days summed (the top bucket as HISTOGRAM_TOP). */
export interface Timed {
  deliveries: number;
  days: number;
}

/**
 * A city item's timed deliveries, of either shape: the count and sum of the current one, plus the
 * histogram of the first. An item written under both (live moves after the deploy, before the
 * migration rebuilt it) counts each delivery in one of the two, so the sum is right either way.
 */
export function timedOf(counts: Record<string, number>): Timed {
  const legacy = histogramOf(counts);
  return {
    deliveries: (counts[count.timedDeliveries] ?? 0) + legacy.reduce((a, b) => a + b, 0),
    days: (counts[count.deliveryDaysTotal] ?? 0) + legacy.reduce((sum, n, days) => sum + n * days, 0),
  };
}

/** Average days to delivery, rounded to one decimal; null without deliveries. */
export function averageDays(timed: Timed): number | null {
  if (!timed.deliveries) return null;
  return Math.round((timed.days / timed.deliveries) * 10) / 10;
}
