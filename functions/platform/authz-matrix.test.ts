import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, routes, routeIds, type Access, type RouteDef, type RouteId } from '@dakiya/shared';
import { call } from '../test-support/harness';
import { routeFixtures } from '../test-support/route-fixtures';
import { makeWorld, tokenFor, type Actor, type World } from '../test-support/world';

/**
 * The authorization matrix, driven by the route table: every route as every actor, with the answer
 * the route's access rule demands. New routes join automatically (their fixture is required).
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

type Expectation = { status: number; code: keyof typeof ERRORS } | 'allowed';

function expected(access: Access, actor: Actor): Expectation | 'skip' {
  if (access.kind === 'byQuery') return expected(access.otherwise, actor);
  if (access.kind === 'public' || access.kind === 'shopify') return 'skip';
  if (actor === 'anonymous') return { status: 401, code: 'UNAUTHORIZED' };
  if (access.kind === 'admin') return actor === 'admin' || actor === 'otherShopAdmin' ? 'allowed' : { status: 403, code: 'ADMIN_ONLY' };
  if (access.kind === 'scope' && actor === 'userLacking') return { status: 403, code: 'MISSING_SCOPE' };
  return 'allowed';
}

const actors: Actor[] = ['anonymous', 'userLacking', 'userHolding', 'admin'];

describe.each(routeIds.map((id) => [id]))('%s', (id: RouteId) => {
  const route: RouteDef = routes[id];
  const needed = route.access.kind === 'scope' ? route.access.scope : undefined;

  it.each(actors.map((a) => [a]))('as %s', async (actor) => {
    const rule = expected(route.access, actor);
    if (rule === 'skip') return;
    const input = await routeFixtures[id](world);
    const res = await call(world.deps, id, { ...input, token: await tokenFor(world, actor, needed) });
    if (rule === 'allowed') {
      // the access rule let it through: whatever the operation answers, it is neither a refusal nor a crash
      expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    } else {
      expect(res.status).toBe(rule.status);
      expect(res.body.errors[0]).toEqual({ msg: ERRORS[rule.code].msg, code: rule.code });
    }
  });

  it("as another shop's ADMIN, never sees or touches this shop's data", async () => {
    if (route.access.kind === 'public' || route.access.kind === 'shopify') return;
    const input = await routeFixtures[id](world);
    const res = await call(world.deps, id, { ...input, token: await tokenFor(world, 'otherShopAdmin', needed) });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (input.params && Object.keys(input.params).length) {
      // ids of shop A resolve to nothing under shop B
      expect(res.status).toBe(404);
    }
    const text = JSON.stringify(res.body ?? '');
    expect(text).not.toContain(world.a.shop._id);
    expect(text).not.toContain(world.a.owner.email);
    expect(text).not.toContain(world.a.shop.domain);
  });

  it('Shopify-signed routes refuse unsigned requests', async () => {
    if (route.access.kind !== 'shopify') return;
    const input = await routeFixtures[id](world);
    const unsigned = { ...input, query: input.query ? { ...input.query, hmac: '0'.repeat(64) } : undefined };
    const res = await call(world.deps, id, unsigned);
    expect([400, 401]).toContain(res.status);
    expect(res.body.errors[0].code).toMatch(/^SHOPIFY_/);
  });
});
