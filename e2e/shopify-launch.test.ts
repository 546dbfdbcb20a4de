import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signQuery } from '@dakiya/functions/adapters/shopify';
import { readLocalConfig } from '../local/config';
import { expectRefusal, launch, newPage, shot } from './support/browser';
import { api, linkFromInbox } from './support/inbox';
import { installNewShop, sim } from './support/shops';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** A store of its own, so switching who is signed in to its admin disturbs no other flow. */
const HANDLE = `gujranwala-glass-${Date.now().toString(36)}`;
const SHOP = `${HANDLE}.myshopify.com`;
const OWNER = `owner@${HANDLE}.pk`;
const STAFF = { email: `packer@${HANDLE}.pk`, password: 'Packer-glass-2026' };
const { clientId, clientSecret } = readLocalConfig().shopify;

/** The simulated Shopify admin with Dakiya open in it (the app in an iframe). */
const adminApp = () => `${inject('shopifyUrl')}/_shops/${SHOP}/admin/apps/${clientId}`;

beforeAll(async () => {
  const ownerToken = await installNewShop(SHOP, 'Gujranwala Glassworks', OWNER);
  await api().call('users.create', {
    token: ownerToken,
    body: { first_name: 'Bilal', last_name: 'Packer', email: STAFF.email, password: STAFF.password, tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'] },
  });
  const link = await linkFromInbox(STAFF.email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
  await sim('staff', { shop: SHOP, email: STAFF.email, first_name: 'Bilal', last_name: 'Packer' });
}, 60_000);

describe('opening Dakiya from the Shopify admin', () => {
  it('the store owner: the app leaves the admin’s iframe and lands signed in as the owner', async () => {
    await sim('admin-user', { shop: SHOP, user: OWNER });
    const page = await newPage(browser);
    await page.goto(adminApp());
    await page.waitForURL(`${inject('appUrl')}/dashboard**`);
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('ADMIN');
    expect(page.url()).not.toContain('token=');
    await shot(page, 'shopify-admin-owner-landing');
  });

  it('a staff member lands on this store’s sign-in page and signs in with their own account, not the owner’s', async () => {
    await sim('admin-user', { shop: SHOP, user: STAFF.email });
    try {
      const page = await newPage(browser);
      expectRefusal(page, 400, '/login-user');
      await page.goto(adminApp());
      await page.waitForURL(`${inject('appUrl')}/login?store=${SHOP}`);
      expect(await page.getByTestId('login-store').innerText()).toBe(`Sign in with your own Dakiya account to open ${SHOP}.`);
      await shot(page, 'shopify-admin-staff-sign-in');
      await page.getByTestId('login-email').fill(STAFF.email);
      await page.getByTestId('login-password').fill('not-my-password');
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('Email or password is incorrect');
      await page.getByTestId('login-password').fill(STAFF.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/dashboard**');
      await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('USER');
    } finally {
      await sim('admin-user', { shop: SHOP, user: OWNER });
    }
  });

  it('an old or forged launch link shows a page that says what to do, not JSON', async () => {
    const page = await newPage(browser);
    expectRefusal(page, 401, '/shopify/install');
    const stale = { host: 'aG9zdA', shop: SHOP, timestamp: String(Math.floor(Date.now() / 1000) - 600) };
    await page.goto(`${inject('appUrl')}/api/v1/shopify/install?${new URLSearchParams({ ...stale, hmac: signQuery(stale, clientSecret) })}`);
    expect(await page.getByTestId('launch-error-message').innerText()).toBe('This link from Shopify has expired or was changed.');
    expect(await page.getByTestId('launch-error').innerText()).toContain('Open Dakiya again from your Shopify admin');
    await shot(page, 'shopify-launch-stale');
  });
});
