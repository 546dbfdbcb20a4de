import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectRefusal, launch, newPage, shot, signIn } from './support/browser';
import { api, linkFromInbox } from './support/inbox';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe('staff access', () => {
  it('the owner creates a user, who verifies by email, signs in with only its scopes, and is thrown out when restricted', async () => {
    const owner = inject('owner');
    const email = `rider-${Date.now()}@dakiya-demo.pk`;
    const admin = await newPage(browser);
    await signIn(admin, owner.email, owner.password);
    await admin.waitForURL('**/dashboard');
    await admin.goto('/dashboard/create-user');
    await admin.getByTestId('user-first-name').fill('Imran');
    await admin.getByTestId('user-last-name').fill('Rider');
    await admin.getByTestId('user-email').fill(email);
    await admin.getByTestId('user-password').fill('rider-pass-2026');
    await admin.getByTestId('user-tag').fill('rider');
    await admin.getByTestId('scope-READ_ORDERS').click();
    await shot(admin, 'create-user');
    await admin.getByTestId('create-user-submit').click();
    await admin.waitForURL('**/dashboard/users');
    await admin.getByTestId(`user-row-${email}`).waitFor();
    await admin.getByTestId(`user-unverified-${email}`).waitFor();
    await shot(admin, 'users-list');

    // the new user opens the emailed link in their own browser
    const link = await linkFromInbox(email, '/email-verify');
    const user = await newPage(browser);
    await user.goto(`${link.pathname}${link.search}`);
    await expect.poll(() => user.getByTestId('verify-status').getAttribute('data-status')).toBe('ok');
    await shot(user, 'email-verified');
    await user.getByTestId('verify-login').click();
    await user.waitForURL('**/login');
    await signIn(user, email, 'rider-pass-2026');
    await user.waitForURL('**/dashboard**');
    await expect.poll(() => user.getByTestId('role-badge').innerText()).toBe('USER');
    expect(await user.getByTestId('nav-orders').getAttribute('aria-disabled')).not.toBe('true');
    expect(await user.getByTestId('nav-accounts').getAttribute('aria-disabled')).toBe('true');
    expect(await user.getByTestId('nav-settings').getAttribute('aria-disabled')).toBe('true');

    // the owner restricts the user ...
    await admin.reload();
    await admin.getByTestId(`user-restrict-${email}`).click();
    await admin.getByTestId('confirm-yes').click();
    await expect.poll(() => admin.getByTestId(`user-status-${email}`).innerText()).toMatch(/restricted|inactive/i);
    // ... whose next request is refused and who lands on the sign-in page
    expectRefusal(user, 401, '/me');
    expectRefusal(user, 403, '/login-user');
    await user.goto('/dashboard/orders');
    await user.waitForURL('**/login');
    await signIn(user, email, 'rider-pass-2026');
    await expect.poll(() => user.getByTestId('login-error').innerText()).toContain('Your account has been deactivated');
  });
});

describe('forgot password', () => {
  it('a staff member resets the password from the emailed link and signs in with the new one', async () => {
    const owner = inject('owner');
    const email = `packer-${Date.now()}@dakiya-demo.pk`;
    const { auth_token: token } = await api().call('auth.login', { body: owner });
    await api().call('users.create', {
      token, body: { first_name: 'Hina', last_name: 'Packer', email, password: 'first-pass-2026', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'] },
    });
    const verify = await linkFromInbox(email, '/email-verify');
    await api().call('auth.verifyEmail', { body: { token: verify.searchParams.get('token') ?? '' } });

    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();
    const reset = await linkFromInbox(email, '/reset-password');
    await page.goto(`${reset.pathname}${reset.search}`);
    // the current password is refused, and the link still works for a new one
    expectRefusal(page, 400, '/password/reset-password');
    await page.getByTestId('reset-password').fill('first-pass-2026');
    await page.getByTestId('reset-confirm').fill('first-pass-2026');
    await page.getByTestId('reset-submit').click();
    await page.getByText('The new password must be different from the current one').first().waitFor();
    await shot(page, 'reset-password-same');
    await page.getByTestId('reset-password').fill('second-pass-2026');
    await page.getByTestId('reset-confirm').fill('second-pass-2026');
    await shot(page, 'reset-password');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-success').waitFor();
    await page.waitForURL('**/login');
    await signIn(page, email, 'second-pass-2026');
    await page.waitForURL('**/dashboard**');
  });
});
