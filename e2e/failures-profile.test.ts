import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, newStaff, signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';

let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('profile when things go wrong (%s)', (name, viewport) => {
  it('change password: a wrong current password and a far too long confirmation are said by their fields; the dialog still works', async () => {
    const person = await newStaff('USER', ['READ_ORDERS']);
    const page = await signedIn(browser, person, viewport, '**/dashboard/orders');
    await page.goto('/dashboard/profile');
    await page.getByTestId('profile-title').waitFor();
    await expect.poll(() => page.title()).toBe('Profile · Dakiya');

    await page.getByTestId('change-password-open').click();
    await page.getByTestId('change-password-current').fill('not-my-password');
    await page.getByTestId('change-password-new').fill('next-pass-2026');
    await page.getByTestId('change-password-confirm').fill('x'.repeat(500));
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => page.getByTestId('change-password-confirm-error').innerText()).toBe('Confirm password must be at most 200 characters');
    await page.getByTestId('change-password-confirm').fill('next-pass-2026');
    expectRefusal(page, 400, '/change-password');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => page.getByTestId('change-password-current-error').innerText()).toBe('Current password is incorrect');
    await toastSays(page, 'Current password is incorrect');
    await shot(page, `fail-change-password-${name}`);
    await page.getByTestId('change-password-current').fill(person.password);
    await page.getByTestId('change-password-submit').click();
    await toastSays(page, 'Password has been changed');
    await page.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
  });

  it('on the free plan a staff member is told to ask the admin for two-factor, not sent to the plans only admins may open', async () => {
    // a staff member of the demo's free shop (the demo shop itself pays monthly)
    const person = await newStaff('USER', ['READ_ORDERS'], 'freeOwner');
    const page = await signedIn(browser, person, viewport, '**/dashboard/orders');
    await page.goto('/dashboard/profile');
    await expect.poll(() => page.getByTestId('twofa-section').innerText()).toContain('Ask your store admin to upgrade the plan.');
    expect(await page.getByTestId('twofa-upgrade-link').count()).toBe(0);
    await shot(page, `profile-free-user-${name}`);
  });

  it('edit tag: offline the dialog says the connection failed and keeps the tag; it saves once back', async () => {
    const person = await newStaff('USER', ['READ_ORDERS']);
    const page = await signedIn(browser, person, viewport, '**/dashboard/orders');
    await page.goto('/dashboard/profile');
    await page.getByTestId('edit-tag-open').click();
    await page.getByTestId('edit-tag-input').fill('offline');
    const online = await dropConnection(page);
    await page.getByTestId('edit-tag-save').click();
    await toastSays(page, CONNECTION_FAILED);
    expect(await page.getByTestId('edit-tag-input').inputValue()).toBe('offline');
    await shot(page, `fail-edit-tag-offline-${name}`);
    await online();
    await page.getByTestId('edit-tag-save').click();
    await expect.poll(() => page.getByTestId('profile-tag').innerText()).toBe('offline');
    await stillUsable(page, /^Hi, Nadia Test$/);
  });
});
