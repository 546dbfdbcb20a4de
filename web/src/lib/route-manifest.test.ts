import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_BASE as SHARED_API_BASE, routes } from '@dakiya/shared';
import { API_BASE, ROUTE_MANIFEST } from './route-manifest.gen';
import { renderRouteManifest, ROUTE_MANIFEST_FILE } from './route-manifest-render';

describe('the route manifest (route-manifest.gen.ts)', () => {
  it('holds exactly the ids, methods and paths of the shared route table', () => {
    expect(API_BASE).toBe(SHARED_API_BASE);
    const fromTable = Object.fromEntries(Object.entries(routes).map(([id, def]) => [id, { method: def.method, path: def.path }]));
    expect(ROUTE_MANIFEST).toEqual(fromTable);
  });

  it('is the file the vite plugin writes (regenerate with a build when this fails)', () => {
    const file = new URL(`../../${ROUTE_MANIFEST_FILE}`, import.meta.url);
    expect(fs.readFileSync(file, 'utf8')).toBe(renderRouteManifest({ apiBase: SHARED_API_BASE, routes }));
  });

  it('carries no runtime import: only types come from @dakiya/shared', () => {
    const text = renderRouteManifest({ apiBase: SHARED_API_BASE, routes });
    const imports = text.split('\n').filter((line) => line.startsWith('import'));
    expect(imports).toEqual(["import type { Method, RouteId } from '@dakiya/shared';"]);
  });
});
