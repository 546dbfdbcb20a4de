import { signQuery } from '../adapters/shopify';
import { SCOPE_CATALOGUE, type Scope } from '@dakiya/shared';
import { startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import type { ShopifySim } from '../../local/simulators/shopify';
import { connectShop, shopifyTestEnv, startTestShopify, subscribeShop } from './shopify-shops';
import { seedShop, seedUser, testDeps, TEST_SHOPIFY_SECRET, type CallInput, type SeededShop, type TestDeps } from './harness';

/**
 * Three shops on one table: A (paid), whose data every case targets; B (paid), whose ADMIN must never
 * reach A; F (free), whose ADMIN runs each case against F's own data (`forFreeShop`). All three are
 * installed in the Shopify simulator, and A and B pay through an approved Shopify charge, so a plan
 * check reads the plan they have.
 * Actors get a fresh session per call so routes that end sessions (logout) cannot disturb other cases.
 */
export interface World {
  deps: TestDeps;
  a: SeededShop;
  b: SeededShop;
  free: SeededShop;
  couriers: CourierSims;
  /** Each shop's store on the simulator, the app installed (numeric order ids differ between stores). */
  shopify: ShopifySim;
  stop(): Promise<void>;
}

export type Actor = 'anonymous' | 'userLacking' | 'userHolding' | 'admin' | 'freeAdmin' | 'otherShopAdmin';

/** Every scope of the catalogue the screens show (spec 000 §3), not a list of our own. */
export const CATALOGUE_SCOPES: readonly Scope[] = SCOPE_CATALOGUE.flatMap((group) => group.scopes.map((entry) => entry.scope));

/** `orders`: how many orders each simulator store holds (30 unless asked: the authorization matrix books more); `now`: the app's clock, for tests that move it. */
export async function makeWorld(opts: { orders?: number; now?: () => Date } = {}): Promise<World> {
  const couriers = await startCourierSims();
  const shopify = await startTestShopify();
  const deps = await testDeps(opts.now ? { now: opts.now } : {}, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000', ...shopifyTestEnv(shopify) });
  // every shop on FREE, installed on its simulator store; A and B then pay through an approved charge
  const [a, b, free] = [await seedShop(deps), await seedShop(deps), await seedShop(deps)];
  for (const seeded of [a, b, free]) await connectShop(shopify, deps, seeded.shop, { orders: opts.orders });
  for (const paid of [a, b]) paid.shop = await subscribeShop(deps, paid.shop, 'MONTHLY');
  return { deps, couriers, shopify, stop: async () => { await couriers.stop(); await shopify.stop(); }, a, b, free };
}

/** The world as the free shop's cases see it: fixtures build their data under `a`, which is F here. */
export function forFreeShop(world: World): World {
  return { ...world, a: world.free };
}

/** A fresh session of the actor: `needed` is the scope the route asks for (none: signed in or ADMIN). */
export async function tokenFor(world: World, actor: Actor, needed: Scope | undefined): Promise<string | undefined> {
  const { deps, a, b, free } = world;
  switch (actor) {
    case 'anonymous':
      return undefined;
    case 'admin':
      return (await seedUser(deps, a.shop._id, { role: 'ADMIN' })).token;
    case 'freeAdmin':
      return (await seedUser(deps, free.shop._id, { role: 'ADMIN' })).token;
    case 'otherShopAdmin':
      return (await seedUser(deps, b.shop._id, { role: 'ADMIN' })).token;
    case 'userHolding':
      // only the scope the route needs (a route for any signed-in user: one unrelated scope)
      return (await seedUser(deps, a.shop._id, { role: 'USER', scopes: [needed ?? CATALOGUE_SCOPES[0]!] })).token;
    case 'userLacking':
      // every scope of the catalogue but the one the route needs (an ADMIN route: every scope, still a USER)
      return (await seedUser(deps, a.shop._id, { role: 'USER', scopes: CATALOGUE_SCOPES.filter((s) => s !== needed) })).token;
  }
}

/** A signed Shopify query for the install route, as Shopify's launch request carries it. */
export function signedShopifyQuery(shop: string, extra: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = { shop, timestamp: String(Math.floor(Date.now() / 1000)), ...extra };
  return { ...query, hmac: signQuery(query, TEST_SHOPIFY_SECRET) };
}

export type Fixture = (world: World) => Promise<CallInput> | CallInput;
