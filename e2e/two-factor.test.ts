import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { expectConsoleError, expectRefusal, launch, newPage, shot, signIn } from './support/browser';
import { api, linkFromInbox } from './support/inbox';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const PASSWORD = 'Twofa-pass-2026';
/** A code of the time step `steps` away from now (each step's code is accepted once). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A verified staff member of the paid shop, made the way an owner does it (create-user, then the emailed link). */
async function newStaff(role: 'USER' | 'ADMIN' = 'USER'): Promise<{ email: string; ownerToken: string; id: string }> {
  const owner = inject('paidOwner');
  const email = `twofa-${Date.now()}-${Math.floor(Math.random() * 1000)}@dakiya-paid.pk`;
  const { auth_token } = await api().call('auth.login', { body: owner });
  const created = await api().call('users.create', {
    token: auth_token,
    body: { first_name: 'Zara', last_name: 'Malik', email, password: PASSWORD, tag: 'desk', role, access_scopes: ['READ_ORDERS'] },
  });
  const link = await linkFromInbox(email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
  return { email, ownerToken: auth_token, id: created.user._id };
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await page.waitForURL('**/login');
}

describe('two-factor on the profile', () => {
  it('is turned on with a code and the password, shows the recovery codes once, and then asks for a code at sign-in', async () => {
    const staff = await newStaff();
    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/dashboard**');
    await page.goto('/dashboard/profile');
    await page.getByTestId('twofa-setup-open').click();
    await page.getByTestId('twofa-qr').waitFor();
    const secret = (await page.getByTestId('twofa-secret').innerText()).replace(/\s+/g, '');
    await shot(page, 'profile-two-factor-setup');

    const enableCode = await codeAt(secret);
    await page.getByTestId('twofa-code').fill(enableCode);
    await page.getByTestId('twofa-password').fill(PASSWORD);
    await page.getByTestId('twofa-submit').click();
    const dialog = page.getByTestId('recovery-codes-dialog');
    await dialog.waitFor();
    const codes = await page.getByTestId('recovery-code').allInnerTexts();
    expect(codes).toHaveLength(10);
    await shot(page, 'recovery-codes');

    await page.getByTestId('recovery-codes-copy').click();
    await expect.poll(() => page.getByTestId('recovery-codes-copy').innerText()).toContain('Copied');
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied.split('\n').filter((line: string) => /^[a-z0-9]{4}-/.test(line))).toEqual(codes);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('recovery-codes-download').click()]);
    expect(download.suggestedFilename()).toBe('dakiya-recovery-codes.txt');
    expect(fs.readFileSync(await download.path(), 'utf8')).toContain(codes[9]!);
    await page.getByTestId('recovery-codes-done').click();
    await expect.poll(() => page.getByTestId('twofa-codes-left').innerText()).toBe('10 recovery codes left');
    await shot(page, 'profile-two-factor-on');

    // sign in: the app's code
    await signOut(page);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/two-factor');
    await shot(page, 'two-factor');
    await page.getByTestId('two-factor-code').fill(await codeAt(secret, 1));
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard**');

    // sign in: a recovery code, once
    await signOut(page);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/two-factor');
    await page.getByTestId('two-factor-switch').click();
    await page.getByTestId('two-factor-recovery-code').fill(codes[0]!);
    await shot(page, 'two-factor-recovery');
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard**');
    await page.goto('/dashboard/profile');
    await expect.poll(() => page.getByTestId('twofa-codes-left').innerText()).toBe('9 recovery codes left');

    // turned off with the password and a recovery code
    await page.getByTestId('twofa-disable-open').click();
    await page.getByTestId('twofa-disable-password').fill(PASSWORD);
    await page.getByTestId('twofa-disable-code').fill(codes[1]!);
    await shot(page, 'two-factor-disable');
    await page.getByTestId('twofa-disable-submit').click();
    await page.getByTestId('twofa-setup-open').waitFor();
    await signOut(page);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/dashboard**');
  });

  it('says what went wrong: a wrong code or password at set-up, a replayed code, a spent recovery code, a dropped connection', async () => {
    const staff = await newStaff();
    const page = await newPage(browser);
    expectRefusal(page, 400, '/verify-qr-code');
    expectRefusal(page, 400, '/verify-authenticator-code');
    expectRefusal(page, 400, '/verify-recovery-code');
    expectConsoleError(page, /net::ERR_INTERNET_DISCONNECTED/);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/dashboard**');
    await page.goto('/dashboard/profile');
    await page.getByTestId('twofa-setup-open').click();
    await page.getByTestId('twofa-qr').waitFor();
    const secret = (await page.getByTestId('twofa-secret').innerText()).replace(/\s+/g, '');

    await page.getByTestId('twofa-code').fill('000000');
    await page.getByTestId('twofa-password').fill(PASSWORD);
    await page.getByTestId('twofa-submit').click();
    await expect.poll(() => page.getByTestId('twofa-code-error').innerText()).toBe('The code is not correct. Try the newest code from your authenticator app.');
    const enableCode = await codeAt(secret);
    await page.getByTestId('twofa-code').fill(enableCode);
    await page.getByTestId('twofa-password').fill('not-my-password');
    await page.getByTestId('twofa-submit').click();
    await expect.poll(() => page.getByTestId('twofa-password-error').innerText()).toBe('Current password is incorrect');
    await shot(page, 'profile-two-factor-wrong-password');
    // nothing was turned on by the wrong password
    await page.reload();
    await page.getByTestId('twofa-setup-open').waitFor();
    await page.getByTestId('twofa-setup-open').click();
    await page.getByTestId('twofa-qr').waitFor();
    const next = (await page.getByTestId('twofa-secret').innerText()).replace(/\s+/g, '');
    // the same code (not the code of the same moment: a slow run may cross into the next 30 s step) is replayed below
    const enabling = await codeAt(next);
    await page.getByTestId('twofa-code').fill(enabling);
    await page.getByTestId('twofa-password').fill(PASSWORD);
    await page.getByTestId('twofa-submit').click();
    await page.getByTestId('recovery-codes-dialog').waitFor();
    const codes = await page.getByTestId('recovery-code').allInnerTexts();
    await page.getByTestId('recovery-codes-done').click();

    // the code that turned it on does not sign in again
    await signOut(page);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/two-factor');
    await page.getByTestId('two-factor-code').fill(enabling);
    await page.getByTestId('two-factor-submit').click();
    // within its window it is 'already used'; a run slowed past the window finds it too old: refused either way
    await expect.poll(() => page.getByTestId('two-factor-code-error').innerText())
      .toMatch(/^(This code was already used\. Wait for the next code from your authenticator app\.|The code is not correct\. Try the newest code from your authenticator app\.)$/);
    expect(page.url()).toContain('/two-factor');
    await shot(page, 'two-factor-replayed');

    // a recovery code works once
    await page.getByTestId('two-factor-switch').click();
    await page.getByTestId('two-factor-recovery-code').fill(codes[0]!);
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard**');
    await signOut(page);
    await signIn(page, staff.email, PASSWORD);
    await page.waitForURL('**/two-factor');
    await page.getByTestId('two-factor-switch').click();
    await page.getByTestId('two-factor-recovery-code').fill(codes[0]!);
    await page.getByTestId('two-factor-submit').click();
    await expect.poll(() => page.getByTestId('two-factor-code-error').innerText()).toBe('This recovery code is not correct or was already used.');
    await shot(page, 'two-factor-recovery-used');

    // the connection drops: the page says so and stays usable; back online the next code works
    await page.context().setOffline(true);
    await page.getByTestId('two-factor-recovery-code').fill(codes[1]!);
    await page.getByTestId('two-factor-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'The connection failed. Check your internet connection and try again.' }).waitFor();
    await shot(page, 'two-factor-offline');
    expect(page.url()).toContain('/two-factor');
    await page.context().setOffline(false);
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard**');
  });

  it('on the free plan the profile offers the upgrade and never asks for a QR code', async () => {
    // the owner of the demo's free shop (the demo shop itself pays monthly)
    const owner = inject('freeOwner');
    const page = await newPage(browser);
    const asked: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/get-qr-code')) asked.push(request.url()); });
    await signIn(page, owner.email, owner.password);
    await page.waitForURL('**/dashboard**');
    await page.goto('/dashboard/profile');
    await page.getByTestId('twofa-upgrade').waitFor();
    await page.getByTestId('profile-title').waitFor();
    await shot(page, 'profile-two-factor-free');
    expect(asked).toEqual([]);
    expect(await page.getByTestId('twofa-setup-open').count()).toBe(0);
  });
});

describe('an ADMIN resets a staff member’s two-factor', () => {
  it('from the edit-user page; the member then signs in with the password alone', async () => {
    const staff = await newStaff();
    // the member turns it on (through the API: the profile flow is the test above)
    const { auth_token } = await api().call('auth.login', { body: { email: staff.email, password: PASSWORD } });
    const qr = await api().call('profile.qrCode', { token: auth_token });
    await api().call('profile.verifyQrCode', { token: auth_token, body: { code: await codeAt(qr.secret), password: PASSWORD } });

    const owner = inject('paidOwner');
    const admin = await newPage(browser);
    await signIn(admin, owner.email, owner.password);
    await admin.waitForURL('**/dashboard**');
    await admin.goto(`/dashboard/users/${staff.id}`);
    await expect.poll(() => admin.getByTestId('user-twofa-status').innerText()).toBe('On');
    await shot(admin, 'edit-user-two-factor');
    await admin.getByTestId('user-twofa-reset').click();
    await admin.getByTestId('confirm-yes').click();
    await expect.poll(() => admin.getByTestId('user-twofa-status').innerText()).toBe('Off');
    expect(await admin.getByTestId('user-twofa-reset').count()).toBe(0);

    const member = await newPage(browser);
    await signIn(member, staff.email, PASSWORD);
    await member.waitForURL('**/dashboard**');
  });
});
