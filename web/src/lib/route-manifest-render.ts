/**
 * Renders `route-manifest.gen.ts`: every route id with its method and path, and API_BASE, as plain data.
 * The browser builds URLs from that file instead of the shared route table, which carries every zod
 * schema. `vite.config.ts` re-renders it from `shared/src/routes.ts` on each build and dev start;
 * `route-manifest.test.ts` fails when it drifts from the table.
 *
 * Pure: the caller passes the table, so nothing here pulls zod into a bundle.
 */
export interface ManifestSource {
  apiBase: string;
  routes: Record<string, { method: string; path: string }>;
}

export const ROUTE_MANIFEST_FILE = 'src/lib/route-manifest.gen.ts';

/** A single-quoted TypeScript string literal. */
function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function renderRouteManifest({ apiBase, routes }: ManifestSource): string {
  const lines = Object.entries(routes).map(([id, { method, path }]) => `  ${quote(id)}: { method: ${quote(method)}, path: ${quote(path)} },`);
  return [
    '// Generated from shared/src/routes.ts by the route-manifest plugin of web/vite.config.ts. Do not edit.',
    '// The browser builds URLs from this zod-free copy; route-manifest.test.ts proves it equals the table.',
    "import type { Method, RouteId } from '@dakiya/shared';",
    '',
    `export const API_BASE = ${quote(apiBase)};`,
    '',
    'export const ROUTE_MANIFEST: { readonly [Id in RouteId]: { readonly method: Method; readonly path: string } } = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
