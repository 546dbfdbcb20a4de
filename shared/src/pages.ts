import type { Group } from './routes';

/**
 * Pages a function renders on the server, outside the API's base path: CloudFront sends their path
 * pattern to the HTTP API (infra/lib/web.ts), which routes them to their group's function; the local
 * gateway does the same. The public tracking page ships no JavaScript, so it cannot be part of the SPA.
 */
export const pages = {
  'tracking.page': { method: 'GET', path: '/track/{track_number}', pattern: '/track/*', group: 'tracking' },
} as const satisfies Record<string, { method: 'GET'; path: string; pattern: string; group: Group }>;

export type PageId = keyof typeof pages;

/** The HTTP API's route key of a page (`GET /track/{track_number}`), as an event carries it. */
export const pageRouteKey = (id: PageId) => `${pages[id].method} ${pages[id].path}`;

/** The page a path is, with its one parameter still URI-encoded; undefined for any other path. */
export function matchPage(method: string, path: string): { id: PageId; params: Record<string, string> } | undefined {
  for (const [id, page] of Object.entries(pages) as [PageId, (typeof pages)[PageId]][]) {
    if (method !== page.method) continue;
    const [, name] = /\{(\w+)\}/.exec(page.path)!;
    const prefix = page.path.slice(0, page.path.indexOf('{'));
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : '';
    if (rest && !rest.includes('/')) return { id, params: { [name!]: rest } };
  }
  return undefined;
}
