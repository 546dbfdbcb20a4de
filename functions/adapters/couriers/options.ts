import type { CourierAdapter, CourierCredentials, CourierId } from '../../domain/ports/courier';
import type { FetchLike } from './http';

/** Where each courier lives. M&P tracks on a second host. */
export interface CourierBaseUrls {
  api: string;
  tracking?: string;
}

export interface CourierAdapterOptions {
  fetch?: FetchLike;
  baseUrls?: CourierBaseUrls;
  /** Per HTTP call, including reading the body. */
  timeoutMs?: number;
  /** Today's date for date-windowed look-ups (PostEx order search); simulators run on their own clock. */
  now?: () => number;
}

export interface ResolvedOptions {
  fetch: FetchLike;
  baseUrls: CourierBaseUrls;
  timeoutMs: number;
  now: () => number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** What each adapter folder exports: its courier, where the courier lives, and the factory. */
export interface CourierModule {
  id: CourierId;
  productionUrls: CourierBaseUrls;
  create(credentials: CourierCredentials, options: ResolvedOptions): CourierAdapter;
}

/** Joins a base and a path without doubling or losing the slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
