import { signQuery } from '../adapters/shopify';
import type { Scope } from '@dakiya/shared';
import { startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import { seedShop, seedUser, testDeps, TEST_SHOPIFY_SECRET, type CallInput, type SeededShop, type TestDeps } from './harness';

/**
 * Two shops on one table: A, whose data every case targets, and B, whose ADMIN must never reach A.
 * Actors get a fresh session per call so routes that end sessions (logout) cannot disturb other cases.
 */
export interface World {
  deps: TestDeps;
  a: SeededShop;
  b: SeededShop;
  couriers: CourierSims;
  stop(): Promise<void>;
}

export type Actor = 'anonymous' | 'userLacking' | 'userHolding' | 'admin' | 'otherShopAdmin';

export async function makeWorld(): Promise<World> {
  const couriers = await startCourierSims();
  const deps = await testDeps({}, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000' });
  return {
    deps, couriers, stop: () => couriers.stop(),
    a: await seedShop(deps, { plan: 'MONTHLY' }), b: await seedShop(deps, { plan: 'MONTHLY' }),
  };
}

export async function tokenFor(world: World, actor: Actor, needed: Scope | undefined): Promise<string | undefined> {
  const { deps, a, b } = world;
  switch (actor) {
    case 'anonymous':
      return undefined;
    case 'admin':
      return (await seedUser(deps, a.shop._id, { role: 'ADMIN' })).token;
    case 'otherShopAdmin':
      return (await seedUser(deps, b.shop._id, { role: 'ADMIN' })).token;
    case 'userHolding':
      return (await seedUser(deps, a.shop._id, { role: 'USER', scopes: needed ? [needed] : ['READ_ORDERS'] })).token;
    case 'userLacking': {
      const all: Scope[] = ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS', 'UPDATE_ORDERS', 'EXPORT_ORDERS', 'READ_ACCOUNTS', 'WRITE_ACCOUNTS', 'READ_SETTINGS', 'WRITE_SETTINGS', 'READ_ANALYTICS'];
      const scopes = all.filter((s) => s !== needed);
      return (await seedUser(deps, a.shop._id, { role: 'USER', scopes })).token;
    }
  }
}

/** A signed Shopify query for the install route, as Shopify's launch request carries it. */
export function signedShopifyQuery(shop: string, extra: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = { shop, timestamp: String(Math.floor(Date.now() / 1000)), ...extra };
  return { ...query, hmac: signQuery(query, TEST_SHOPIFY_SECRET) };
}

export type Fixture = (world: World) => Promise<CallInput> | CallInput;
