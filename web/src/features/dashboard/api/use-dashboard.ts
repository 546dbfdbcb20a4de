import type { DashboardQueryInput, ScorecardQueryInput } from '@dakiya/shared';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';

/** Spec §9: dashboard analytics are cached 200 s. */
export const DASHBOARD_CACHE_MS = 200_000;

/** GET /get-dashboard-analytics for the address's view; the page shows a refusal itself (a banner). */
export function useDashboard(query: DashboardQueryInput) {
  const onError = useUnauthorizedOnly();
  return useApi('analytics.dashboard', { query }, { dedupingInterval: DASHBOARD_CACHE_MS, keepPreviousData: true, onError, revalidateOnFocus: false, shouldRetryOnError: false });
}

/** GET /courier-scorecard: a page of cities over the dashboard's booking days. */
export function useScorecard(query: ScorecardQueryInput | null) {
  const onError = useUnauthorizedOnly();
  return useApi('analytics.scorecard', query && { query }, { dedupingInterval: DASHBOARD_CACHE_MS, keepPreviousData: true, onError, revalidateOnFocus: false, shouldRetryOnError: false });
}
