import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GROUPS, routes, routeIds } from '@dakiya/shared';
import { operationsByGroup } from './registry';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the route table and the handlers are the same set', () => {
  it.each(GROUPS.map((g) => [g]))('group %s: one operation per route, none without a route', (group) => {
    const fromTable = routeIds.filter((id) => routes[id].group === group).sort();
    expect(Object.keys(operationsByGroup[group]).sort()).toEqual(fromTable);
    expect(fromTable.length).toBeGreaterThan(0);
  });

  it('every group has its Lambda entry and no entry lacks a group', async () => {
    const entries = fs.readdirSync(here).filter((d) => fs.existsSync(path.join(here, d, 'handler.ts')));
    expect(entries.sort()).toEqual([...GROUPS].sort());
    for (const group of GROUPS) {
      const mod = (await import(`./${group}/handler.ts`)) as { handler?: unknown };
      expect(typeof mod.handler).toBe('function');
    }
  });

  it('no two routes share a method and path', () => {
    const keys = routeIds.map((id) => `${routes[id].method} ${routes[id].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
