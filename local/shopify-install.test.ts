import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signQuery } from '@dakiya/functions/adapters/shopify';
import { readLocalConfig } from './config';
import { apiClient } from './api-client';
import { installShop, installThroughOAuth, launchFromAdmin } from './seed';
import { startStack, type Stack } from './stack';

/**
 * The Shopify install and webhooks through the whole local product: the gateway, the shopify
 * group's Lambda handler, DynamoDB Local, local SES and the Shopify simulator.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ config: readLocalConfig(), persistent: false, randomPorts: true, logLevel: 'ERROR' });
}, 60000);
afterAll(async () => { await stack?.stop(); });

const SHOP = 'lahore-linen.myshopify.com';
const install = () => installShop(stack, { shop: SHOP, name: 'Lahore Linen', email: 'owner@lahorelinen.pk', password: 'Linen-owner-2026', orders: 5 });
const errorCode = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
const get = (url: string, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const signed = (query: Record<string, string>) => {
  const withTime = { timestamp: String(Math.floor(Date.now() / 1000)), ...query };
  return new URLSearchParams({ ...withTime, hmac: signQuery(withTime, stack.config.shopify.clientSecret) }).toString();
};

describe('install', () => {
  it('a first install creates the shop and its ADMIN owner, emails the password link, and lands signed in', async () => {
    const { shop, owner, firstStart } = await install();
    expect(firstStart).toBe(true);
    expect(shop).toMatchObject({ domain: SHOP, name: 'Lahore Linen', currency: 'PKR', iana_time_zone: 'Asia/Karachi', status: 'ACTIVE', plan: 'FREE' });
    expect(shop.shopify.accessToken).toMatch(/^local1\./); // sealed, never the shpat_ token itself
    expect(shop.shopify.refreshToken).toMatch(/^local1\./);
    expect(shop.shopify.accessTokenExpiresAt).toBeTruthy();
    expect(owner).toMatchObject({ email: 'owner@lahorelinen.pk', role: 'ADMIN', is_verified_user: true });
    const token = await installThroughOAuth(stack, SHOP); // a reinstall: same shop, same owner
    const me = await fetch(`${stack.appUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { data: unknown }).data).toMatchObject({ _id: owner._id, shop: { domain: SHOP } });
  });

  it('refuses a launch with a bad signature or a foreign shop domain', async () => {
    const bad = await get(`${stack.appUrl}/api/v1/shopify/install?${new URLSearchParams({ shop: SHOP, timestamp: String(Math.floor(Date.now() / 1000)), hmac: 'a'.repeat(64) })}`);
    expect(bad.status).toBe(401);
    expect(await errorCode(bad)).toBe('SHOPIFY_HMAC_INVALID');
    const foreign = await get(`${stack.appUrl}/api/v1/shopify/install?${signed({ shop: 'evil.example.com' })}`);
    expect(foreign.status).toBe(400);
    expect(await errorCode(foreign)).toBe('SHOPIFY_SHOP_INVALID');
  });

  it('refuses a callback whose state was tampered with (the signature covers it) or that lacks the state cookie', async () => {
    const launch = await get(stack.shopify.control.launchUrl(SHOP, { embedded: false }));
    const cookie = launch.headers.getSetCookie()[0]!.split(';')[0]!;
    stack.shopify.control.setConsent('auto-approve');
    const authorize = await get(launch.headers.get('location')!);
    stack.shopify.control.setConsent('page');
    const callback = new URL(authorize.headers.get('location')!);

    const forged = new URL(callback);
    forged.searchParams.set('state', 'f'.repeat(64));
    expect(await errorCode(await get(forged.toString(), cookie))).toBe('SHOPIFY_HMAC_INVALID');
    expect(await errorCode(await get(callback.toString()))).toBe('SHOPIFY_STATE_INVALID');
  });
});

describe('people: one sign-in, several stores', () => {
  const api = (id: Parameters<ReturnType<typeof apiClient>['call']>[0], options: object) => apiClient(stack.appUrl).send(id, options as never);

  it('another store’s admin inviting a store’s address (squatting) does not block that store’s install', async () => {
    const other = await installShop(stack, { shop: 'karachi-kites.myshopify.com', name: 'Karachi Kites', email: 'owner@karachikites.pk', password: 'Kites-owner-2026', orders: 0 });
    const { auth_token } = (await api('auth.login', { body: { email: other.owner.email, password: 'Kites-owner-2026' } })).body as { auth_token: string };
    const squat = await api('users.create', {
      token: auth_token,
      body: { first_name: 'Not', last_name: 'Them', email: 'owner@multanmangoes.pk', password: 'squatter-pass-1', tag: 'x', role: 'ADMIN', access_scopes: [] },
    });
    expect(squat.status).toBe(200);
    const victim = await installShop(stack, { shop: 'multan-mangoes.myshopify.com', name: 'Multan Mangoes', email: 'owner@multanmangoes.pk', password: 'Mango-owner-2026', orders: 0 });
    expect(victim.owner).toMatchObject({ email: 'owner@multanmangoes.pk', role: 'ADMIN', is_verified_user: true });
    const signIn = await api('auth.login', { body: { email: 'owner@multanmangoes.pk', password: 'Mango-owner-2026' } });
    expect(signIn.status).toBe(200);
    const me = await api('auth.me', { token: (signIn.body as { auth_token: string }).auth_token });
    expect((me.body as { data: { shop: { domain: string } } }).data.shop.domain).toBe('multan-mangoes.myshopify.com');
  });

  it('a merchant installs a second store with the same email: one person owns both and chooses at sign-in', async () => {
    const first = await installShop(stack, { shop: 'quetta-quilts.myshopify.com', name: 'Quetta Quilts', email: 'sana@quilts.pk', password: 'Quilts-owner-2026', orders: 0 });
    const second = await installShop(stack, { shop: 'quetta-quilts-outlet.myshopify.com', name: 'Quetta Quilts Outlet', email: 'sana@quilts.pk', password: 'Quilts-owner-2026', orders: 0 });
    expect(second.owner.personId).toBe(first.owner.personId);
    const choose = await api('auth.login', { body: { email: 'sana@quilts.pk', password: 'Quilts-owner-2026' } });
    expect(choose.body).toEqual({
      auth_token: '', two_factor_await: false,
      stores: [
        { domain: 'quetta-quilts.myshopify.com', name: 'Quetta Quilts' },
        { domain: 'quetta-quilts-outlet.myshopify.com', name: 'Quetta Quilts Outlet' },
      ],
    });
  });
});

describe('who opens the app from the Shopify admin', () => {
  const PESHAWAR = 'peshawar-pottery.myshopify.com';
  const pottery = () => installShop(stack, { shop: PESHAWAR, name: 'Peshawar Pottery', email: 'owner@pottery.pk', password: 'Pottery-owner-2026', orders: 0 });
  const signInPage = () => `${stack.appUrl}/login?store=${encodeURIComponent(PESHAWAR)}`;
  const meOf = async (handoff: string) => {
    const api = apiClient(stack.appUrl);
    const { auth_token } = await api.call('auth.exchangeToken', { body: { token: handoff } });
    return (await api.call('auth.me', { token: auth_token })).data;
  };
  /** The embedded launch's answer: the page that sends the top window on, and where to. */
  const embedded = async (url: string) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const target = /window\.open\("([^"]+)", '_top'\)/.exec(html)?.[1];
    expect(target).toBeTruthy();
    return { html, csp: res.headers.get('content-security-policy') ?? '', target: new URL(target!) };
  };
  const embeddedLaunch = (idToken: string) => `${stack.appUrl}/api/v1/shopify/install?${signed({
    embedded: '1', host: 'aG9zdA', id_token: idToken, locale: 'en', session: 'abc', shop: PESHAWAR,
  })}`;
  const asAdmin = (email: string) => stack.shopify.control.signInAs(PESHAWAR, email);

  it('the account owner with a verified address lands with the owner\'s session; staff and an unverified owner land on the sign-in page', async () => {
    const { owner } = await pottery();
    asAdmin('owner@pottery.pk');
    const mine = await launchFromAdmin(stack, PESHAWAR);
    expect(mine.pathname).toBe('/login');
    expect(await meOf(mine.searchParams.get('token')!)).toMatchObject({ _id: owner._id, role: 'ADMIN' });

    // before, every launch signed whoever opened the app in as the owner
    stack.shopify.control.addStaff(PESHAWAR, { email: 'packer@pottery.pk', first_name: 'Bilal' });
    asAdmin('packer@pottery.pk');
    expect((await launchFromAdmin(stack, PESHAWAR)).toString()).toBe(signInPage());
    stack.shopify.control.addStaff(PESHAWAR, { email: 'helper@agency.pk', collaborator: true, account_owner: true });
    asAdmin('helper@agency.pk');
    expect((await launchFromAdmin(stack, PESHAWAR)).toString()).toBe(signInPage());
    stack.shopify.control.addStaff(PESHAWAR, { email: 'owner@pottery.pk', email_verified: false });
    asAdmin('owner@pottery.pk');
    expect((await launchFromAdmin(stack, PESHAWAR)).toString()).toBe(signInPage());
    stack.shopify.control.addStaff(PESHAWAR, { email: 'owner@pottery.pk', email_verified: true });
  });

  it('an embedded launch leaves the iframe first: a page only the admin may frame sends the top window on', async () => {
    await pottery();
    asAdmin('owner@pottery.pk');
    const owner = await embedded(stack.shopify.control.launchUrl(PESHAWAR, { embedded: true }));
    expect(owner.target.origin + owner.target.pathname).toBe(`${stack.appUrl}/login`);
    expect(await meOf(owner.target.searchParams.get('token')!)).toMatchObject({ email: 'owner@pottery.pk' });
    expect(owner.csp).toContain(`frame-ancestors https://admin.shopify.com https://*.myshopify.com ${stack.shopifyUrl}`);
    expect(owner.csp).toMatch(/script-src \S+ 'sha256-[A-Za-z0-9+/=]+'/);
    expect(owner.html).toContain(`src="${stack.shopifyUrl}/shopifycloud/app-bridge.js"`);

    stack.shopify.control.addStaff(PESHAWAR, { email: 'rider@pottery.pk' });
    asAdmin('rider@pottery.pk');
    expect((await embedded(stack.shopify.control.launchUrl(PESHAWAR, { embedded: true }))).target.toString()).toBe(signInPage());
    asAdmin('owner@pottery.pk');
  });

  it('a session token Shopify refuses sends the top window to a launch of its own, which asks through the online grant', async () => {
    await pottery();
    asAdmin('owner@pottery.pk');
    const { target } = await embedded(embeddedLaunch(stack.shopify.control.sessionToken(PESHAWAR, { expired: true })));
    expect(target.origin + target.pathname).toBe(`${stack.appUrl}/api/v1/shopify/install`);
    expect([...target.searchParams.keys()].sort()).toEqual(['hmac', 'host', 'shop', 'timestamp']);
    const top = await get(target.toString());
    expect(top.status).toBe(302);
    const authorize = new URL(top.headers.get('location')!);
    expect(authorize.searchParams.getAll('grant_options[]')).toEqual(['per-user']);
    expect(top.headers.getSetCookie()[0]).toMatch(/^shopify_app_state=[0-9a-f]{64}; Path=\/api\/v1\/shopify\/callback; HttpOnly; SameSite=Lax/);
    // the app's signature covers what it sends on: changing the shop breaks it
    target.searchParams.set('shop', 'lahore-linen.myshopify.com');
    expect(await errorCode(await get(target.toString()))).toBe('SHOPIFY_HMAC_INVALID');
  });

  it('an embedded launch of a store not installed yet goes to the top window and on to the install grant', async () => {
    stack.shopify.control.seedShop({ shop: 'sialkot-sports.myshopify.com', name: 'Sialkot Sports', email: 'owner@sialkot.pk' });
    const { target } = await embedded(stack.shopify.control.launchUrl('sialkot-sports.myshopify.com', { embedded: true }));
    const top = await get(target.toString());
    const authorize = new URL(top.headers.get('location')!);
    expect(authorize.pathname).toBe('/_shops/sialkot-sports.myshopify.com/admin/oauth/authorize');
    expect(authorize.searchParams.getAll('grant_options[]')).toEqual([]);
  });
});

describe('webhooks', () => {
  it('drops duplicates, refuses bad signatures with 401 and missing headers with 400', async () => {
    await install();
    stack.shopify.control.webhookFault({ kind: 'bad-hmac' });
    stack.shopify.control.trigger(SHOP, 'customers/data_request', {});
    stack.shopify.control.webhookFault({ kind: 'missing-header', header: 'X-Shopify-Topic' });
    stack.shopify.control.trigger(SHOP, 'customers/redact', {});
    stack.shopify.control.webhookFault({ kind: 'duplicate' });
    stack.shopify.control.trigger(SHOP, 'customers/data_request', {});
    await stack.shopify.control.drainWebhooks();
    const statuses = stack.shopify.control.deliveries({ shop: SHOP }).flatMap((d) => d.attempts.map((a) => a.status));
    expect(statuses).toContain(401);
    expect(statuses).toContain(400);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
  });

  it('app/uninstalled closes the shop: its people cannot sign in, and a reinstall opens it again without the old sessions', async () => {
    const { owner } = await install();
    const me = (token: string) => fetch(`${stack.appUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    const before = await installThroughOAuth(stack, SHOP);
    expect((await me(before)).status).toBe(200);
    stack.shopify.control.uninstall(SHOP);
    await stack.shopify.control.drainWebhooks();
    const shop = await stack.deps.shops.getByDomain(SHOP);
    expect(shop).toMatchObject({ status: 'OFF', plan: 'FREE' });
    expect(shop?.shopify.accessToken).toBe('');
    const login = await fetch(`${stack.appUrl}/api/v1/login-user`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: 'Linen-owner-2026' }),
    });
    expect(await errorCode(login)).toBe('SHOP_INACTIVE');
    const after = await installThroughOAuth(stack, SHOP);
    expect((await stack.deps.shops.getByDomain(SHOP))?.status).toBe('ACTIVE');
    expect((await me(before)).status).toBe(401);
    expect((await me(after)).status).toBe(200);
  });

  it('shop/redact is ignored while the shop is installed', async () => {
    const { shop } = await install();
    stack.shopify.control.trigger(SHOP, 'shop/redact', {});
    await stack.shopify.control.drainWebhooks();
    expect((await stack.deps.shops.get(shop._id))?.status).toBe('ACTIVE');
  });

  it('shop/redact, 48 hours after an uninstall, erases every item of the shop and frees its domain and emails', async () => {
    const { shop, owner } = await install();
    stack.shopify.control.uninstall(SHOP);
    await stack.shopify.control.drainWebhooks();
    stack.shopify.control.advance(49 * 3600 * 1000);
    await stack.shopify.control.drainWebhooks();
    expect(stack.shopify.control.deliveries({ shop: SHOP, topic: 'shop/redact' }).length).toBeGreaterThan(0);
    // the webhook only queues the shops.redact job, which the stack's job poller runs: the shop goes in pages
    await expect.poll(() => stack.deps.shops.get(shop._id), { timeout: 20_000 }).toBeUndefined();
    expect(await stack.deps.shops.getByDomain(SHOP)).toBeUndefined();
    expect(await stack.deps.people.findByEmail(owner.email)).toBeUndefined();
  });
});
