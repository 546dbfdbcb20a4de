import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUPS, routes, type RouteDef } from '@dakiya/shared';
import { FUNCTIONS_DIR } from '../lib/paths';
import { synth } from './support';

/** Folders under functions/ with a handler.ts: each becomes a Lambda. */
function handlerFolders(): string[] {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(FUNCTIONS_DIR, entry.name, 'handler.ts')))
    .map((entry) => entry.name)
    .sort();
}

describe('a route cannot exist without a handler, nor the reverse', () => {
  const routeGroups = [...new Set((Object.values(routes) as RouteDef[]).map((route) => route.group))].sort();

  it('every group in GROUPS has at least one route, and every route names a group in GROUPS', () => {
    expect(routeGroups).toEqual([...GROUPS].sort());
  });

  it('the route groups are exactly the handler folders under functions/ (job rows have theirs under functions/jobs/)', () => {
    expect(handlerFolders()).toEqual(routeGroups);
  });

  it('fails the synth with a clear message when a group has no handler', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dakiya-no-handlers-'));
    expect(() => synth({ functionsDir: empty, bundle: false })).toThrow(/expected functions\/\w+\/handler\.ts/);
  });
});
