import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookHmac } from '../../../functions/adapters/shopify/hmac';
import { parseWebhook } from '../../../functions/adapters/shopify/webhooks';
import { CLIENT_SECRET, SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ orders: 5 });
  await h.install();
});
afterEach(() => h.stop());

const delivered = () => h.receiver.received.filter((r) => r.headers['x-shopify-topic'] !== undefined);

describe('webhook delivery', () => {
  it('signs the exact body bytes with the client secret and sends every header', async () => {
    h.sim.control.trigger(SHOP, 'orders/create');
    await h.sim.control.drainWebhooks();
    const [hit] = delivered();
    expect(hit).toBeDefined();
    if (!hit) return;
    expect(verifyWebhookHmac(hit.rawBody, hit.headers['x-shopify-hmac-sha256'] as string, [CLIENT_SECRET])).toBe(true);
    expect(hit.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2026-07',
      'x-shopify-webhook-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-shopify-event-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-shopify-triggered-at': expect.stringMatching(/^2026-08-02T08:00:00/),
    });
    const parsed = parseWebhook({ headers: hit.headers, rawBody: hit.rawBody }, [CLIENT_SECRET]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const order = parsed.delivery.payload as Record<string, unknown>;
    // REST shape: numeric id, snake_case, tags as one string, money as strings.
    expect(order.id).toEqual(expect.any(Number));
    expect(order.admin_graphql_api_id).toBe(`gid://shopify/Order/${order.id}`);
    expect(order.name).toBe('#1006');
    expect(typeof order.tags).toBe('string');
    expect(order.total_price).toEqual(expect.stringMatching(/^\d+\.\d{1,2}$/));
    expect(order.currency).toBe('PKR');
    expect(Array.isArray(order.line_items)).toBe(true);
    expect(h.sim.control.orders(SHOP)).toHaveLength(6);
  });

  it('retries non-2xx answers with the same webhook id and records every attempt', async () => {
    h.receiver.answer(500, 503);
    h.sim.control.trigger(SHOP, 'orders/updated', { order: '#1002', patch: { note: 'Call on arrival' } });
    await h.sim.control.drainWebhooks();
    const hits = delivered();
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((x) => x.headers['x-shopify-webhook-id'])).size).toBe(1);
    expect(new Set(hits.map((x) => x.rawBody)).size).toBe(1);
    const [record] = h.sim.control.deliveries({ topic: 'orders/updated' });
    expect(record?.state).toBe('delivered');
    expect(record?.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect((JSON.parse(record?.body ?? '{}') as { note: string }).note).toBe('Call on arrival');
  });

  it('gives up after 8 retries', async () => {
    h.receiver.answer(...Array.from({ length: 20 }, () => 500));
    h.sim.control.trigger(SHOP, 'shop/redact');
    await h.sim.control.drainWebhooks();
    const [record] = h.sim.control.deliveries({ topic: 'shop/redact' });
    expect(record?.attempts).toHaveLength(9);
    expect(record?.state).toBe('failed');
  });

  it('sends compliance topics with their payloads', async () => {
    h.sim.control.trigger(SHOP, 'customers/redact', { order: '#1003' });
    h.sim.control.trigger(SHOP, 'customers/data_request', { order: '#1003' });
    await h.sim.control.drainWebhooks();
    const bodies = delivered().map((x) => ({ topic: x.headers['x-shopify-topic'], body: JSON.parse(x.rawBody) as Record<string, unknown> }));
    const redact = bodies.find((b) => b.topic === 'customers/redact')?.body;
    expect(redact).toMatchObject({ shop_domain: SHOP, customer: { id: expect.any(Number) }, orders_to_redact: [expect.any(Number)] });
    const request = bodies.find((b) => b.topic === 'customers/data_request')?.body;
    expect(request).toMatchObject({ shop_domain: SHOP, orders_requested: [expect.any(Number)], data_request: { id: expect.any(Number) } });
  });

  it('cancels an order and sends orders/cancelled', async () => {
    const open = h.sim.control.orders(SHOP).find((o) => !o.cancelledAt);
    h.sim.control.trigger(SHOP, 'orders/cancelled', { order: open?.name });
    await h.sim.control.drainWebhooks();
    const cancelled = delivered().find((x) => x.headers['x-shopify-topic'] === 'orders/cancelled');
    expect(JSON.parse(cancelled?.rawBody ?? '{}')).toMatchObject({ name: open?.name, cancel_reason: 'customer', cancelled_at: expect.any(String) });
  });

  it('takes a cancel reason in the webhook\'s lower case and keeps the GraphQL enum; an unknown reason is refused', async () => {
    const [first, second] = h.sim.control.orders(SHOP).filter((o) => !o.cancelledAt);
    h.sim.control.trigger(SHOP, 'orders/cancelled', { order: first?.name, reason: 'inventory' });
    expect(h.sim.control.orders(SHOP).find((o) => o.id === first?.id)?.cancelReason).toBe('INVENTORY');
    expect(() => h.sim.control.trigger(SHOP, 'orders/cancelled', { order: second?.name, reason: 'bored' })).toThrow(/^reason must be one of CUSTOMER, DECLINED/);
    expect(h.sim.control.orders(SHOP).find((o) => o.id === second?.id)?.cancelledAt).toBeNull();
  });

  it('injects faults the app must reject: bad HMAC (401), missing header (400), duplicates', async () => {
    h.sim.control.webhookFault({ kind: 'bad-hmac' });
    h.sim.control.webhookFault({ kind: 'missing-header', header: 'X-Shopify-Webhook-Id' });
    h.sim.control.webhookFault({ kind: 'duplicate' });
    h.sim.control.trigger(SHOP, 'orders/create', { count: 3 });
    await h.sim.control.drainWebhooks();
    const results = delivered().map((x) => parseWebhook({ headers: x.headers, rawBody: x.rawBody }, [CLIENT_SECRET]));
    expect(results.map((r) => (r.ok ? 'ok' : r.reason)).sort()).toEqual(['bad-hmac', 'missing-header', 'ok', 'ok']);
    const ids = delivered().slice(2).map((x) => x.headers['x-shopify-webhook-id']);
    expect(ids[0]).toBe(ids[1]);
  });

  it('delivers nothing but app/uninstalled and privacy topics to an uninstalled app', async () => {
    h.sim.control.uninstall(SHOP);
    h.sim.control.trigger(SHOP, 'orders/create');
    h.sim.control.trigger(SHOP, 'customers/redact');
    await h.sim.control.drainWebhooks();
    expect(delivered().map((x) => x.headers['x-shopify-topic'])).toEqual(['app/uninstalled', 'customers/redact']);
    expect(h.sim.control.deliveries({ topic: 'orders/create' })[0]?.state).toBe('no-subscription');
  });

  it('can hold deliveries and release them out of order', async () => {
    h.sim.control.pauseWebhooks();
    h.sim.control.trigger(SHOP, 'orders/updated', { order: '#1001' });
    h.sim.control.trigger(SHOP, 'orders/updated', { order: '#1002' });
    h.sim.control.resumeWebhooks({ reverse: true });
    await h.sim.control.drainWebhooks();
    expect(delivered().map((x) => (JSON.parse(x.rawBody) as { name: string }).name)).toEqual(['#1002', '#1001']);
  });
});
