import { describe, expect, it } from 'vitest';
import { ShopifyError, ShopifyUnauthorizedError, ShopifyUserErrors } from '../../domain/ports/shopify';
import type { LambdaNeeds } from '@dakiya/shared';
import { runInvocation } from '../../ground/invocation';
import { createShopifyClient, isMutation, retryAfterMs, throttleWaitMs } from './graphql';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A scripted fetch: answers in order and records every call. */
function scripted(replies: Reply[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    const reply = replies.shift();
    if (!reply) throw new Error('no scripted reply left');
    if (reply instanceof Error) throw reply;
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    return new Response(body, { status: reply.status ?? 200, headers: reply.headers });
  };
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  const client = createShopifyClient({
    shop: 'demo.myshopify.com',
    accessToken: 'shpat_test',
    origin: 'https://{shop}',
    apiVersion: '2026-07',
    fetch,
    sleep,
    maxRetries: 3,
  });
  return { client, calls, sleeps };
}

const cost = (requested: number, available: number, restore = 100) => ({
  cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: restore } },
});
const throttled = (requested: number, available: number) => ({
  body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: cost(requested, available) },
});
const ok = (data: unknown) => ({ body: { data, extensions: cost(1, 1999) } });

describe('createShopifyClient.request', () => {
  it('posts the query with the access token to the versioned endpoint', async () => {
    const { client, calls } = scripted([ok({ shop: { name: 'Demo' } })]);
    await expect(client.request('query { shop { name } }', { a: 1 })).resolves.toEqual({ shop: { name: 'Demo' } });
    expect(calls[0]?.url).toBe('https://demo.myshopify.com/admin/api/2026-07/graphql.json');
    const headers = calls[0]?.init?.headers as Record<string, string>;
    expect(headers['X-Shopify-Access-Token']).toBe('shpat_test');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ query: 'query { shop { name } }', variables: { a: 1 } });
  });

  it('waits (requested − available) / restoreRate after THROTTLED, then retries', async () => {
    const { client, calls, sleeps } = scripted([throttled(862, 572), ok({ x: 1 })]);
    await expect(client.request('query { x }')).resolves.toEqual({ x: 1 });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([2900]);
  });

  it('never spins when the bucket already looks full, and gives up after maxRetries', async () => {
    const { client, calls, sleeps } = scripted([throttled(10, 50), throttled(10, 50), throttled(10, 50), throttled(10, 50)]);
    const error = await client.request('query { x }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyError);
    expect((error as ShopifyError).code).toBe('THROTTLED');
    expect((error as ShopifyError).retryable).toBe(true);
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([250, 250, 250]);
  });

  it('honours Retry-After (decimal seconds) on 429', async () => {
    const { client, sleeps } = scripted([{ status: 429, headers: { 'Retry-After': '2.0' }, body: { errors: 'Exceeded' } }, ok({ x: 1 })]);
    await client.request('query { x }');
    expect(sleeps).toEqual([2000]);
  });

  it('backs off on 5xx and network errors for queries', async () => {
    const { client, calls, sleeps } = scripted([{ status: 503 }, new TypeError('socket hang up'), { status: 500 }, ok({ x: 1 })]);
    await expect(client.request('query { x }')).resolves.toEqual({ x: 1 });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('while a person waits (an API request) retries a 5xx once and a timeout never, then says Shopify did not answer', async () => {
    const needs = { timeoutSeconds: 29 } as LambdaNeeds;
    await runInvocation({ name: 'orders', needs, deadline: Date.now() + 29_000, interactive: true }, async () => {
      const { client, calls, sleeps } = scripted([{ status: 503 }, { status: 500 }, ok({ x: 1 })]);
      await expect(client.request('query { x }')).rejects.toMatchObject({ code: 'SERVER', status: 500 });
      expect(calls).toHaveLength(2);
      expect(sleeps).toEqual([1000]);
    });
    // a Shopify that hangs is not waited for twice: one attempt's timeout, then the answer
    await runInvocation({ name: 'orders', needs, deadline: Date.now() + 29_000, interactive: true }, async () => {
      const { client, calls, sleeps } = scripted([new DOMException('The operation timed out', 'TimeoutError'), ok({ x: 1 })]);
      await expect(client.request('query { x }')).rejects.toMatchObject({ code: 'NETWORK' });
      expect(calls).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });
    // a job keeps its retries
    await runInvocation({ name: 'bookings-bulk', needs, deadline: Date.now() + 29_000 }, async () => {
      const { client, calls } = scripted([{ status: 503 }, { status: 500 }, ok({ x: 1 })]);
      await expect(client.request('query { x }')).resolves.toEqual({ x: 1 });
      expect(calls).toHaveLength(3);
    });
  });

  it('does not repeat a mutation after a 5xx (it may have been applied)', async () => {
    const { client, calls } = scripted([{ status: 502 }]);
    const error = await client.request('mutation { tagsAdd(id: "x", tags: ["a"]) { userErrors { message } } }').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVER', status: 502, retryable: true });
    expect(calls).toHaveLength(1);
  });

  it('retries a mutation that was throttled (Shopify did not run it)', async () => {
    const { client, calls } = scripted([throttled(20, 0), ok({ tagsAdd: { node: { id: 'x', tags: ['a'] }, userErrors: [] } })]);
    await expect(client.addTags('1', ['a'])).resolves.toEqual(['a']);
    expect(calls).toHaveLength(2);
  });

  it('treats MAX_COST_EXCEEDED as a non-retryable bug', async () => {
    const { client, calls } = scripted([
      { body: { errors: [{ message: 'Query cost is 1293, which exceeds the single query max cost limit (1000).', extensions: { code: 'MAX_COST_EXCEEDED', cost: 1293, maxCost: 1000 } }] } },
    ]);
    const error = await client.request('query { x }').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MAX_COST_EXCEEDED', retryable: false });
    expect(calls).toHaveLength(1);
  });

  it('throws a typed unauthorized error on 401 with Shopify\'s text', async () => {
    const { client } = scripted([{ status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } }]);
    const error = await client.request('query { x }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUnauthorizedError);
    expect((error as Error).message).toContain('Invalid API key or access token');
    expect((error as Error).message).not.toContain('shpat_test');
  });

  it('surfaces top-level errors and ACCESS_DENIED', async () => {
    const { client } = scripted([
      { body: { errors: [{ message: "Field 'foo' doesn't exist on type 'Order'", extensions: { code: 'undefinedField' } }] } },
      { body: { data: { order: null }, errors: [{ message: 'Access denied', extensions: { code: 'ACCESS_DENIED' } }] } },
    ]);
    await expect(client.request('query { foo }')).rejects.toMatchObject({ code: 'GRAPHQL', graphqlErrors: [{ extensions: { code: 'undefinedField' } }] });
    await expect(client.request('query { order }')).rejects.toMatchObject({ code: 'ACCESS_DENIED' });
  });

  it('turns userErrors into ShopifyUserErrors', async () => {
    const { client } = scripted([
      ok({ fulfillmentCreate: { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order does not exist.' }] } }),
    ]);
    const error = await client
      .createFulfillment({ fulfillmentOrderIds: ['1'], trackingInfo: { number: 'T1', company: 'TCS' }, notifyCustomer: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUserErrors);
    expect((error as ShopifyUserErrors).userErrors[0]?.message).toBe('Fulfillment order does not exist.');
  });
});

describe('helpers', () => {
  it('computes waits with floors and caps', () => {
    expect(throttleWaitMs(undefined)).toBe(1000);
    expect(throttleWaitMs(cost(100, 0).cost)).toBe(1000);
    expect(throttleWaitMs(cost(1_000_000, 0).cost)).toBe(60_000);
    expect(retryAfterMs('4.0')).toBe(4000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it('detects mutations past comments and whitespace', () => {
    expect(isMutation('# note\n  mutation X { a }')).toBe(true);
    expect(isMutation('query X { a }')).toBe(false);
    expect(isMutation('{ a }')).toBe(false);
  });
});
