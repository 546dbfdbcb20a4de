import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectRefusal, launch, newPage, shot, signIn, stored } from './support/browser';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe('a new merchant', () => {
  it('opens the landing page, signs in as the owner, sees the ADMIN shell and signs out', async () => {
    const owner = inject('owner');
    const page = await newPage(browser);
    await page.goto('/');
    // the page itself, not its loading frame (its code arrives after the first paint)
    await page.getByTestId('landing-sign-in').first().waitFor();
    expect(await page.getByTestId('loading-page').count()).toBe(0);
    await shot(page, 'landing');
    await page.getByTestId('landing-sign-in').first().click();
    await page.waitForURL('**/login');
    await shot(page, 'login');
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('ADMIN');
    expect(await page.getByTestId('nav-staff').getAttribute('aria-disabled')).not.toBe('true');
    expect(await page.getByTestId('nav-accounts').getAttribute('aria-disabled')).not.toBe('true');
    expect(await stored(page, 'auth_token')).toBeTruthy();
    await shot(page, 'shell-admin');

    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('menu-full-name').innerText()).toBe('Store Owner');
    await page.getByTestId('menu-logout').click();
    await page.waitForURL('**/login');
    expect([await stored(page, 'auth_token'), await stored(page, 'user')]).toEqual([null, null]);
    // the session is gone on the server too: the old token no longer works
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  it('a staff USER without READ_ACCOUNTS sees Accounts disabled in the nav and the menu', async () => {
    const staff = inject('staff');
    const page = await newPage(browser);
    await signIn(page, staff.email, staff.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('USER');
    expect(await page.getByTestId('nav-accounts').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('nav-staff').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('nav-orders').getAttribute('aria-disabled')).not.toBe('true');
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('menu-accounts').getAttribute('aria-disabled')).toBe('true');
    // and says why, and who can open it (issue 16, point 10)
    expect(await page.getByTestId('menu-accounts-locked').innerText()).toBe('Accounts needs the Read accounts permission. Ask your admin to give it to you.');
    await shot(page, 'shell-user');
  });

  it('opening Dakiya from the Shopify admin lands signed in through the one-time /login?token= link', async () => {
    const shopify = inject('shopifyUrl');
    const { url } = (await (await fetch(`${shopify}/_fake/launch-url?shop=dakiya-demo.myshopify.com&embedded=0`)).json()) as { url: string };
    const step = async (from: string, cookie?: string) => {
      const res = await fetch(from, { redirect: 'manual', headers: { 'x-fake-consent': 'approve', ...(cookie ? { cookie } : {}) } });
      return { location: new URL(res.headers.get('location')!, from).toString(), cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
    };
    const install = await step(url);
    const authorize = await step(install.location);
    const landing = await step(authorize.location, install.cookie);
    expect(new URL(landing.location).pathname).toBe('/login');
    const page = await newPage(browser);
    await page.goto(landing.location);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('ADMIN');
    expect(page.url()).not.toContain('token=');
    // the link was spent: opening it again does not sign anyone in
    const other = await newPage(browser);
    expectRefusal(other, 400, '/exchange-login-token');
    await other.goto(landing.location);
    await expect.poll(() => other.getByTestId('login-error').innerText()).toContain('This sign-in link has expired');
  });

  it('a wrong password shows the catalogue message', async () => {
    const owner = inject('owner');
    const page = await newPage(browser);
    expectRefusal(page, 400, '/login-user');
    await signIn(page, owner.email, 'not-the-password');
    await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('Email or password is incorrect');
    expect(page.url()).toMatch(/\/login$/);
  });

  it('an unknown address shows the not-found page with a way back', async () => {
    const page = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await page.getByTestId('not-found-dashboard').click();
    await page.waitForURL('**/login');
  });
});
