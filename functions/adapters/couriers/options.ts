import type { CourierId } from '../../domain/ports/courier';
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

export const PRODUCTION_BASE_URLS: Record<CourierId, CourierBaseUrls> = {
  LEOPARD: { api: 'https://merchantapi.leopardscourier.com/api/' },
  POSTEX: { api: 'https://api.postex.pk/services/integration/api/' },
  TCS: { api: 'https://ociconnect.tcscourier.com' },
  MNP: { api: 'https://mnpcourier.com/mycodapi/api/', tracking: 'https://tracking.mulphilog.com.pk/api/' },
};

/** Joins a base and a path without doubling or losing the slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
