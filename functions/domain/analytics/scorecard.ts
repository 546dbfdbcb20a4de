import { addDays, shopDay } from '../booking/counters';
import { SCORECARD_DEFAULT_DAYS, SCORECARD_MIN_SAMPLE, type Scorecard, type ScorecardQuery } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { citiesOf, scorecards } from './cities';

/** GET /courier-scorecard (and one city's, for the booking form): booking days, the last 90 by default. */
export async function courierScorecard(shop: ShopRecord, query: Pick<ScorecardQuery, 'from' | 'to' | 'city' | 'page' | 'limit'>, deps: Deps): Promise<Scorecard> {
  const today = shopDay(deps.now(), shop.iana_time_zone);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(SCORECARD_DEFAULT_DAYS - 1));
  const { cities, total } = citiesOf(query.city, query.page, query.limit);
  return {
    from, to, data: await scorecards(shop, cities, { from, to, today }, deps),
    page: query.page, limit: query.limit, totalCities: total, minSample: SCORECARD_MIN_SAMPLE,
  };
}
