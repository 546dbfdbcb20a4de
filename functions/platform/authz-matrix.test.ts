import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ERRORS, routes, routeIds, type Access, type ErrorCode, type RouteDef, type RouteId, type Scope } from '@dakiya/shared';
import { call, type CallInput } from '../test-support/harness';
import { allowedAnswers, routeFixtures, type Answer } from '../test-support/route-fixtures';
import { forFreeShop, makeWorld, tokenFor, type Actor, type World } from '../test-support/world';

/**
 * The authorization matrix, driven by the route table: every route (and every case of a `byQuery`
 * rule) as every actor, each with the exact answer its access rule demands, the allowed ones
 * included. Calls by another shop's ADMIN must leave shop A's partition exactly as it was. New
 * routes join automatically: their fixture and allowed answer are required. A case that does not
 * apply is skipped with its reason and counted as skipped, never passed.
 */
let world: World;
// every route's fixture books its own orders of shop A (each route, each role): issues 16, 18 and 20's
// routes together need more than 60
beforeAll(async () => { world = await makeWorld({ orders: 90 }); });
afterAll(async () => { await world?.stop(); });

interface Variant {
  name: string;
  access: Access;
  /** Merged over the fixture's query (a byQuery case). */
  query?: Record<string, string>;
}

/** The default rule, then one variant per case of a byQuery rule, each with the query that selects it. */
function variantsOf(route: RouteDef): Variant[] {
  if (route.access.kind !== 'byQuery') return [{ name: '', access: route.access }];
  const { param, cases, otherwise } = route.access;
  return [
    { name: ` (${param} not one of ${Object.keys(cases).join(', ')})`, access: otherwise },
    ...Object.entries(cases).map(([value, access]) => ({ name: ` (${param}=${value})`, access, query: { [param]: value } })),
  ];
}

const neededScope = (access: Access): Scope | undefined => (access.kind === 'scope' ? access.scope : undefined);
const refusal = (code: ErrorCode): Answer => ({ status: ERRORS[code].status, code });

type Expectation = { answer: Answer } | { skip: string };

function expectation(id: RouteId, route: RouteDef, access: Access, actor: Actor): Expectation {
  const allowed = { answer: allowedAnswers[id] };
  if (access.kind === 'shopify') {
    return actor === 'anonymous' ? allowed : { skip: 'Shopify-signed: the signature decides who may call, a session changes nothing' };
  }
  if (access.kind === 'public') {
    return actor === 'otherShopAdmin' ? { skip: "public: the request's own input (not the caller's shop) decides what it touches" } : allowed;
  }
  if (actor === 'anonymous') return { answer: refusal('UNAUTHORIZED') };
  if (access.kind === 'admin' && (actor === 'userLacking' || actor === 'userHolding')) return { answer: refusal('ADMIN_ONLY') };
  if (access.kind === 'scope' && actor === 'userLacking') return { answer: refusal('MISSING_SCOPE') };
  if (route.paidOnly && actor === 'freeAdmin') return { answer: refusal('PLAN_FEATURE') };
  const onFree = allowedAnswers[id].onFree;
  if (onFree && actor === 'freeAdmin') return { answer: onFree };
  return allowed;
}

const ACTORS: Actor[] = ['anonymous', 'userLacking', 'userHolding', 'admin', 'freeAdmin', 'otherShopAdmin'];

/** Every item under shop A's partition key, sorted, as text. */
async function partitionOf(shopId: string): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await world.deps.db.send(new QueryCommand({
      TableName: world.deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `SHOP#${shopId}` },
      ConsistentRead: true, ExclusiveStartKey: cursor,
    }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return JSON.stringify(items.map((item) => JSON.stringify(item)).sort());
}

/** The ids of shop A's items that the request names anywhere (path, query or body), its Shopify orders' ids included. */
function idsOfAIn(input: CallInput, partition: string): string[] {
  const ids = new Set([...(partition.match(/[0-9a-f]{24}/g) ?? []), ...world.shopify.control.orders(world.a.shop.domain).map((order) => order.id)]);
  const sent = JSON.stringify([input.params, input.query, input.body]);
  // and A's bookings by tracking number (the booking and cancel paths name those)
  const named = [...partition.matchAll(/trackingNumber\\":\\"([^"\\]+)\\"/g)].map((m) => m[1]!).filter((tn) => sent.includes(`"${tn}"`));
  return [...new Set([...(sent.match(/[0-9a-f]{24}|\d{13,20}/g) ?? []).filter((id) => ids.has(id)), ...named])];
}

async function fixtureFor(id: RouteId, variant: Variant, w: World): Promise<CallInput> {
  const input = await routeFixtures[id](w);
  return variant.query ? { ...input, query: { ...input.query, ...variant.query } } : input;
}

const ACCESS_REFUSALS: ErrorCode[] = ['UNAUTHORIZED', 'ADMIN_ONLY', 'MISSING_SCOPE', 'PLAN_FEATURE'];

function expectAnswer(res: { status: number; body: { errors?: { code: string; msg: string }[] } }, answer: Answer) {
  expect(res.status, JSON.stringify(res.body)).toBe(answer.status);
  if (answer.status >= 400) {
    expect(res.body.errors?.[0]?.code, JSON.stringify(res.body)).toBe(answer.code);
    // a refusal by the access rule reads exactly as the catalogue says
    if (answer.code && ACCESS_REFUSALS.includes(answer.code)) {
      expect(res.body.errors?.[0]).toEqual({ msg: ERRORS[answer.code].msg, code: answer.code, ...(answer.param ? { param: answer.param } : {}) });
    }
  }
}

describe.each(routeIds.map((id) => [id]))('%s', (id: RouteId) => {
  const route: RouteDef = routes[id];

  for (const variant of variantsOf(route)) {
    for (const actor of ACTORS) {
      const rule = expectation(id, route, variant.access, actor);
      const name = `as ${actor}${variant.name}`;
      if ('skip' in rule) {
        it.skip(`${name}: ${rule.skip}`, () => undefined);
        continue;
      }
      if (actor === 'otherShopAdmin') {
        it(`${name}: never sees or changes shop A's data`, async () => {
          const input = await fixtureFor(id, variant, world);
          const before = await partitionOf(world.a.shop._id);
          const named = idsOfAIn(input, before);
          const res = await call(world.deps, id, { ...input, token: await tokenFor(world, actor, neededScope(variant.access)) });
          // a request naming A's items finds nothing under B; any other acts on B's own data
          expectAnswer(res, named.length ? allowedAnswers[id].namingAnotherShop ?? refusal('NOT_FOUND') : rule.answer);
          expect(await partitionOf(world.a.shop._id)).toBe(before);
          const text = JSON.stringify(res.body ?? '');
          for (const secret of [world.a.shop._id, world.a.owner.email, world.a.shop.domain, ...named]) expect(text).not.toContain(secret);
        });
        continue;
      }
      it(name, async () => {
        const w = actor === 'freeAdmin' ? forFreeShop(world) : world;
        const input = await fixtureFor(id, variant, w);
        const res = await call(world.deps, id, { ...input, token: await tokenFor(world, actor, neededScope(variant.access)) });
        expectAnswer(res, rule.answer);
      });
    }
  }

  if (route.access.kind === 'shopify') {
    it('refuses a request whose signature does not match', async () => {
      const input = await routeFixtures[id](world);
      const headers = input.headers?.['x-shopify-hmac-sha256'] ? { ...input.headers, 'x-shopify-hmac-sha256': Buffer.alloc(32).toString('base64') } : input.headers;
      const query = input.query?.hmac ? { ...input.query, hmac: '0'.repeat(64) } : input.query;
      const res = await call(world.deps, id, { ...input, headers, query });
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toEqual({ msg: ERRORS.SHOPIFY_HMAC_INVALID.msg, code: 'SHOPIFY_HMAC_INVALID' });
    });
  }
});
