/**
 * A route's address: origin, API_BASE, the route's path with its `{params}` filled, and the query.
 * The one builder every caller uses (the web client, the local scripts' client, the function tests);
 * zod-free, so the browser's calls load no schema.
 */

export const API_BASE = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** Fill `{name}` segments; values are URI-encoded so an id can never change the path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * `?a=1&b=x` from an object. Empty values are left out; arrays are joined with commas (the form
 * API Gateway HTTP APIs deliver repeated keys in anyway).
 */
export function buildQuery(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.map(String).join(',') : String(raw);
    if (value === '') continue;
    search.append(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What a call puts in the address; typed per route by its callers (RouteInput). */
export interface RouteUrlInput {
  params?: unknown;
  query?: unknown;
}

/** `https://app.dakiya.pk/api/v1/get-user-to-edit/abc?x=1`: `origin` is '' for an address on the same origin. */
export function routeUrl(origin: string, route: { readonly path: string }, input: RouteUrlInput = {}): string {
  const path = buildPath(route.path, input.params as Record<string, string> | undefined);
  return `${origin}${API_BASE}${path}${buildQuery(input.query as Record<string, QueryValue> | undefined)}`;
}
