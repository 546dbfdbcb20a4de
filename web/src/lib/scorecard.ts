import type { ScorecardCity, ScorecardCourier } from '@dakiya/shared';

/** Days as the scorecard shows them: the top bucket is 15 days or more. */
export const daysText = (n: number | null) => (n === null ? '–' : n >= 15 ? '15+' : String(n));

/**
 * The median and p90 days on a courier's row: its own. While some of the range's days are counted per
 * city only (a shop whose counters are being rebuilt), the city's, once, on its first row, marked as such.
 */
export function rowDays(city: ScorecardCity, courier: ScorecardCourier, first: boolean): { median: string; p90: string } {
  if (city.daysByCourier) return { median: daysText(courier.medianDays), p90: daysText(courier.p90Days) };
  if (!first) return { median: '', p90: '' };
  return { median: `${daysText(city.medianDays)} (city)`, p90: `${daysText(city.p90Days)} (city)` };
}

/** One courier on the booking form's line: its delivered share, its median days when known, best or few parcels. */
export function courierHint(courier: ScorecardCourier): string {
  const share = courier.deliveredPct === null ? 'nothing ended yet' : `${courier.deliveredPct}% delivered`;
  const median = courier.medianDays === null ? '' : `, median ${daysText(courier.medianDays)} ${courier.medianDays === 1 ? 'day' : 'days'}`;
  return `${share}${median}${courier.best ? ' (best)' : courier.smallSample ? ' (few parcels)' : ''}`;
}
