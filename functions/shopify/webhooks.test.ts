import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../adapters/shopify';
import { call, seedShop, testDeps, TEST_SHOPIFY_SECRET, type SeededShop, type TestDeps } from '../test-support/harness';

/**
 * The webhook route through the real chain: signatures over the raw bytes, the body's shop against the
 * unsigned headers, and deliveries recorded as handled only after their handler finished.
 */
let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });

const send = (topic: string, shopDomain: string, bytes: Buffer, webhookId = randomUUID(), hmac = signWebhook(bytes, TEST_SHOPIFY_SECRET)) =>
  call(deps, 'shopify.webhook', {
    rawBytes: bytes,
    headers: {
      'x-shopify-topic': topic, 'x-shopify-shop-domain': shopDomain, 'x-shopify-hmac-sha256': hmac,
      'x-shopify-api-version': '2026-07', 'x-shopify-webhook-id': webhookId,
    },
  });

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const shopPayload = (domain: string) => json({ id: 548380009, name: 'Lahore Linen', myshopify_domain: domain, domain, email: `owner@${domain}` });
const statusOf = async (s: SeededShop) => (await deps.shops.get(s.shop._id))?.status;
const MISMATCH = { errors: [{ msg: 'The webhook body names another shop than its headers', code: 'SHOPIFY_WEBHOOK_SHOP_MISMATCH' }] };

describe('a captured signed body cannot act on a shop it does not name', () => {
  it('an orders/create body re-sent as app/uninstalled does not switch its shop off', async () => {
    const a = await seedShop(deps);
    const order = json({ id: 820982911946154500, name: '#1001', email: 'buyer@example.pk', total_price: '2500.00' });
    expect(await send('app/uninstalled', a.shop.domain, order)).toMatchObject({ status: 400, body: MISMATCH });
    expect(await statusOf(a)).toBe('ACTIVE');
  });

  it("another shop's app/uninstalled body sent with this shop's header does not switch this shop off", async () => {
    const a = await seedShop(deps);
    const b = await seedShop(deps);
    expect(await send('app/uninstalled', a.shop.domain, shopPayload(b.shop.domain))).toMatchObject({ status: 400, body: MISMATCH });
    expect(await statusOf(a)).toBe('ACTIVE');
    expect(await statusOf(b)).toBe('ACTIVE');
  });

  it('a privacy body (shop_domain, no myshopify_domain) re-sent as app/uninstalled is refused too', async () => {
    const a = await seedShop(deps);
    const redact = json({ shop_id: 548380009, shop_domain: a.shop.domain, customer: { id: 1 }, orders_to_redact: [] });
    expect(await send('app/uninstalled', a.shop.domain, redact)).toMatchObject({ status: 400, body: MISMATCH });
    expect(await statusOf(a)).toBe('ACTIVE');
  });

  it('every topic that names a shop must name the header shop (shop/redact, customers/*, and any body with a shop field)', async () => {
    const a = await seedShop(deps);
    const other = 'someone-else.myshopify.com';
    for (const topic of ['shop/redact', 'customers/redact', 'customers/data_request']) {
      expect(await send(topic, a.shop.domain, json({ shop_id: 1, shop_domain: other })), topic).toMatchObject({ status: 400, body: MISMATCH });
      expect(await send(topic, a.shop.domain, json({ shop_id: 1 })), `${topic} without a shop`).toMatchObject({ status: 400, body: MISMATCH });
    }
    expect(await send('orders/updated', a.shop.domain, json({ id: 1, myshopify_domain: other }))).toMatchObject({ status: 400, body: MISMATCH });
    expect(await send('orders/updated', a.shop.domain, json({ id: 1, name: '#1002' }))).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('the genuine app/uninstalled (its own body, its own shop) switches the shop off', async () => {
    const a = await seedShop(deps);
    expect(await send('app/uninstalled', a.shop.domain, shopPayload(a.shop.domain))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await statusOf(a)).toBe('OFF');
  });
});

describe('the HMAC is checked over the raw bytes', () => {
  it('a body that is not valid UTF-8 verifies and is handled', async () => {
    const a = await seedShop(deps);
    // a note with a stray Latin-1 byte: decoding it to a string and back would change the bytes and the HMAC
    const bytes = Buffer.concat([Buffer.from('{"id":1,"name":"#1003","note":"Sh'), Buffer.from([0xe9]), Buffer.from('rin"}')]);
    expect(Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)).toBe(false);
    expect(await send('orders/updated', a.shop.domain, bytes)).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('the same bytes with one byte changed do not verify', async () => {
    const a = await seedShop(deps);
    const bytes = Buffer.concat([Buffer.from('{"id":1,"note":"'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const hmac = signWebhook(bytes, TEST_SHOPIFY_SECRET);
    const changed = Buffer.from(bytes);
    changed[changed.length - 3] = 0xea;
    expect(await send('orders/updated', a.shop.domain, changed, randomUUID(), hmac)).toMatchObject({
      status: 401, body: { errors: [{ msg: 'The request signature is not valid', code: 'SHOPIFY_HMAC_INVALID' }] },
    });
  });
});

describe('a delivery counts as handled only after it was handled', () => {
  it('a delivery cut short (the Lambda timed out mid-way) is handled when Shopify retries it with the same id', async () => {
    const a = await seedShop(deps);
    const id = randomUUID();
    const body = shopPayload(a.shop.domain);
    // the first delivery hangs inside its handler, as one that times out does: it never finishes
    const hanging = Object.assign(Object.create(Object.getPrototypeOf(deps)), deps, {
      shops: Object.assign(Object.create(Object.getPrototypeOf(deps.shops)), deps.shops, { update: () => new Promise(() => undefined) }),
    });
    const first = call(hanging, 'shopify.webhook', {
      rawBytes: body,
      headers: {
        'x-shopify-topic': 'app/uninstalled', 'x-shopify-shop-domain': a.shop.domain, 'x-shopify-hmac-sha256': signWebhook(body, TEST_SHOPIFY_SECRET),
        'x-shopify-api-version': '2026-07', 'x-shopify-webhook-id': id,
      },
    });
    const outcome = await Promise.race([first.then(() => 'finished'), new Promise((r) => setTimeout(() => r('timed out'), 500))]);
    expect(outcome).toBe('timed out');
    expect(await statusOf(a)).toBe('ACTIVE');
    // Shopify's retry: same webhook id, same bytes
    expect(await send('app/uninstalled', a.shop.domain, body, id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await statusOf(a)).toBe('OFF');
    // and a duplicate after that is dropped
    expect(await send('app/uninstalled', a.shop.domain, body, id)).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('a handler that fails leaves the delivery unhandled, so the retry runs it', async () => {
    const a = await seedShop(deps);
    const id = randomUUID();
    const body = shopPayload(a.shop.domain);
    const failing = Object.assign(Object.create(Object.getPrototypeOf(deps)), deps, {
      shops: Object.assign(Object.create(Object.getPrototypeOf(deps.shops)), deps.shops, { update: async () => { throw new Error('DynamoDB throttled'); } }),
    });
    const res = await call(failing, 'shopify.webhook', {
      rawBytes: body,
      headers: {
        'x-shopify-topic': 'app/uninstalled', 'x-shopify-shop-domain': a.shop.domain, 'x-shopify-hmac-sha256': signWebhook(body, TEST_SHOPIFY_SECRET),
        'x-shopify-api-version': '2026-07', 'x-shopify-webhook-id': id,
      },
    });
    expect(res.status).toBe(500);
    expect(await send('app/uninstalled', a.shop.domain, body, id)).toMatchObject({ status: 200 });
    expect(await statusOf(a)).toBe('OFF');
  });

  it('two deliveries of one webhook at once both succeed and leave the same state (the handlers are idempotent)', async () => {
    const a = await seedShop(deps);
    const id = randomUUID();
    const body = shopPayload(a.shop.domain);
    const answers = await Promise.all([send('app/uninstalled', a.shop.domain, body, id), send('app/uninstalled', a.shop.domain, body, id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await deps.shops.get(a.shop._id)).toMatchObject({ status: 'OFF', plan: 'FREE', shopify: { accessToken: '', scopes: [] } });

    const redact = json({ shop_id: 548380009, shop_domain: a.shop.domain });
    const redactId = randomUUID();
    const erased = await Promise.all([send('shop/redact', a.shop.domain, redact, redactId), send('shop/redact', a.shop.domain, redact, redactId)]);
    expect(erased.map((r) => r.status)).toEqual([200, 200]);
    await deps.drainJobs();
    expect(await deps.shops.get(a.shop._id)).toBeUndefined();
  });
});
