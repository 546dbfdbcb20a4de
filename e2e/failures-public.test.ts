import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { expectConsoleError, expectRefusal, launch, newPage, shot, signIn } from './support/browser';
import { CONNECTION_FAILED, dropConnection, enableTwoFactor, newStaff, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { api, linkFromInbox } from './support/inbox';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** A staff user whose verification link has not been opened yet. */
async function unverified(): Promise<{ email: string; link: URL }> {
  const { auth_token } = await api().call('auth.login', { body: inject('owner') });
  const email = `unverified-${Date.now()}-${Math.floor(Math.random() * 1e6)}@dakiya-e2e.pk`;
  await api().call('users.create', {
    token: auth_token,
    body: { first_name: 'Rida', last_name: 'Test', email, password: 'e2e-staff-pass-2026', tag: 'e2e', role: 'USER', access_scopes: ['READ_ORDERS'] },
  });
  return { email, link: await linkFromInbox(email, '/email-verify') };
}

/** A new reset link for `email` (not `previous`: the outbox may still be delivering the new mail). */
async function resetLink(email: string, previous?: URL): Promise<URL> {
  await api().call('auth.resetPin', { body: { email } });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const link = await linkFromInbox(email, '/reset-password');
    if (link.href !== previous?.href) return link;
    if (Date.now() > deadline) throw new Error(`no new reset link reached ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(VIEWPORTS)('public screens when things go wrong (%s)', (name, viewport) => {
  it('landing: offline, its code cannot download: a panel says so, and Reload brings the page once back online', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    await page.context().setOffline(true);
    expectConsoleError(page, /Failed to fetch dynamically imported module|ERR_INTERNET_DISCONNECTED/);
    await page.getByTestId('login-cancel').click();
    await expect.poll(() => page.getByTestId('error-panel-title').innerText()).toBe('This screen could not load');
    await shot(page, `fail-landing-offline-${name}`);
    await page.context().setOffline(false);
    await page.getByTestId('error-panel-reload').click();
    await page.getByTestId('landing-sign-in').first().waitFor();
    await expect.poll(() => page.title()).toBe('Dakiya · Courier booking and parcel tracking for Shopify');
  });

  it('login: a refused sign-in and a dropped connection each say so, and the form still signs in', async () => {
    const owner = inject('owner');
    const page = await newPage(browser, viewport);
    expectRefusal(page, 400, '/login-user');
    await signIn(page, owner.email, 'not-the-password');
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe('Email or password is incorrect');
    await expect.poll(() => page.title()).toBe('Sign in · Dakiya');
    const online = await dropConnection(page);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe(`Something went wrong\n${CONNECTION_FAILED}`);
    await shot(page, `fail-login-offline-${name}`);
    await online();
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
  });

  it('forgot password: a refused request and a dropped connection each say so; the dialog still sends', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('forgot-email').fill(inject('staff').email);
    // API Gateway throttles before the handler: the catalogue's answer for too many attempts
    await page.route('**/api/v1/password/reset-password-pin', (route) => route.fulfill({
      status: 429, contentType: 'application/json',
      body: JSON.stringify({ errors: [{ msg: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' }] }),
    }));
    expectRefusal(page, 429, '/password/reset-password-pin');
    await page.getByTestId('forgot-submit').click();
    await toastSays(page, 'Too many attempts. Please wait a few minutes and try again.');
    await page.unroute('**/api/v1/password/reset-password-pin');
    const online = await dropConnection(page);
    await page.getByTestId('forgot-submit').click();
    await toastSays(page, CONNECTION_FAILED);
    await shot(page, `fail-forgot-offline-${name}`);
    await online();
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();
  });

  it('reset password: a spent link and a dropped connection are said above the form, which still resets', async () => {
    const person = await newStaff('USER', ['READ_ORDERS']);
    const spent = await resetLink(person.email);
    await api().call('auth.resetPassword', { query: { hash: spent.searchParams.get('hash')! }, body: { password: 'first-reset-2026', confirm_password: 'first-reset-2026' } });
    const page = await newPage(browser, viewport);
    await page.goto(`${spent.pathname}${spent.search}`);
    await expect.poll(() => page.title()).toBe('Reset your password · Dakiya');
    await page.getByTestId('reset-password').fill('second-reset-2026');
    await page.getByTestId('reset-confirm').fill('second-reset-2026');
    expectRefusal(page, 400, '/password/reset-password');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-error-message').innerText()).toBe('This reset link is not valid or has expired');
    // a way on: ask for a new link (sign-in with Forgot password open) or sign in
    expect(await page.getByTestId('reset-link-actions').innerText()).toMatch(/Send a new link\s+Go to sign in/);
    await shot(page, `fail-reset-spent-${name}`);
    await page.getByTestId('link-send-new').click();
    await page.waitForURL('**/login?forgot=1');
    await page.getByTestId('forgot-email').waitFor();

    const fresh = await resetLink(person.email, spent);
    await page.goto(`${fresh.pathname}${fresh.search}`);
    await page.getByTestId('reset-password').fill('second-reset-2026');
    await page.getByTestId('reset-confirm').fill('second-reset-2026');
    const online = await dropConnection(page);
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-error').innerText()).toBe(CONNECTION_FAILED);
    // no answer is not a spent link: no "new link" offered for it
    expect(await page.getByTestId('reset-link-actions').count()).toBe(0);
    await online();
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-success').waitFor();
  });

  it('reset password: a malformed link (hash=abc) says it is not valid up front, with Send a new link and Go to sign in', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/reset-password?hash=abc');
    await expect.poll(() => page.getByTestId('link-invalid').innerText()).toContain('This link is not valid');
    expect(await page.getByTestId('reset-submit').count()).toBe(0);
    await shot(page, `fail-reset-malformed-${name}`);
    await page.getByTestId('link-send-new').click();
    await page.waitForURL('**/login?forgot=1');
    await page.getByTestId('forgot-email').waitFor();
  });

  it('create password: a malformed link says it is not valid; a stale link and a dropped connection are said above the form', async () => {
    const page = await newPage(browser, viewport);
    await page.goto('/create-new-password?hash=abc&id=def');
    await expect.poll(() => page.getByTestId('link-invalid').innerText()).toContain('This link is not valid');
    await shot(page, `fail-create-password-malformed-${name}`);

    await page.goto(`/create-new-password?hash=${'0'.repeat(24)}${'A'.repeat(43)}&id=${'0'.repeat(24)}`);
    await expect.poll(() => page.title()).toBe('Create your password · Dakiya');
    await page.getByTestId('create-password').fill('owner-pass-2026');
    await page.getByTestId('create-confirm').fill('x'.repeat(500));
    await page.getByTestId('create-submit').click();
    // a far too long confirmation is not called missing
    await expect.poll(() => page.getByTestId('create-confirm-error').innerText()).toBe('Confirm password must be at most 200 characters');
    await page.getByTestId('create-confirm').fill('owner-pass-2026');
    expectRefusal(page, 400, '/password/create-password');
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByTestId('create-error-message').innerText()).toBe('This link is not valid or has expired');
    expect(await page.getByTestId('create-link-actions').innerText()).toBe('Go to sign in');
    await shot(page, `fail-create-password-spent-${name}`);
    const online = await dropConnection(page);
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByTestId('create-error').innerText()).toBe(CONNECTION_FAILED);
    await online();
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByTestId('create-error-message').innerText()).toBe('This link is not valid or has expired');
    await stillUsable(page, 'Create your password');
    await page.getByTestId('link-sign-in').click();
    await page.waitForURL('**/login');
  });

  it('email verify: a spent link reads as whole sentences; offline it offers Try again, which verifies once back', async () => {
    const spent = await unverified();
    await api().call('auth.verifyEmail', { body: { token: spent.link.searchParams.get('token')! } });
    const page = await newPage(browser, viewport);
    expectRefusal(page, 400, '/verify-email');
    await page.goto(`${spent.link.pathname}${spent.link.search}`);
    await expect.poll(() => page.getByTestId('verify-status').getAttribute('data-status')).toBe('failed');
    // the spec's words, spelled right (README, "Choices")
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Email verification failed');
    expect(await page.getByTestId('verify-detail').innerText()).toBe(
      'This verification link is not valid or has expired. Ask your store admin to send a new one.',
    );
    await expect.poll(() => page.title()).toBe('Verify your email · Dakiya');
    await shot(page, `fail-verify-spent-${name}`);

    const fresh = await unverified();
    const other = await newPage(browser, viewport);
    const online = await dropConnection(other);
    await other.goto(`${fresh.link.pathname}${fresh.link.search}`);
    await expect.poll(() => other.getByTestId('verify-status').getAttribute('data-status')).toBe('unreachable');
    expect(await other.getByTestId('verify-detail').innerText()).toBe(CONNECTION_FAILED);
    await shot(other, `fail-verify-offline-${name}`);
    await online();
    await other.getByTestId('verify-retry').click();
    await expect.poll(() => other.getByTestId('verify-status').getAttribute('data-status')).toBe('ok');
    expect(await other.getByRole('heading', { level: 1 }).innerText()).toBe('Email verification successful');
  });

  it('two-factor sign-in: a wrong code and a dropped connection each say so; the right code still signs in', async () => {
    const person = await newStaff('ADMIN', [], 'paidAdmin');
    const secret = await enableTwoFactor(person);
    // each time step's code is accepted once, and the current one turned two-factor on: sign in with the next one
    const nextCode = () => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const page = await newPage(browser, viewport);
    await signIn(page, person.email, person.password);
    await page.waitForURL('**/two-factor');
    await expect.poll(() => page.title()).toBe('Two-factor verification · Dakiya');
    expect(await page.getByTestId('two-factor-code').getAttribute('placeholder')).toBe('6-digit code');
    await shot(page, `two-factor-empty-${name}`);
    await page.getByTestId('two-factor-code').fill('000000');
    expectRefusal(page, 400, '/verify-authenticator-code');
    await page.getByTestId('two-factor-submit').click();
    await expect.poll(() => page.getByTestId('two-factor-code-error').innerText()).toBe('The code is not correct. Try the newest code from your authenticator app.');
    await toastSays(page, 'The code is not correct');
    await shot(page, `fail-two-factor-wrong-${name}`);
    const online = await dropConnection(page);
    await page.getByTestId('two-factor-code').fill(await nextCode());
    await page.getByTestId('two-factor-submit').click();
    await toastSays(page, CONNECTION_FAILED);
    await stillUsable(page, 'Two-factor verification');
    await online();
    await page.getByTestId('two-factor-code').fill(await nextCode());
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard');
  });
});
