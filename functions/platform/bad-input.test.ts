import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ErrorBody, routes, routeIds, ZOD_DEFAULT_MESSAGE, type RouteDef, type RouteId } from '@dakiya/shared';
import type { z } from '@dakiya/shared';
import { call, type CallInput } from '../test-support/harness';
import { routeFixtures } from '../test-support/route-fixtures';
import { makeWorld, tokenFor, type World } from '../test-support/world';

/**
 * Bad input, generated from each route's own schemas: a valid fixture is broken one field at a time
 * (missing, null, wrong type, too long, wrong format) and the whole payload is replaced with junk.
 * Only breakages the schema itself rejects are sent; each must get a 4xx in the catalogue's shape,
 * never a 5xx, and leave the table exactly as it was.
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

const VALUES: unknown[] = [undefined, null, 12345, -1, true, '', 'x'.repeat(5000), {}, [], ['a'], 'not-an-id', '<script>alert(1)</script>', 1e308];
const TEXT_VALUES = ['', 'abc', '-1', '0', '99999999999999999999', 'x'.repeat(3000), '%00', 'null'];

interface Case { name: string; input: CallInput }

function rejects(schema: z.ZodType | undefined, value: unknown): boolean {
  return !!schema && !schema.safeParse(value).success;
}

function casesFor(route: RouteDef, valid: CallInput): Case[] {
  const cases: Case[] = [];
  if (route.body && route.kind !== 'raw') {
    for (const junk of ['{"a":', 'not json', '[]', '42', '"text"', 'null']) {
      if (junk === '{"a":' || junk === 'not json' || rejects(route.body, JSON.parse(junk))) cases.push({ name: `body ${junk}`, input: { ...valid, body: undefined, rawBody: junk } });
    }
    const body = (valid.body ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(body)) {
      for (const value of VALUES) {
        const broken = { ...body, [key]: value };
        if (value === undefined) delete broken[key];
        if (rejects(route.body, broken)) cases.push({ name: `body.${key}=${String(value).slice(0, 20)}`, input: { ...valid, body: broken } });
      }
    }
  }
  if (route.query) {
    const query = valid.query ?? {};
    for (const key of Object.keys(query)) {
      for (const value of [...TEXT_VALUES, undefined]) {
        const broken: Record<string, string> = { ...query };
        if (value === undefined) delete broken[key]; else broken[key] = value;
        if (rejects(route.query, broken)) cases.push({ name: `query.${key}=${String(value).slice(0, 20)}`, input: { ...valid, query: broken } });
      }
    }
  }
  if (route.params) {
    const params = valid.params ?? {};
    for (const key of Object.keys(params)) {
      for (const value of ['abc', 'g'.repeat(24), '0'.repeat(25), '..', 'x'.repeat(300)]) {
        const broken = { ...params, [key]: value };
        if (rejects(route.params, broken)) cases.push({ name: `params.${key}=${value.slice(0, 20)}`, input: { ...valid, params: broken } });
      }
    }
  }
  return cases;
}

async function snapshot(): Promise<string> {
  const items: unknown[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await world.deps.db.send(new ScanCommand({ TableName: world.deps.env.TABLE_NAME, ExclusiveStartKey: cursor, ConsistentRead: true }));
    items.push(...(page.Items ?? []).filter((i) => i.type !== 'session'));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return JSON.stringify(items.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))));
}

describe.each(routeIds.map((id) => [id]))('%s', (id: RouteId) => {
  const route: RouteDef = routes[id];
  it('answers every broken input with a 4xx in the catalogue shape and writes nothing', async () => {
    const valid = await routeFixtures[id](world);
    const needed = route.access.kind === 'scope' ? route.access.scope : undefined;
    const token = route.access.kind === 'public' || route.access.kind === 'shopify' ? undefined : await tokenFor(world, 'admin', needed);
    const cases = casesFor(route, valid);
    const before = await snapshot();
    for (const c of cases) {
      const res = await call(world.deps, id, { ...c.input, token });
      expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, c.name).toBeLessThan(500);
      expect(ErrorBody.safeParse(res.body).success, `${c.name}: ${JSON.stringify(res.body)}`).toBe(true);
      // said for a person: zod's own wording ("Invalid input: expected string, received undefined") never reaches a caller
      for (const entry of (res.body as ErrorBody).errors) expect(entry.msg, `${c.name}: ${JSON.stringify(res.body)}`).not.toMatch(ZOD_DEFAULT_MESSAGE);
    }
    expect(await snapshot()).toBe(before);
  });
});
