import type { RouteId, RouteInput } from '@dakiya/shared';
import { isApiError } from '../../lib/api';
import { useApi } from '../../lib/swr';

/**
 * Staff statistics are never cached (spec 000 §7): no copy is shared between reads or kept for a later
 * visit. Every read asks the server; `StaffStatsCache` gives the staff screens a cache of their own
 * that goes with them.
 */
export const UNCACHED = { dedupingInterval: 0, revalidateOnMount: true, revalidateIfStale: true, revalidateOnFocus: false, keepPreviousData: false } as const;

export function useStaffApi<Id extends RouteId>(id: Id, input: RouteInput<Id> | null) {
  return useApi(id, input, UNCACHED);
}

/** The spec's staff page error: the server's first message, else its fallback. */
export const STAFF_ERROR = 'Something went wrong. Please try again later';

/** Spec 000 §8: the first message of the server's errors list, else STAFF_ERROR (a dropped connection has no server message). */
export function staffErrorMessage(error: unknown): string {
  const msg = isApiError(error) ? error.body?.errors?.[0]?.msg : undefined;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : STAFF_ERROR;
}
