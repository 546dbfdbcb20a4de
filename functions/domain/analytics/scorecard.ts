import { addDays, shopDay } from '../booking/counters';
import { SCORECARD_DEFAULT_DAYS, SCORECARD_MIN_SAMPLE, type Scorecard, type ScorecardQuery } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { cityPage, courierDays, scorecardOf, type Days } from './cities';

/** GET /courier-scorecard (and one city's, for the booking form): booking days, the last 90 by default. */
export async function courierScorecard(shop: ShopRecord, query: Pick<ScorecardQuery, 'from' | 'to' | 'city' | 'page' | 'limit'>, deps: Deps): Promise<Scorecard> {
  const today = shopDay(deps.now(), shop.iana_time_zone);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(SCORECARD_DEFAULT_DAYS - 1));
  const days: Days = { from, to, today };
  // the cities ranked by their small city items; the histograms per courier read for the page's cities only
  const { rows, total } = await cityPage(shop, query.city, days, query.page, query.limit, deps);
  const data = await Promise.all(rows.map(async (row) => scorecardOf(row, await courierDays(shop, row.city, days, deps))));
  return {
    from, to, data,
    page: query.page, limit: query.limit, totalCities: total, minSample: SCORECARD_MIN_SAMPLE,
  };
}
