import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyQueryHmac } from '../../../functions/adapters/shopify/hmac';
import { exchangeCode, exchangeSessionToken } from '../../../functions/adapters/shopify/oauth';
import { CLIENT_ID, CLIENT_SECRET, SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ orders: 3, consent: 'page' });
});
afterAll(() => h.stop());

async function fake<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${h.sim.url}${path}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('/_fake control API over HTTP', () => {
  it('seeds shops and reads them back', async () => {
    const seeded = await fake<{ shop: string; orderCount: number }>('POST', '/_fake/shops', { shop: 'lahore-kapra.myshopify.com', name: 'Lahore Kapra', orders: 12, seed: 3 });
    expect(seeded).toEqual({ shop: 'lahore-kapra.myshopify.com', name: 'Lahore Kapra', orderCount: 12 });
    const shop = await fake<{ currencyCode: string; ianaTimezone: string; orderCount: number }>('GET', '/_fake/shops/lahore-kapra.myshopify.com');
    expect(shop).toMatchObject({ currencyCode: 'PKR', ianaTimezone: 'Asia/Karachi', orderCount: 12 });
    const orders = await fake<{ name: string }[]>('GET', '/_fake/shops/lahore-kapra.myshopify.com/orders');
    expect(orders.map((o) => o.name)[0]).toBe('#1001');
  });

  it('a script installs the app: launch-url → authorize (decision=approve) → callback → token', async () => {
    const { url } = await fake<{ url: string }>('GET', `/_fake/launch-url?shop=${SHOP}`);
    const launch = new URL(url);
    expect(launch.searchParams.get('embedded')).toBe('1');
    expect(launch.searchParams.get('id_token')?.split('.')).toHaveLength(3);
    expect(verifyQueryHmac(Object.fromEntries(launch.searchParams), CLIENT_SECRET, h.sim.control.now())).toBe(true);

    // The app's install route would answer with this redirect:
    const authorize = `${h.sim.originTemplate.replace('{shop}', SHOP)}/admin/oauth/authorize?client_id=${CLIENT_ID}&scope=read_orders&redirect_uri=${encodeURIComponent(h.redirectUri)}&state=n1`;
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(200);
    const approved = await fetch(`${authorize}&decision=approve`, { redirect: 'manual' });
    const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await exchangeCode({ shop: SHOP, code, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, origin: h.sim.originTemplate, fetch });
    expect(tokens.scopes).toEqual(['read_orders']);
  });

  it('mints session tokens and signed admin links', async () => {
    const { token } = await fake<{ token: string }>('GET', `/_fake/session-token?shop=${SHOP}`);
    const exchanged = await exchangeSessionToken({ shop: SHOP, sessionToken: token, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, origin: h.sim.originTemplate, fetch });
    expect(exchanged.accessToken).toMatch(/^shpat_/);
    const { url } = await fake<{ url: string }>('GET', `/_fake/admin-link?shop=${SHOP}&order=%231002`);
    const link = new URL(url);
    expect(link.pathname).toBe('/orders/book');
    expect(link.searchParams.get('id')).toBe(h.sim.control.orders(SHOP)[1]?.id);
    expect(verifyQueryHmac(Object.fromEntries(link.searchParams), CLIENT_SECRET, h.sim.control.now())).toBe(true);
  });

  it('forces faults, moves the clock and lists calls and deliveries', async () => {
    await fake('DELETE', '/_fake/calls');
    await fake('POST', '/_fake/faults', { kind: '503', count: 1 });
    const token = (await h.install()).accessToken;
    const client = h.client(token);
    await client.getShop();
    const calls = await fake<{ kind: string; status: number }[]>('GET', `/_fake/calls?shop=${SHOP}&kind=graphql`);
    expect(calls.map((c) => c.status)).toEqual([503, 200]);

    const before = await fake<{ now: string }>('GET', '/_fake/clock');
    const after = await fake<{ now: string }>('POST', '/_fake/clock/advance', { seconds: 90 });
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(90_000);

    await fake('POST', '/_fake/bucket', { shop: SHOP, currentlyAvailable: 0 });
    h.sleeps.length = 0;
    await client.getShop();
    expect(h.sleeps).toHaveLength(1);

    await fake('POST', `/_fake/trigger/orders/create?shop=${SHOP}`, { count: 2 });
    await fake('POST', '/_fake/webhooks/drain');
    const deliveries = await fake<{ topic: string; state: string }[]>('GET', `/_fake/webhooks?topic=orders/create`);
    expect(deliveries.map((d) => d.state)).toEqual(['delivered', 'delivered']);

    await fake('POST', `/_fake/uninstall?shop=${SHOP}`);
    await expect(client.getShop()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers Host-addressed shops too', async () => {
    // fetch() may not set Host, node:http may.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: h.sim.port, path: '/admin/api/2026-07/graphql.json', method: 'POST', headers: { Host: SHOP, 'Content-Type': 'application/json', 'X-Shopify-Access-Token': 'shpat_unknown' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end('{"query":"{ shop { name } }"}');
    });
    expect(status).toBe(401);
    expect(JSON.parse(body)).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
  });
});
