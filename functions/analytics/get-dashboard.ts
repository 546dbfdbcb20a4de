import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { dashboardAnalytics } from '../domain/analytics/dashboard';

/** GET /get-dashboard-analytics (spec 001 §3 "Dashboard"). */
export const getDashboard: Operation<'analytics.dashboard'> = async ({ query }, ctx, deps) => dashboardAnalytics(requireAuth(ctx).shop, query, deps);
