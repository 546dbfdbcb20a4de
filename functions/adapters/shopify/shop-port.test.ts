import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, CLIENT_ID, CLIENT_SECRET, SHOP, API_VERSION, type Harness } from '../../../local/simulators/shopify/test-fixture';
import { testDeps, seedShop } from '../../test-support/harness';
import type { Deps } from '../../domain/ports/deps';
import { refreshAccessToken } from './oauth';
import type { ShopTarget } from '../../domain/ports/shopify';
import { createShopifyPort } from './shop-port';

/**
 * The Shopify port against the simulator and the shop's item on DynamoDB Local. Each "container" is
 * a port of its own (its own caches) over the same table, as two Lambdas would be.
 */
let h: Harness;
let deps: Deps;
let shop: ShopTarget;
let decrypts = 0;
let sleeps: number[] = [];
let throttledAnswers = 0;

function container(extra: { refreshLeaseMs?: number } = {}) {
  return createShopifyPort({
    origin: h.sim.originTemplate, apiVersion: API_VERSION, clientId: CLIENT_ID, clientSecrets: async () => [CLIENT_SECRET],
    fetch, store: deps.shopifyTokens,
    decrypt: (blob, id) => { decrypts += 1; return deps.secrets.decrypt(blob, id); },
    encrypt: (plain, id) => deps.secrets.encrypt(plain, id),
    nowMs: () => h.sim.control.now(),
    sleep: async (ms) => { sleeps.push(ms); h.sim.control.advance(ms); await new Promise((r) => setTimeout(r, 5)); },
    onCost: (_shop, cost) => { if (cost.actualQueryCost === null) throttledAnswers += 1; },
    ...extra,
  });
}

/** Installs through the simulator's OAuth and stores the sealed pair, expiring `expiresInMs` from now. */
async function install(expiresInMs?: number) {
  const tokens = await h.install();
  const expiresAt = expiresInMs === undefined ? tokens.expiresAt : new Date(h.sim.control.now() + expiresInMs).toISOString();
  await deps.shopifyTokens.replace(shop._id, {
    accessToken: await deps.secrets.encrypt(tokens.accessToken, shop._id), accessTokenExpiresAt: expiresAt,
    refreshToken: await deps.secrets.encrypt(tokens.refreshToken!, shop._id), refreshTokenExpiresAt: tokens.refreshTokenExpiresAt, scopes: tokens.scopes,
  });
  return tokens;
}

const refreshCalls = () => h.sim.control.calls({ kind: 'access-token' }).filter((c) => c.grantType === 'refresh_token');

beforeAll(async () => {
  h = await startHarness();
  deps = await testDeps();
  const seeded = await seedShop(deps, { domain: SHOP });
  shop = { _id: seeded.shop._id, domain: SHOP };
});
afterAll(async () => { await h.stop(); });
beforeEach(() => { decrypts = 0; sleeps = []; throttledAnswers = 0; h.sim.control.clearCalls(); h.sim.control.clearFaults(); });

describe('deps.shopifyFor(shop)', () => {
  it('decrypts the token once per container and version, however many calls follow', async () => {
    await install();
    const port = container();
    for (let i = 0; i < 3; i++) await expect(port(shop).getShop()).resolves.toMatchObject({ name: 'Chai Wala' });
    expect(decrypts).toBe(1);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('refreshes an expiring token before it lapses and stores the rotated pair as the next version', async () => {
    await install(5 * 60_000);
    const before = (await deps.shopifyTokens.read(shop._id))!;
    await expect(container()(shop).getShop()).resolves.toMatchObject({ name: 'Chai Wala' });
    expect(refreshCalls()).toHaveLength(1);
    const after = (await deps.shopifyTokens.read(shop._id))!;
    expect(after.version).toBe(before.version + 1);
    expect(after.accessTokenExpiresAt).toBe(new Date(h.sim.control.now() + 3600_000).toISOString());
    expect(await deps.secrets.decrypt(after.refreshToken!, shop._id)).not.toBe(await deps.secrets.decrypt(before.refreshToken!, shop._id));
  });

  it('two containers refreshing at once: one refresh at Shopify, both answer, and the stored refresh token is the live one', async () => {
    await install(60_000);
    const [a, b] = [container(), container()];
    const results = await Promise.all([a(shop).getShop(), b(shop).getShop(), a(shop).getShop(), b(shop).getShop()]);
    expect(results.map((r) => r.name)).toEqual(['Chai Wala', 'Chai Wala', 'Chai Wala', 'Chai Wala']);
    expect(refreshCalls()).toHaveLength(1);

    // past Shopify's retry window only the latest refresh token works: the stored one must be it
    h.sim.control.advance(60_000);
    const stored = (await deps.shopifyTokens.read(shop._id))!;
    const next = await refreshAccessToken({
      shop: SHOP, origin: h.sim.originTemplate, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch,
      refreshToken: await deps.secrets.decrypt(stored.refreshToken!, shop._id),
    });
    expect(next.accessToken).toMatch(/^shpat_/);
  });

  it('with a lapsed token and another container refreshing, waits for its new version instead of refreshing again', async () => {
    await install(-1_000);
    const stored = (await deps.shopifyTokens.read(shop._id))!;
    const now = h.sim.control.now();
    expect(await deps.shopifyTokens.claimRefresh(shop._id, stored.version, now, now + 30_000)).toBe(true);
    const waiting = container()(shop).getShop();
    // the other container finishes its refresh a moment later
    await new Promise((r) => setTimeout(r, 50));
    const rotated = await refreshAccessToken({
      shop: SHOP, origin: h.sim.originTemplate, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch,
      refreshToken: await deps.secrets.decrypt(stored.refreshToken!, shop._id), nowMs: () => h.sim.control.now(),
    });
    expect(await deps.shopifyTokens.saveRefreshed(shop._id, stored.version, {
      accessToken: await deps.secrets.encrypt(rotated.accessToken, shop._id), accessTokenExpiresAt: rotated.expiresAt,
      refreshToken: await deps.secrets.encrypt(rotated.refreshToken!, shop._id), scopes: rotated.scopes,
    })).toBe(true);
    await expect(waiting).resolves.toMatchObject({ name: 'Chai Wala' });
    expect(refreshCalls()).toHaveLength(1);
    expect(sleeps.length).toBeGreaterThan(0);
  });

  it('a stale writer cannot overwrite a newer version', async () => {
    await install();
    const stored = (await deps.shopifyTokens.read(shop._id))!;
    expect(await deps.shopifyTokens.saveRefreshed(shop._id, stored.version - 1, { accessToken: 'x', scopes: [] })).toBe(false);
    expect((await deps.shopifyTokens.read(shop._id))!.accessToken).toBe(stored.accessToken);
  });

  it('backs off on THROTTLED by the bucket\'s throttleStatus, then paces later calls instead of being throttled', async () => {
    await install();
    const port = container();
    await port(shop).getOrder('1');
    h.sim.control.setBucket(SHOP, { currentlyAvailable: 0, restoreRate: 50 });
    h.sim.control.clearCalls();
    await port(shop).listOrders({ first: 50 });
    // one THROTTLED answer, then a wait of (requested − available) / restoreRate, then the same call again
    expect(h.sim.control.calls({ kind: 'graphql' })).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(1000);

    // the bucket and the document's cost are known now: the next call waits first (in naps it
    // re-checks, as answers landing meanwhile may shorten the wait) and is sent once
    h.sim.control.clearCalls();
    sleeps = [];
    await port(shop).listOrders({ first: 50 });
    expect(h.sim.control.calls({ kind: 'graphql' })).toHaveLength(1);
    expect(sleeps.length).toBeGreaterThan(1);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(200);
  });

  it('admits parallel requests of one shop one after another, counting the points still in flight, so none is THROTTLED', async () => {
    await install();
    h.sim.control.setBucket(SHOP, { currentlyAvailable: 2000, maximumAvailable: 2000, restoreRate: 50 });
    const port = container();
    await port(shop).listOrders({ first: 50 });
    expect(h.sim.control.calls({ kind: 'graphql' })).toHaveLength(1);
    // room for about two of these reads: six at once must queue, not be refused
    h.sim.control.setBucket(SHOP, { currentlyAvailable: 0, restoreRate: 50 });
    await port(shop).listOrders({ first: 50 });
    h.sim.control.clearCalls();
    sleeps = [];
    throttledAnswers = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => port(shop).listOrders({ first: 50 })));
    expect(answers).toHaveLength(6);
    const calls = h.sim.control.calls({ kind: 'graphql' });
    expect(calls).toHaveLength(6);
    expect(throttledAnswers).toBe(0);
    expect(sleeps.length).toBeGreaterThan(0);
  });
});
