import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectConsoleError, expectRefusal, launch, newPage, shot, signIn } from './support/browser';
import { api, linkFromInbox } from './support/inbox';
import { installNewShop } from './support/shops';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const PASSWORD = 'Two-stores-2026';
/** The first store is one of its own (the demo shop's free plan keeps its ten users for other flows). */
const HANDLE = `hyderabad-handloom-${Date.now().toString(36)}`;
const FIRST = `${HANDLE}.myshopify.com`;
let firstOwnerToken = '';
beforeAll(async () => { firstOwnerToken = await installNewShop(FIRST, 'Hyderabad Handloom', `owner@${HANDLE}.pk`); }, 60_000);

/** A person who works in two stores: created by the first store's owner, then invited by the paid shop's. */
async function personInTwoStores(): Promise<{ email: string; paidMemberId: string; paidOwnerToken: string; secondLink: URL }> {
  const email = `both-${Date.now()}@dakiya-demo.pk`;
  await api().call('users.create', {
    token: firstOwnerToken,
    body: { first_name: 'Hamza', last_name: 'Both', email, password: PASSWORD, tag: 'both', role: 'USER', access_scopes: ['READ_ORDERS'] },
  });
  const first = await linkFromInbox(email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: first.searchParams.get('token') ?? '' } });
  const paidOwner = await api().call('auth.login', { body: inject('paidOwner') });
  const invited = await api().call('users.create', {
    token: paidOwner.auth_token,
    // the paid store's admin types a password of its own: the person keeps theirs
    body: { first_name: 'Hamza', last_name: 'Both', email, password: 'admin-typed-2026', tag: 'both', role: 'ADMIN', access_scopes: [] },
  });
  // the outbox sends the second store's link a moment later: wait for a link that is not the first one
  let secondLink = await linkFromInbox(email, '/email-verify');
  for (let i = 0; i < 100 && secondLink.href === first.href; i++) {
    await new Promise((r) => setTimeout(r, 100));
    secondLink = await linkFromInbox(email, '/email-verify');
  }
  return { email, paidMemberId: invited.user._id, paidOwnerToken: paidOwner.auth_token, secondLink };
}

describe('one person in two stores', () => {
  it('verifies the second store’s invitation, then chooses a store at sign-in and gets that store’s role', async () => {
    const { email, secondLink: link } = await personInTwoStores();
    const page = await newPage(browser);
    await page.goto(`${link.pathname}${link.search}`);
    await page.locator('[data-testid="verify-status"][data-status="ok"]').waitFor();
    expect(await page.getByTestId('verify-detail').innerText()).toBe(
      'You already sign in to Dakiya with this email: this store is now in your account. Sign in with the password you already use.',
    );
    await shot(page, 'email-verify-existing-account');

    await signIn(page, email, PASSWORD);
    await page.getByTestId('store-picker').waitFor();
    expect(await page.getByTestId(`store-option-${FIRST}`).innerText()).toContain('Hyderabad Handloom');
    expect(await page.getByTestId('store-option-dakiya-paid.myshopify.com').innerText()).toContain('Pindi Paper Co');
    await shot(page, 'login-store-picker');
    await page.getByTestId('store-option-dakiya-paid.myshopify.com').click();
    await page.waitForURL('**/dashboard**');
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('ADMIN');

    // signing in again to the other store gives that store's role
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL('**/login');
    await signIn(page, email, PASSWORD);
    await page.getByTestId(`store-option-${FIRST}`).click();
    await page.waitForURL('**/dashboard**');
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('USER');
  });

  it('says so when a store has deactivated the person, when the connection drops, and when the password is the admin’s', async () => {
    const { email, paidMemberId, paidOwnerToken, secondLink: link } = await personInTwoStores();
    await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
    await api().call('users.edit', {
      token: paidOwnerToken, params: { id: paidMemberId },
      body: { first_name: 'Hamza', last_name: 'Both', tag: 'both', role: 'USER', access_scopes: ['READ_ORDERS'] },
    });
    await api().call('users.restrict', { token: paidOwnerToken, body: { id: paidMemberId } });

    const page = await newPage(browser);
    expectRefusal(page, 400, '/login-user');
    expectRefusal(page, 403, '/login-user');
    expectConsoleError(page, /net::ERR_INTERNET_DISCONNECTED/);
    await signIn(page, email, 'admin-typed-2026');
    await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('Email or password is incorrect');

    await signIn(page, email, PASSWORD);
    // only one store is open to them now: no choice to make
    await page.waitForURL('**/dashboard**');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL('**/login');

    // the Shopify admin of the restricted store sent them here
    await page.goto('/login?store=dakiya-paid.myshopify.com');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('Your account has been deactivated');
    await shot(page, 'login-store-restricted');

    // the other store, chosen while offline: the picker says the connection failed and stays usable
    await api().call('users.restrict', { token: paidOwnerToken, body: { id: paidMemberId } });
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('store-picker').waitFor();
    await page.context().setOffline(true);
    await page.getByTestId('store-option-dakiya-paid.myshopify.com').click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toContain('Something went wrong');
    await shot(page, 'login-store-picker-offline');
    await page.context().setOffline(false);
    await page.getByTestId('store-option-dakiya-paid.myshopify.com').click();
    await page.waitForURL('**/dashboard**');
  });
});
