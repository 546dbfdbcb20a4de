import { addDays, shopDay } from '../domain/booking/counters';
import { DASHBOARD_DEFAULT_DAYS } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { cityAverage, cityPage, CITY_LIST } from '../domain/analytics/cities';

/** GET /cities-delivery-average (spec 001 §3): average days to delivery per city over booking days (the last seven by default): the cities the shop booked to, most bookings first. */
export const getCitiesAverage: Operation<'analytics.citiesAverage'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const today = shopDay(deps.now(), shop.iana_time_zone);
  const to = query.endDate ?? today;
  const from = query.startDate ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  const { rows } = await cityPage(shop, query.city, { from, to, today }, 1, CITY_LIST.length, deps);
  return { from, to, data: rows.map(cityAverage) };
};
