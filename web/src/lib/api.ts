import type { ErrorBody, RouteId, RouteInput, RouteOutput } from '@dakiya/shared';
import { config } from './config';
import { routeUrl } from '@dakiya/shared/route-url';
import { ROUTE_MANIFEST } from './route-manifest.gen';
import { getStoredToken } from './storage';

/** Fallback message of the error catalogue (spec 000 §8). */
export const GENERIC_ERROR = 'Something went wrong';
/**
 * No answer arrived (the connection dropped, the device is offline). Spec 000 §8's generic-fetch
 * 'Network response was not ok' tells a person nothing they can act on; this says what failed and what to do.
 */
export const NETWORK_ERROR = 'The connection failed. Check your internet connection and try again.';

/**
 * CloudFront refuses a URL (path and query) longer than this before any function runs; the client
 * does not send one and says why in the catalogue's words. Copies of MAX_URL_BYTES and the catalogue's
 * URI_TOO_LONG, kept here so a call loads no zod (api.test.ts holds them equal).
 */
export const MAX_URL_BYTES = 8192;
export const URL_TOO_LONG = { msg: 'This request is too long to send. Shorten the search and try again.', code: 'URI_TOO_LONG' } as const;

/** A non-2xx answer (or no answer: status 0). Carries the parsed body of the error catalogue's shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
    message: string,
    /** The route that failed: a newer failure of the same call replaces the older one's toast. */
    readonly route?: RouteId,
  ) {
    super(message);
  }

  /** The first error's code, e.g. 'INVALID_CREDENTIALS'. */
  get code(): string | undefined {
    return this.body?.errors?.[0]?.code;
  }

  get planLimitError(): boolean {
    return this.body?.plan_limit_error === true;
  }

  /** The request id a 5xx answer carries, for a person to quote to support. */
  get requestId(): string | undefined {
    const id = this.body?.request_id;
    return typeof id === 'string' && id !== '' ? id : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** errors[0].msg, else the body's `message`, else the catalogue's fallback. */
export function errorMessage(body: unknown, fallback = GENERIC_ERROR): string {
  if (body && typeof body === 'object') {
    const errors = (body as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      const first = errors[0] as { msg?: unknown } | undefined;
      if (first && typeof first.msg === 'string' && first.msg.trim() !== '') return first.msg;
    }
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/**
 * The URL of a route: the shared builder (`routeUrl`, zod-free) over the route's path from the generated,
 * zod-free manifest of the shared route table, so a call loads no schema.
 */
export function buildUrl<Id extends RouteId>(id: Id, input: RouteInput<Id> = {}, origin = config.apiOrigin): string {
  return routeUrl(origin, ROUTE_MANIFEST[id], input);
}

export interface ApiOptions {
  /** Use this token instead of the stored one (login with a token from the query string). */
  token?: string | null;
  signal?: AbortSignal;
  /** For tests. */
  fetch?: typeof fetch;
  origin?: string;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Call an API route by its id: `api('auth.login', { body })`, `api('auth.me')`.
 * Method and URL come from the route manifest, types from the shared route table. Throws `ApiError` for any non-2xx answer;
 * never shows a toast or redirects (the app does that in one place).
 */
export async function api<Id extends RouteId>(
  id: Id,
  input: RouteInput<Id> = {},
  options: ApiOptions = {},
): Promise<RouteOutput<Id>> {
  const def = ROUTE_MANIFEST[id];
  const token = options.token !== undefined ? options.token : getStoredToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = def.method !== 'GET' && def.method !== 'DELETE';
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  const origin = options.origin ?? config.apiOrigin;
  const url = buildUrl(id, input, origin);
  if (new TextEncoder().encode(url.slice(origin.length)).length > MAX_URL_BYTES) {
    throw new ApiError(414, { errors: [{ ...URL_TOO_LONG }] }, URL_TOO_LONG.msg, id);
  }

  let response: Response;
  try {
    response = await doFetch(url, {
      method: def.method,
      headers,
      body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, NETWORK_ERROR, id);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const errorBody = body && typeof body === 'object' ? (body as Partial<ErrorBody>) : null;
    const error = new ApiError(response.status, errorBody, errorMessage(body), id);
    if (error.requestId) lastFailure = { requestId: error.requestId, at: Date.now() };
    throw error;
  }
  return body as RouteOutput<Id>;
}

let lastFailure: { requestId: string; at: number } | null = null;
/** How long a server failure's request id stays "recent" for the error panel. */
export const RECENT_FAILURE_MS = 60_000;

/**
 * The request id of a server failure (5xx) of the last minute: a screen that breaks right after one most
 * likely broke on it, and the id lets support find the server's log line.
 */
export function recentFailureRequestId(now = Date.now()): string | undefined {
  return lastFailure && now - lastFailure.at <= RECENT_FAILURE_MS ? lastFailure.requestId : undefined;
}

/** SWR key of a read: `[routeId, input]`. */
export type ApiKey<Id extends RouteId = RouteId> = readonly [Id, RouteInput<Id>?];

export function apiKey<Id extends RouteId>(id: Id, input?: RouteInput<Id>): ApiKey<Id> {
  return input === undefined ? [id] : [id, input];
}

/** The one SWR fetcher. */
export function apiFetcher<Id extends RouteId>(key: ApiKey<Id>): Promise<RouteOutput<Id>> {
  const [id, input] = key;
  return api(id, input);
}
