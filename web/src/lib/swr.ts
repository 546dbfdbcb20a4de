import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { RouteId, RouteInput, RouteOutput } from '@dakiya/shared';
import { apiKey, type ApiError } from './api';

/**
 * Read a route through SWR with the key `[routeId, input]` and the one fetcher of `SWRConfig`.
 * Pass `null` as input to skip the call (e.g. until a parameter is known).
 */
export function useApi<Id extends RouteId>(
  id: Id,
  input: RouteInput<Id> | null = {},
  options?: SWRConfiguration<RouteOutput<Id>, ApiError>,
): SWRResponse<RouteOutput<Id>, ApiError> {
  return useSWR<RouteOutput<Id>, ApiError>(input === null ? null : apiKey(id, input), options ?? {});
}

/** A filter for `mutate(filter)`: every cached read of a route, whatever its input. */
export function isRouteKey(id: RouteId): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && key[0] === id;
}
