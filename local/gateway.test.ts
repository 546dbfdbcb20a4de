import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_REQUEST_LIMIT_BYTES, MAX_URL_BYTES, ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '@dakiya/shared';
import { signWebhook } from '@dakiya/functions/adapters/shopify';
import { seedShop, testDeps, TEST_ORIGIN_SECRET, TEST_SHOPIFY_SECRET, type SeededShop, type TestDeps } from '../functions/test-support/harness';
import { startGateway } from './gateway';
import { freePort } from './services/ports';

/** The local gateway answers as API Gateway (HTTP API, payload 2.0) would, before and around the handlers. */
let deps: TestDeps;
let shop: SeededShop;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  deps = await testDeps();
  shop = await seedShop(deps);
  gateway = await startGateway({ port: await freePort(), deps, originSecret: TEST_ORIGIN_SECRET, runScheduled: (job) => deps.poller.runScheduled(job) });
});
afterAll(async () => { await gateway?.stop(); });

describe('requests no route matches go to $default, answered in the catalogue shape', () => {
  it('a known path with another method: 405 with Allow', async () => {
    const res = await fetch(`${gateway.url}/api/v1/me`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.json()).toEqual({ errors: [{ msg: 'This address does not accept this method', code: 'METHOD_NOT_ALLOWED' }] });
    const put = await fetch(`${gateway.url}/api/v1/login-user`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('an unknown path: 404', async () => {
    const res = await fetch(`${gateway.url}/api/v1/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ msg: 'This address does not exist', code: 'ROUTE_NOT_FOUND' }] });
  });
});

describe('CloudFront\'s /track/* behaviour: the tracking function\'s page', () => {
  it('answers /track/{number} with the page rendered by the tracking function, compressed, with its own CSP', async () => {
    const res = await fetch(`${gateway.url}/track/LE%20404?lang=ur`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const html = await res.text(); // fetch undoes the gzip
    expect(html).toContain('<html lang="ur" dir="rtl">');
    expect(html).toContain('<bdi>LE 404</bdi>');
    // the SPA is not asked: a deeper path is not the page
    expect((await fetch(`${gateway.url}/track/a/b`)).headers.get('content-security-policy')).toBeNull();
  });
});

describe('bodies', () => {
  it('a JSON route refuses a form body with 415', async () => {
    const res = await fetch(`${gateway.url}/api/v1/login-user`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${shop.owner.email}&password=${shop.password}`,
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ errors: [{ msg: 'Send the request body as application/json', code: 'UNSUPPORTED_MEDIA_TYPE', param: 'content-type' }] });
  });

  it('a webhook body that is not valid UTF-8 reaches the handler byte for byte and verifies', async () => {
    const bytes = Buffer.concat([Buffer.from('{"id":7,"name":"#1007","note":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await fetch(`${gateway.url}/api/v1/shopify/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json', 'x-shopify-topic': 'orders/updated', 'x-shopify-shop-domain': shop.shop.domain,
        'x-shopify-hmac-sha256': signWebhook(bytes, TEST_SHOPIFY_SECRET), 'x-shopify-api-version': '2026-07', 'x-shopify-webhook-id': 'w-utf8-1',
      },
      body: bytes,
    });
    expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
  });
});

describe('local mode runs a scheduled row on demand (./dakiya job <row>)', () => {
  it('POST /_local/jobs/<row> runs it; an unknown row is a 404 that lists the rows', async () => {
    const ran = await fetch(`${gateway.url}/_local/jobs/jobs.sweep`, { method: 'POST' });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ job: 'jobs.sweep' });
    const unknown = await fetch(`${gateway.url}/_local/jobs/mail.send`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'no scheduled row mail.send; scheduled rows: sync.schedule, shops.paid, bookings.recount, bookings.migrate, bookings.pointers, jobs.sweep' });
  });
});

describe('URL length, as CloudFront counts it (issue 17 item 2)', () => {
  const TOO_LONG = { errors: [{ msg: 'This request is too long to send. Shorten the search and try again.', code: 'URI_TOO_LONG' }] };

  it('a query of 70,000 or 1,000,000 characters gets 414 in the catalogue shape, not an empty 431 or a dropped connection', async () => {
    for (const length of [70_000, 1_000_000]) {
      // a route that needs a session: a 414 (not a 401) shows no function ran
      const res = await fetch(`${gateway.url}/api/v1/store-orders?search=${'a'.repeat(length)}`);
      expect([res.status, res.headers.get('content-type')], `${length}`).toEqual([414, 'application/json; charset=utf-8']);
      expect(await res.json()).toEqual(TOO_LONG);
    }
  });

  it('a page address over the limit gets a small page saying so with a link to the dashboard, not the API’s JSON', async () => {
    for (const path of [`/dashboard/store-orders?search=${'a'.repeat(70_000)}`, `/dashboard/shopify/orders?q=${'a'.repeat(9000)}`, `/${'a'.repeat(MAX_URL_BYTES)}`]) {
      const page = await fetch(`${gateway.url}${path}`);
      expect([page.status, page.headers.get('content-type')], path.slice(0, 30)).toEqual([414, 'text/html; charset=utf-8']);
      const html = await page.text();
      expect(html).toContain('<h1>This address is too long</h1>');
      expect(html).toContain('<a href="/dashboard">Go to the dashboard</a>');
    }
    // the API keeps the catalogue's JSON, even for a path just past /api/v1
    const api = await fetch(`${gateway.url}/api/v1?q=${'a'.repeat(MAX_URL_BYTES)}`);
    expect([api.status, await api.json()]).toEqual([414, TOO_LONG]);
  });

  it('refuses a URL over 8,192 bytes and passes one of exactly 8,192', async () => {
    const path = '/api/v1/health?pad=';
    const fits = await fetch(`${gateway.url}${path}${'a'.repeat(MAX_URL_BYTES - path.length)}`);
    expect(fits.status).toBe(200);
    const over = await fetch(`${gateway.url}${path}${'a'.repeat(MAX_URL_BYTES - path.length + 1)}`);
    expect(over.status).toBe(414);
    // bytes, not characters: 2,000 'ü' are 12,000 bytes once percent-encoded
    expect((await fetch(`${gateway.url}/api/v1/health?q=${'ü'.repeat(2000)}`)).status).toBe(414);
  });
});

const post = (body: string) =>
  fetch(`${gateway.url}/api/v1/login-user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('request size, as Lambda counts it', () => {
  it('answers 413 in the catalogue shape for a body above 6 MiB, before any handler runs', async () => {
    const res = await post(`{"email":"${'a'.repeat(LAMBDA_REQUEST_LIMIT_BYTES)}"}`);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ msg: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' }] });
  });

  it('counts the body as Lambda receives it: escaped inside the JSON event', async () => {
    // under 6 MiB as sent, over it once every quote is escaped in the event
    const quotes = '\\"'.repeat(Math.floor(LAMBDA_REQUEST_LIMIT_BYTES / 2) - 1000);
    const body = `{"email":"${quotes}"}`;
    expect(Buffer.byteLength(body)).toBeLessThan(LAMBDA_REQUEST_LIMIT_BYTES);
    const res = await post(body);
    expect(res.status).toBe(413);
  });

  it('passes a body that fits to the handler', async () => {
    const res = await post(JSON.stringify({ email: 'nobody@example.pk', password: 'x'.repeat(10) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('the gateway plays CloudFront: origin header and viewer address are its own (issue 11 item 1)', () => {
  let own: TestDeps;
  let ownShop: SeededShop;
  let front: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    own = await testDeps();
    ownShop = await seedShop(own);
    front = await startGateway({ port: await freePort(), deps: own, originSecret: TEST_ORIGIN_SECRET });
  });
  afterAll(async () => { await front?.stop(); });
  const login = (headers: Record<string, string>) => fetch(`${front.url}/api/v1/login-user`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email: ownShop.owner.email, password: ownShop.password }),
  });

  it('a caller cannot set the origin header: a forged one is replaced (and one is always sent)', async () => {
    expect((await login({ [ORIGIN_HEADER]: 'forged' })).status).toBe(200);
    expect((await login({})).status).toBe(200);
  });

  it('forged viewer addresses do not escape the per-address sign-in limit', async () => {
    // the address has used its 100 attempts; the probe: 110 sign-ins, each from a "new" address
    for (let i = 0; i < 100; i++) await own.limiter.hit('login-ip:127.0.0.1', 100, 15 * 60);
    const statuses = new Set<number>();
    for (let i = 0; i < 10; i++) statuses.add((await login({ [VIEWER_ADDRESS_HEADER]: `203.0.113.${i}:4000${i}` })).status);
    expect([...statuses]).toEqual([429]);
  });
});

describe('sign-in slow-down counts the address the gateway sets, whatever a caller claims (issue 17)', () => {
  let own: TestDeps;
  let ownShop: SeededShop;
  let front: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    own = await testDeps();
    ownShop = await seedShop(own);
    front = await startGateway({ port: await freePort(), deps: own, originSecret: TEST_ORIGIN_SECRET });
  });
  afterAll(async () => { await front?.stop(); });

  it('five wrong passwords, each claiming another address, slow down the real one', async () => {
    const guess = (i: number) => fetch(`${front.url}/api/v1/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [VIEWER_ADDRESS_HEADER]: `203.0.113.${i}:4000`, 'x-forwarded-for': `198.51.100.${i}` },
      body: JSON.stringify({ email: ownShop.owner.email, password: `guess-${i}` }),
    });
    for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(400);
    const slowed = await guess(5);
    // 2 s from the fifth failure, on the real clock: 1 when a second turned in between
    const wait = Number(slowed.headers.get('retry-after'));
    expect([slowed.status, [1, 2].includes(wait)]).toEqual([429, true]);
    expect(await slowed.json()).toMatchObject({ errors: [{ msg: expect.stringMatching(/^Too many failed attempts\. Wait [12] seconds? and try again\.$/), code: 'RATE_LIMITED' }], retry_after: wait });
  });
});
