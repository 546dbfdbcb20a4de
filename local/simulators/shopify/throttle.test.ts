import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopifyError, ShopifyUnauthorizedError } from '../../../functions/domain/ports/shopify';
import type { ShopifyClient } from '../../../functions/adapters/shopify/graphql';
import { SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
let client: ShopifyClient;
beforeEach(async () => {
  h = await startHarness({ orders: 10 });
  client = h.client((await h.install()).accessToken);
  h.sim.control.clearCalls();
});
afterEach(() => h.stop());

const graphqlCalls = () => h.sim.control.calls({ kind: 'graphql' });

describe('throttling and faults', () => {
  it('backs off for exactly (requested − available) / restoreRate when the bucket is empty', async () => {
    h.sim.control.setBucket(SHOP, { currentlyAvailable: 0 });
    const page = await client.listOrders({ first: 50 });
    expect(page.orders).toHaveLength(10);
    const calls = graphqlCalls();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.status).toBe(200);
    // The listOrders document costs 2 + 50 × 4 = 202 points; restore rate 100/s.
    expect(h.sleeps).toEqual([2020]);
  });

  it('retries forced THROTTLED a bounded number of times, sleeping each time', async () => {
    h.sim.control.failNext('throttled', 3);
    await expect(client.getShop()).resolves.toMatchObject({ name: 'Chai Wala' });
    expect(graphqlCalls().map((c) => c.fault ?? 'ok')).toEqual(['throttled', 'throttled', 'throttled', 'ok']);
    expect(h.sleeps).toHaveLength(3);
    expect(h.sleeps.every((ms) => ms >= 250)).toBe(true);

    h.sleeps.length = 0;
    h.sim.control.failNext('throttled', 10);
    const error = (await client.getShop().catch((e: unknown) => e)) as ShopifyError;
    expect(error.code).toBe('THROTTLED');
    expect(graphqlCalls()).toHaveLength(4 + 5);
    expect(h.sleeps).toHaveLength(4);
    h.sim.control.clearFaults();
  });

  it('honours 429 Retry-After and retries 5xx for queries', async () => {
    h.sim.control.failNext('429');
    h.sim.control.failNext('503');
    h.sim.control.failNext('500');
    await expect(client.getShop()).resolves.toMatchObject({ currencyCode: 'PKR' });
    expect(graphqlCalls().map((c) => c.status)).toEqual([429, 503, 500, 200]);
    expect(h.sleeps).toEqual([2000, 2000, 4000]);
  });

  it('in 429 mode answers an empty bucket with HTTP 429 instead of THROTTLED', async () => {
    h.sim.control.setBucket(SHOP, { currentlyAvailable: 0, mode: '429' });
    await expect(client.getShop()).resolves.toBeDefined();
    expect(graphqlCalls().map((c) => c.status)).toEqual([429, 200]);
    expect(h.sleeps).toEqual([2000]);
  });

  it('gives up on a hung attempt after its timeout and retries the query', async () => {
    h.sim.control.failNext('timeout');
    const impatient = h.client((await h.install()).accessToken, { timeoutMs: 200 });
    h.sim.control.clearCalls();
    await expect(impatient.getShop()).resolves.toMatchObject({ name: 'Chai Wala' });
    expect(graphqlCalls().map((c) => c.fault ?? 'ok')).toEqual(['timeout', 'ok']);
    expect(h.sleeps).toEqual([1000]);
  });

  it('does not retry a mutation after a 500', async () => {
    h.sim.control.failNext('500');
    const id = h.sim.control.orders(SHOP)[0]?.id ?? '';
    await expect(client.addTags(id, ['x'])).rejects.toMatchObject({ code: 'SERVER', status: 500 });
    expect(graphqlCalls()).toHaveLength(1);
  });

  it('reports MAX_COST_EXCEEDED without retrying and without touching the bucket', async () => {
    const error = (await client
      .request('query { orders(first: 250) { nodes { lineItems(first: 50) { nodes { id } } } } }')
      .catch((e: unknown) => e)) as ShopifyError;
    expect(error.code).toBe('MAX_COST_EXCEEDED');
    expect(error.graphqlErrors[0]?.extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', maxCost: 1000 });
    expect(graphqlCalls()).toHaveLength(1);
  });

  it('refills the bucket from the fake clock', async () => {
    h.sim.control.setBucket(SHOP, { currentlyAvailable: 0 });
    h.sim.control.advance(5000);
    await client.listOrders({ first: 50 });
    expect(h.sleeps).toEqual([]);
  });
});

describe('uninstall', () => {
  it('revokes tokens (401), cancels plans, sends app/uninstalled now and shop/redact 48 h later', async () => {
    h.sim.control.uninstall(SHOP);
    await expect(client.getShop()).rejects.toBeInstanceOf(ShopifyUnauthorizedError);
    await h.sim.control.drainWebhooks();
    expect(h.sim.control.deliveries().map((d) => d.topic)).toEqual(['app/uninstalled']);
    const shopBody = JSON.parse(h.sim.control.deliveries()[0]?.body ?? '{}') as Record<string, unknown>;
    expect(shopBody).toMatchObject({ myshopify_domain: SHOP, currency: 'PKR', iana_timezone: 'Asia/Karachi' });

    h.sim.control.advance(47 * 3_600_000);
    expect(h.sim.control.deliveries({ topic: 'shop/redact' })).toHaveLength(0);
    h.sim.control.advance(3_600_000);
    await h.sim.control.drainWebhooks();
    expect(h.sim.control.deliveries({ topic: 'shop/redact' })).toHaveLength(1);
  });
});
