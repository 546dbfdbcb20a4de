import { BOOKING_STATUSES, cityKey, COURIER_IDS, PAKISTAN_CITIES, SCORECARD_MIN_SAMPLE, type CityAverage, type CourierId, type ScorecardCity, type ScorecardCourier } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { count } from '../booking/counters';
import { addHistograms, averageDays, histogramOf, percentileDays, timedOf, type Timed } from './histogram';
import { itemsOver } from './periods';

/** Cities in the order a list pages them: Dakiya's own list, alphabetical. */
export const CITY_LIST: readonly string[] = [...PAKISTAN_CITIES].sort();

export interface Days {
  from: string;
  to: string;
  today: string;
}

/**
 * One city's counts over booking days, summed: courier x status, its timed deliveries (the average),
 * and what is left of a first-shape histogram (a city whose items the migration has not rebuilt yet).
 */
export async function cityCounts(shop: ShopRecord, city: string, days: Days, deps: Deps): Promise<Omit<CityRow, 'city'>> {
  const items = await itemsOver(shop._id, { kind: 'city', cityKey: cityKey(city) }, days.from, days.to, deps, { today: days.today });
  const counts: Record<string, number> = {};
  for (const item of items) for (const [name, n] of Object.entries(item.counts)) counts[name] = (counts[name] ?? 0) + n;
  return { counts, timed: timedOf(counts), legacy: histogramOf(counts) };
}

export interface CityRow {
  city: string;
  counts: Record<string, number>;
  timed: Timed;
  /** Days to delivery still counted per city (items of the first shape); all zero once migrated. */
  legacy: number[];
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
  return { city: row.city, delivered, averageDays: averageDays(row.timed) };
}

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : null);

/** The page's cities' histograms of days to delivery, per courier: the courierDays items, one small Query or three per city. */
export async function courierDays(shop: ShopRecord, city: string, days: Days, deps: Deps): Promise<Partial<Record<CourierId, number[]>>> {
  const items = await itemsOver(shop._id, { kind: 'courierDays', cityKey: cityKey(city) }, days.from, days.to, deps, { today: days.today });
  const counts: Record<string, number> = {};
  for (const item of items) for (const [name, n] of Object.entries(item.counts)) counts[name] = (counts[name] ?? 0) + n;
  return Object.fromEntries(COURIER_IDS.map((c) => [c, histogramOf(counts, c)]));
}

/**
 * One city's scorecard: per courier, its bookings of the range, the share of those that ended
 * (delivered or returned) either way, and its median and p90 days to delivery; the best is the
 * highest delivered share among couriers with enough ended parcels to say. The city's median and p90
 * are of all its couriers' deliveries. A range with days still counted per city only (a shop whose
 * counters the migration has not rebuilt) gives the city's days, and none per courier.
 */
export function scorecardOf(row: CityRow, byCourier: Partial<Record<CourierId, number[]>>): ScorecardCity {
  const { city, counts, legacy } = row;
  const daysByCourier = !legacy.some((n) => n !== 0);
  const couriers: ScorecardCourier[] = COURIER_IDS.map((company) => {
    const get = (s: (typeof BOOKING_STATUSES)[number]) => counts[count.courier(company, s)] ?? 0;
    const booked = BOOKING_STATUSES.reduce((n, s) => n + get(s), 0);
    const delivered = get('DELIVERED');
    const returned = get('RTS');
    const ended = delivered + returned;
    const histogram = byCourier[company] ?? [];
    return {
      company, booked, delivered, returned, deliveredPct: pct(delivered, ended), returnedPct: pct(returned, ended), smallSample: ended < SCORECARD_MIN_SAMPLE, best: false,
      medianDays: daysByCourier ? percentileDays(histogram, 0.5) : null,
      p90Days: daysByCourier ? percentileDays(histogram, 0.9) : null,
    };
  }).filter((c) => c.booked > 0);
  const ranked = couriers.filter((c) => !c.smallSample)
    .sort((a, b) => (b.deliveredPct ?? 0) - (a.deliveredPct ?? 0) || (b.delivered + b.returned) - (a.delivered + a.returned));
  if (ranked[0]) ranked[0].best = true;
  const histogram = Object.values(byCourier).reduce((h, one) => addHistograms(h, one), legacy);
  return {
    city,
    couriers,
    delivered: histogram.reduce((a, b) => a + b, 0),
    medianDays: percentileDays(histogram, 0.5),
    p90Days: percentileDays(histogram, 0.9),
    daysByCourier,
  };
}
