import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopifyError, ShopifyUnauthorizedError } from '../../../functions/domain/ports/shopify';
import { isValidShopDomain, verifyQueryHmac } from '../../../functions/adapters/shopify/hmac';
import { authorizeUrl, exchangeCode, exchangeSessionToken, onlineUserFromCode, onlineUserFromSessionToken, refreshAccessToken } from '../../../functions/adapters/shopify/oauth';
import { CLIENT_ID, CLIENT_SECRET, SCOPES, SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ consent: 'page', orders: 3 });
});
afterEach(() => h.stop());

const query = (url: URL) => Object.fromEntries(url.searchParams);
const credentials = () => ({ shop: SHOP, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, origin: h.sim.originTemplate, fetch, nowMs: () => h.sim.control.now() });

describe('OAuth code grant against the simulator', () => {
  it('launch → consent page → approve → HMAC-verified callback → expiring token', async () => {
    // 1. Shopify opens the app URL with a signed query.
    const launch = new URL(h.sim.control.launchUrl(SHOP, { embedded: false }));
    expect(launch.origin).toBe(h.receiver.url);
    expect(verifyQueryHmac(query(launch), CLIENT_SECRET, h.sim.control.now())).toBe(true);
    expect(launch.searchParams.get('host')).toBe(Buffer.from('admin.shopify.com/store/chai-wala').toString('base64').replace(/=+$/, ''));

    // 2. The app redirects to authorize; a person sees the consent page.
    const authorize = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri: h.redirectUri, state: 'st4te', origin: h.sim.originTemplate });
    const page = await fetch(authorize, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const htmlText = await page.text();
    expect(htmlText).toContain('Chai Wala');
    expect(htmlText).toContain('write_merchant_managed_fulfillment_orders');
    expect(htmlText).toContain('id="install"');

    // 3. Install = the page's button: the same request with decision=approve.
    const approved = await fetch(`${authorize}&decision=approve`, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(h.redirectUri);
    const params = query(callback);
    expect(Object.keys(params).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(params.state).toBe('st4te');
    expect(verifyQueryHmac(params, CLIENT_SECRET, h.sim.control.now())).toBe(true);
    expect(isValidShopDomain(params.shop ?? '')).toBe(true);

    // 4. Code → expiring offline token.
    const tokens = await exchangeCode({ ...credentials(), code: params.code ?? '' });
    expect(tokens.accessToken).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(tokens.refreshToken).toMatch(/^shprt_[0-9a-f]{32}$/);
    expect(tokens.scopes).toEqual(SCOPES);
    expect(Date.parse(tokens.expiresAt ?? '') - h.sim.control.now()).toBe(3600 * 1000);
    expect(Date.parse(tokens.refreshTokenExpiresAt ?? '') - h.sim.control.now()).toBe(7_776_000 * 1000);
    const shop = await h.client(tokens.accessToken).getShop();
    expect(shop.myshopifyDomain).toBe(SHOP);

    // The code is single use.
    const reused = await exchangeCode({ ...credentials(), code: params.code ?? '' }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(ShopifyError);
    expect(reused).toMatchObject({ status: 400, code: 'OAUTH' });
  });

  it('gives the adapter what it needs to reject bad hmac, state, shop and stale callbacks', async () => {
    const authorize = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri: h.redirectUri, state: 'expected', origin: h.sim.originTemplate });
    const response = await fetch(authorize, { redirect: 'manual', headers: { 'X-Fake-Consent': 'approve' } });
    const params = query(new URL(response.headers.get('location') ?? ''));
    const now = h.sim.control.now();
    expect(verifyQueryHmac(params, CLIENT_SECRET, now)).toBe(true);
    expect(verifyQueryHmac({ ...params, code: 'forged' }, CLIENT_SECRET, now)).toBe(false);
    expect(verifyQueryHmac({ ...params, shop: 'evil.myshopify.com' }, CLIENT_SECRET, now)).toBe(false);
    expect(verifyQueryHmac(params, 'not-the-secret', now)).toBe(false);
    expect(verifyQueryHmac(params, CLIENT_SECRET, now + 120_000)).toBe(false);
    expect(params.state === 'other-nonce').toBe(false);
    expect(isValidShopDomain('evil.com')).toBe(false);
    expect(isValidShopDomain('chai-wala.myshopify.com.evil.com')).toBe(false);
  });

  it('refuses unknown redirect URIs and client ids, and shows a decline without redirecting', async () => {
    const bad = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri: 'https://evil.example/cb', state: 's', origin: h.sim.originTemplate });
    expect((await fetch(bad, { redirect: 'manual' })).status).toBe(400);
    const wrongClient = authorizeUrl({ shop: SHOP, clientId: 'nope', scopes: SCOPES, redirectUri: h.redirectUri, state: 's', origin: h.sim.originTemplate });
    expect((await fetch(wrongClient, { redirect: 'manual' })).status).toBe(400);
    const ok = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri: h.redirectUri, state: 's', origin: h.sim.originTemplate });
    const declined = await fetch(`${ok}&decision=decline`, { redirect: 'manual' });
    expect(declined.status).toBe(200);
    expect(declined.headers.get('location')).toBeNull();
    expect(await declined.text()).toContain('Installation cancelled');
  });

  it('expires codes after 60 s of fake time', async () => {
    h.sim.control.setConsent('auto-approve');
    const url = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri: h.redirectUri, state: 's', origin: h.sim.originTemplate });
    const code = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '').searchParams.get('code') ?? '';
    h.sim.control.advance(61_000);
    await expect(exchangeCode({ ...credentials(), code })).rejects.toMatchObject({ status: 400 });
  });

  it('rotates expiring tokens on refresh; the old refresh token dies after the retry window', async () => {
    h.sim.control.setConsent('auto-approve');
    const first = await h.install();
    const second = await refreshAccessToken({ ...credentials(), refreshToken: first.refreshToken ?? '' });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    // A lost response may be retried at once and gets the same pair.
    const retry = await refreshAccessToken({ ...credentials(), refreshToken: first.refreshToken ?? '' });
    expect(retry.accessToken).toBe(second.accessToken);

    h.sim.control.advance(11_000);
    await expect(refreshAccessToken({ ...credentials(), refreshToken: first.refreshToken ?? '' })).rejects.toMatchObject({ status: 400, code: 'OAUTH' });

    // The old access token lives until it expires; the new pair works.
    await expect(h.client(first.accessToken).getShop()).resolves.toMatchObject({ name: 'Chai Wala' });
    h.sim.control.advance(3600 * 1000);
    await expect(h.client(first.accessToken).getShop()).rejects.toBeInstanceOf(ShopifyUnauthorizedError);
    await expect(h.client(second.accessToken).getShop()).rejects.toBeInstanceOf(ShopifyUnauthorizedError);
    const third = await refreshAccessToken({ ...credentials(), refreshToken: second.refreshToken ?? '' });
    await expect(h.client(third.accessToken).getShop()).resolves.toMatchObject({ currencyCode: 'PKR', ianaTimezone: 'Asia/Karachi' });
  });

  it('exchanges a minted session token (managed install) and rejects bad ones', async () => {
    const sessionToken = h.sim.control.sessionToken(SHOP);
    const tokens = await exchangeSessionToken({ ...credentials(), sessionToken });
    expect(tokens.refreshToken).toMatch(/^shprt_/);
    expect(tokens.scopes).toEqual(SCOPES);
    await expect(h.client(tokens.accessToken).getShop()).resolves.toMatchObject({ email: 'hello@chaiwala.pk' });

    for (const bad of [
      h.sim.control.sessionToken(SHOP, { expired: true }),
      h.sim.control.sessionToken(SHOP, { wrongSecret: true }),
      h.sim.control.sessionToken(SHOP, { aud: 'another-app' }),
    ]) {
      await expect(exchangeSessionToken({ ...credentials(), sessionToken: bad })).rejects.toMatchObject({ status: 400 });
    }
  });

  it('rejects the wrong client secret without echoing it', async () => {
    const error = (await exchangeCode({ ...credentials(), clientSecret: 'wrong-secret', code: 'x' }).catch((e: unknown) => e)) as ShopifyError;
    expect(error.status).toBe(400);
    expect(error.message).not.toContain('wrong-secret');
  });
});

describe('online tokens: who opened the app (§1.7, §1.9)', () => {
  const onlineCode = async () => {
    const url = authorizeUrl({ shop: SHOP, clientId: CLIENT_ID, scopes: SCOPES, redirectUri: h.redirectUri, state: 's', origin: h.sim.originTemplate, perUser: true });
    expect(new URL(url).searchParams.getAll('grant_options[]')).toEqual(['per-user']);
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(302); // an installed app: no consent page for the online grant
    return new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
  };

  it('names the admin user signed in: the owner by default, a staff member once they open it', async () => {
    h.sim.control.setConsent('auto-approve');
    await h.install();
    h.sim.control.setConsent('page');
    expect(await onlineUserFromCode({ ...credentials(), code: await onlineCode() })).toEqual({
      id: '902541635', email: 'hello@chaiwala.pk', emailVerified: true, accountOwner: true, collaborator: false,
    });
    const packer = h.sim.control.addStaff(SHOP, { email: 'Packer@ChaiWala.pk', first_name: 'Bilal' });
    h.sim.control.signInAs(SHOP, packer.email);
    expect(await onlineUserFromCode({ ...credentials(), code: await onlineCode() })).toMatchObject({ email: 'packer@chaiwala.pk', accountOwner: false });
    // the session token names them too (sub), and its exchange answers the same person
    expect(await onlineUserFromSessionToken({ ...credentials(), sessionToken: h.sim.control.sessionToken(SHOP) })).toMatchObject({ id: String(packer.id), accountOwner: false });
  });

  it('an unverified owner address is said so; a session token of nobody on the staff is refused', async () => {
    h.sim.control.setConsent('auto-approve');
    await h.install();
    h.sim.control.addStaff(SHOP, { email: 'hello@chaiwala.pk', email_verified: false });
    expect(await onlineUserFromSessionToken({ ...credentials(), sessionToken: h.sim.control.sessionToken(SHOP) })).toMatchObject({ accountOwner: true, emailVerified: false });
    await expect(onlineUserFromSessionToken({ ...credentials(), sessionToken: h.sim.control.sessionToken(SHOP, { sub: '1' }) })).rejects.toMatchObject({ status: 400, code: 'OAUTH' });
    await expect(onlineUserFromSessionToken({ ...credentials(), sessionToken: h.sim.control.sessionToken(SHOP, { expired: true }) })).rejects.toMatchObject({ status: 400 });
  });
});
