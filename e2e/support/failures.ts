import { expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { DESKTOP, expectConsoleError, newPage, PHONE, signIn } from './browser';
import { api, linkFromInbox } from './inbox';

/** Both sizes every failure flow runs at. */
export const VIEWPORTS = [['desktop', DESKTOP], ['phone', PHONE]] as const;

/** What a person reads when no answer comes (web/src/lib/api.ts NETWORK_ERROR). */
export const CONNECTION_FAILED = 'The connection failed. Check your internet connection and try again.';

/**
 * The connection drops for the API: every call fails without an answer, as on a train out of coverage.
 * The page's own code stays loaded. Returns the way back online.
 */
export async function dropConnection(page: Page): Promise<() => Promise<void>> {
  expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
  await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
  return () => page.unroute('**/api/v1/**');
}

/** Waits for a toast whose text contains `text`. */
export async function toastSays(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('toast').allInnerTexts(), { timeout: 10_000 }).toEqual(expect.arrayContaining([expect.stringContaining(text)]));
}

/** The page is still the app, not a white page or the error panel: its main heading is on screen. */
export async function stillUsable(page: Page, heading: string | RegExp): Promise<void> {
  expect(await page.getByTestId('error-panel').count()).toBe(0);
  expect(await page.getByTestId('root-error').count()).toBe(0);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(heading);
}

export interface Person {
  email: string;
  password: string;
  id: string;
}

/**
 * A verified staff member, created and verified as an admin and the person would. In the paid shop by
 * default: the demo shop is on the free plan, whose ten users the flows would soon use up.
 */
export async function newStaff(role: 'USER' | 'ADMIN', scopes: string[], shop: 'owner' | 'paidAdmin' | 'freeOwner' = 'paidAdmin'): Promise<Person & { adminToken: string }> {
  const owner = inject(shop);
  const { auth_token: ownerToken } = await api().call('auth.login', { body: owner });
  const email = `${role.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@dakiya-e2e.pk`;
  const password = 'e2e-staff-pass-2026';
  const created = await api().call('users.create', {
    token: ownerToken,
    body: { first_name: 'Nadia', last_name: 'Test', email, password, tag: 'e2e', role, access_scopes: scopes as never },
  });
  const link = await linkFromInbox(email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token')! } });
  return { email, password, id: created.user._id, adminToken: ownerToken };
}

/** A page signed in as `who`, on `viewport`, landed wherever sign-in lands them. */
export async function signedIn(browser: Browser, who: { email: string; password: string }, viewport = DESKTOP, landing = '**/dashboard**'): Promise<Page> {
  const page = await newPage(browser, viewport);
  await signIn(page, who.email, who.password);
  await page.waitForURL(landing);
  // the shell itself, not only its address: its code may still be on the way
  await page.getByTestId('role-badge').waitFor();
  return page;
}

/** Turns two-factor on for a person of a paid shop through the API; answers the secret for codes. */
export async function enableTwoFactor(person: { email: string; password: string }): Promise<string> {
  const { auth_token } = await api().call('auth.login', { body: person });
  const { secret } = await api().call('profile.qrCode', { token: auth_token });
  await api().call('profile.verifyQrCode', { token: auth_token, body: { code: await generate({ secret }), password: person.password } });
  return secret;
}

export { PHONE, DESKTOP };
