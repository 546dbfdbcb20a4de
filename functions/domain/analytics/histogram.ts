import { count, HISTOGRAM_TOP } from '../booking/counters';

/** Deliveries by days from booking to delivery, 0 to HISTOGRAM_TOP (which stands for that many or more). */
export function histogramOf(counts: Record<string, number>): number[] {
  return Array.from({ length: HISTOGRAM_TOP + 1 }, (_, days) => counts[count.daysToDelivery(days)] ?? 0);
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

/** Average days to delivery, rounded to one decimal; the top bucket counts as HISTOGRAM_TOP. */
export function averageDays(histogram: number[]): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (!total) return null;
  return Math.round((histogram.reduce((sum, n, days) => sum + n * days, 0) / total) * 10) / 10;
}
