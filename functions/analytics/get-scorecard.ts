import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { courierScorecard } from '../domain/analytics/scorecard';

/** GET /courier-scorecard: a page of cities (the dashboard). */
export const getScorecard: Operation<'analytics.scorecard'> = async ({ query }, ctx, deps) => courierScorecard(requireAuth(ctx).shop, query, deps);

/** GET /courier-scorecard/{city}: the booking form's one city, the last 90 days. */
export const getCityScorecard: Operation<'analytics.cityScorecard'> = async ({ params }, ctx, deps) =>
  courierScorecard(requireAuth(ctx).shop, { city: params.city, page: 1, limit: 1 }, deps);
