import { BOOKING_STATUSES, cityKey, COURIER_IDS, PAKISTAN_CITIES, SCORECARD_MIN_SAMPLE, type CityAverage, type ScorecardCity, type ScorecardCourier } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { count } from '../booking/counters';
import { addHistograms, averageDays, histogramOf, percentileDays } from './histogram';
import { itemsOver } from './periods';

/** Cities in the order a list pages them: Dakiya's own list, alphabetical. */
export const CITY_LIST: readonly string[] = [...PAKISTAN_CITIES].sort();

export interface Days {
  from: string;
  to: string;
  today: string;
}

/** One city's counts over booking days, summed: courier x status, and the days-to-delivery histogram. */
export async function cityCounts(shop: ShopRecord, city: string, days: Days, deps: Deps): Promise<{ counts: Record<string, number>; histogram: number[] }> {
  const items = await itemsOver(shop._id, { kind: 'city', cityKey: cityKey(city) }, days.from, days.to, deps, { today: days.today });
  const counts: Record<string, number> = {};
  for (const item of items) for (const [name, n] of Object.entries(item.counts)) counts[name] = (counts[name] ?? 0) + n;
  return { counts, histogram: items.reduce((h, item) => addHistograms(h, histogramOf(item.counts)), histogramOf({})) };
}

export interface CityRow {
  city: string;
  counts: Record<string, number>;
  histogram: number[];
}

const bookedIn = (row: CityRow) => Object.entries(row.counts).reduce((n, [name, v]) => n + (name.startsWith('c.') ? v : 0), 0);

/**
 * The cities a request shows, one page of them: the one it names, or those of Dakiya's list the shop
 * booked to in the range, most bookings first. Each city of the list is one or a few small Queries,
 * so the cost follows the list's length, never the number of bookings.
 */
export async function cityPage(shop: ShopRecord, city: string | undefined, days: Days, page: number, limit: number, deps: Deps): Promise<{ rows: CityRow[]; total: number }> {
  const names = city ? [city] : CITY_LIST;
  const rows = await Promise.all(names.map(async (name) => ({ city: name, ...(await cityCounts(shop, name, days, deps)) })));
  const shown = rows.filter((r) => city || bookedIn(r) > 0).sort((a, b) => bookedIn(b) - bookedIn(a) || a.city.localeCompare(b.city));
  return { rows: shown.slice((page - 1) * limit, page * limit), total: shown.length };
}

export function cityAverage(row: CityRow): CityAverage {
  const delivered = COURIER_IDS.reduce((n, c) => n + (row.counts[count.courier(c, 'DELIVERED')] ?? 0), 0);
  return { city: row.city, delivered, averageDays: averageDays(row.histogram) };
}

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : null);

/**
 * One city's scorecard: per courier, its bookings of the range and the share of those that ended
 * (delivered or returned) either way; the best is the highest delivered share among couriers with
 * enough ended parcels to say. Days to delivery are counted per city, so the median and p90 are the city's.
 */
export function scorecardOf(city: string, counts: Record<string, number>, histogram: number[]): ScorecardCity {
  const couriers: ScorecardCourier[] = COURIER_IDS.map((company) => {
    const get = (s: (typeof BOOKING_STATUSES)[number]) => counts[count.courier(company, s)] ?? 0;
    const booked = BOOKING_STATUSES.reduce((n, s) => n + get(s), 0);
    const delivered = get('DELIVERED');
    const returned = get('RTS');
    const ended = delivered + returned;
    return { company, booked, delivered, returned, deliveredPct: pct(delivered, ended), returnedPct: pct(returned, ended), smallSample: ended < SCORECARD_MIN_SAMPLE, best: false };
  }).filter((c) => c.booked > 0);
  const ranked = couriers.filter((c) => !c.smallSample)
    .sort((a, b) => (b.deliveredPct ?? 0) - (a.deliveredPct ?? 0) || (b.delivered + b.returned) - (a.delivered + a.returned));
  if (ranked[0]) ranked[0].best = true;
  return {
    city,
    couriers,
    delivered: histogram.reduce((a, b) => a + b, 0),
    medianDays: percentileDays(histogram, 0.5),
    p90Days: percentileDays(histogram, 0.9),
  };
}
