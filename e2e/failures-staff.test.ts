import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, newStaff, signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { api } from './support/inbox';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const confirmYes = (page: Page) => page.getByTestId('confirm-yes').click();

describe.each(VIEWPORTS)('staff screens when things go wrong (%s)', (name, viewport) => {
  it('users list: restricting someone deleted a moment ago says so; restricting offline says the connection failed; the list still works', async () => {
    const gone = await newStaff('USER', ['READ_ORDERS']);
    const other = await newStaff('USER', ['READ_ORDERS']);
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto('/dashboard/users');
    await page.getByTestId(`user-row-${gone.email}`).waitFor();
    await expect.poll(() => page.title()).toBe('Staff users · Dakiya');
    // another admin deletes the user while this admin is confirming
    await page.getByTestId(`user-restrict-${gone.email}`).click();
    await page.getByTestId('confirm-yes').waitFor();
    await api().call('users.delete', { token: gone.adminToken, params: { id: gone.id } });
    expectRefusal(page, 404, '/restrict-user');
    await confirmYes(page);
    await toastSays(page, 'User not found');
    await shot(page, `fail-users-deleted-${name}`);

    const online = await dropConnection(page);
    await page.getByTestId(`user-restrict-${other.email}`).click();
    await confirmYes(page);
    await toastSays(page, CONNECTION_FAILED);
    await stillUsable(page, 'Staff users');
    await online();
    await page.getByTestId(`user-restrict-${other.email}`).click();
    await confirmYes(page);
    await expect.poll(() => page.getByTestId(`user-status-${other.email}`).first().innerText()).toBe('Restricted');
  });

  it('create user: a dropped connection keeps everything typed, and the same form creates the user once back', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto('/dashboard/create-user');
    await expect.poll(() => page.title()).toBe('Create user · Dakiya');
    const email = `offline-${name}-${Date.now()}@dakiya-e2e.pk`;
    await page.getByTestId('user-first-name').fill('Hamza');
    await page.getByTestId('user-last-name').fill('Offline');
    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-password').fill('hamza-pass-2026');
    await page.getByTestId('user-tag').fill('hamza');
    await page.getByTestId('scope-READ_ORDERS').click();
    const online = await dropConnection(page);
    await page.getByTestId('create-user-submit').click();
    await toastSays(page, CONNECTION_FAILED);
    expect(await page.getByTestId('user-email').inputValue()).toBe(email);
    await stillUsable(page, 'Create user');
    await online();
    await page.getByTestId('create-user-submit').click();
    await page.waitForURL('**/dashboard/users');
    await page.getByTestId(`user-row-${email}`).waitFor();
  });

  it('edit user: an email in use is refused by the field; a save offline says the connection failed and saves once back', async () => {
    const person = await newStaff('USER', ['READ_ORDERS']);
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto(`/dashboard/users/${person.id}`);
    await page.getByTestId('edit-user-form').waitFor();
    await expect.poll(() => page.title()).toBe('Edit user · Dakiya');
    // on a phone the short Access, Email and Password cards come before the long form, on a desktop beside it
    const form = (await page.getByTestId('edit-user-form').boundingBox())!;
    const email = (await page.getByTestId('change-email-section').boundingBox())!;
    if (name === 'phone') expect(email.y + email.height).toBeLessThanOrEqual(form.y);
    else expect(email.x).toBeGreaterThanOrEqual(form.x + form.width);
    // in use in this store (an address used only by another store is no one's business here)
    await page.getByTestId('change-email-input').fill(inject('paidOwner').email);
    expectRefusal(page, 409, `/change-email/${person.id}`);
    await page.getByTestId('change-email-submit').click();
    await toastSays(page, 'This email is already in use');
    expect(await page.getByTestId('change-email-input-error').innerText()).toBe('This email is already in use');
    await shot(page, `fail-edit-user-email-${name}`);

    await page.getByTestId('user-first-name').fill('Renamed');
    const online = await dropConnection(page);
    await page.getByTestId('edit-user-submit').click();
    await toastSays(page, CONNECTION_FAILED);
    await stillUsable(page, /Nadia Test/);
    await online();
    // on a phone the failure's toast sits over the Save button, and a pointer resting on it holds it open:
    // a person moves away and it goes
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('edit-user-submit').click();
    await toastSays(page, 'User updated');
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Renamed Test');
  });

  it("the owner's own page locks the role; another admin sees the owner's page read-only", async () => {
    const owner = await signedIn(browser, inject('owner'), viewport, '**/dashboard');
    const { auth_token } = await api().call('auth.login', { body: inject('owner') });
    const { data: me } = await api().call('auth.me', { token: auth_token });
    await owner.goto(`/dashboard/users/${me._id}`);
    await owner.getByTestId('edit-user-form').waitFor();
    expect(await owner.getByTestId('role-locked').innerText()).toBe('The store owner is always an ADMIN.');
    expect(await owner.getByTestId('role-USER').locator('input').isDisabled()).toBe(true);
    expect(await owner.getByTestId('user-first-name').isDisabled()).toBe(false);
    // their own two-factor card speaks to them, not of "they"
    const twoFactor = await owner.getByTestId('user-twofa-section').innerText();
    expect(twoFactor).not.toMatch(/\bthey\b/i);
    expect(twoFactor).toContain('Turn two-factor on from your profile.');
    await shot(owner, `edit-user-owner-self-${name}`);

    // another admin (of the paid shop) opens that shop's owner
    const { auth_token: adminToken } = await api().call('auth.login', { body: inject('paidAdmin') });
    const list = await api().call('users.list', { token: adminToken, query: { page: 1, limit: 250 } });
    const paidOwner = 'childrenAccounts' in list ? list.childrenAccounts.find((u) => u.is_owner) : undefined;
    expect(paidOwner?.email).toBe(inject('paidOwner').email);
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    await page.goto(`/dashboard/users/${paidOwner!._id}`);
    await page.getByTestId('edit-user-form').waitFor();
    expect(await page.getByTestId('user-first-name').isDisabled()).toBe(true);
    expect(await page.getByTestId('edit-user-submit').count()).toBe(0);
    expect(await page.getByTestId('set-password-locked').innerText()).toContain('Only the store owner can change their password');
    expect(await page.getByTestId('edit-user-form').innerText()).toContain('Only the store owner can change these details.');
    await shot(page, `edit-user-owner-by-admin-${name}`);
  });

  it('a staff member who may not read analytics lands on their first screen, not on a lock screen', async () => {
    const reader = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS']);
    const page = await signedIn(browser, reader, viewport, '**/dashboard/orders');
    expect(await page.getByTestId('no-access').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Orders · Dakiya');
    await shot(page, `landing-staff-orders-${name}`);
  });

  it('a staff member who may read analytics lands on the dashboard\'s numbers, with no prompt to set up accounts and staff', async () => {
    const reader = await newStaff('USER', ['READ_ANALYTICS', 'READ_ACCOUNTS']);
    const page = await signedIn(browser, reader, viewport, '**/dashboard');
    await page.getByTestId('dashboard-card-total-value').waitFor();
    expect(await page.getByTestId('no-access').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(/set up|invite/i);
    await shot(page, `dashboard-staff-${name}`);
  });

  it('a reload with no connection keeps the person signed in and offers Try again', async () => {
    const page = await signedIn(browser, inject('owner'), viewport, '**/dashboard');
    const online = await dropConnection(page);
    await page.reload();
    await page.getByTestId('session-unreachable').waitFor();
    expect(await page.getByTestId('session-unreachable').innerText()).toContain(CONNECTION_FAILED);
    await shot(page, `fail-session-offline-${name}`);
    await online();
    await page.getByTestId('session-retry').click();
    await expect.poll(() => page.getByTestId('role-badge').innerText()).toBe('ADMIN');
  });
});
