import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_STUCK_SETTINGS } from '@dakiya/shared';
import { expectRefusal, launch, shot, stored } from './support/browser';
import { CONNECTION_FAILED, dropConnection, newStaff, signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { api, linkFromInbox } from './support/inbox';
import { installNewShop } from './support/shops';

const PLAN_FEATURE = 'This feature is available on the Monthly and Yearly plans';
const TAGS = ['inprocess_tag', 'delivered_tag', 'cancelled_tag', 'rts_tag'] as const;

let browser: Browser;
/** An admin of a store of its own, on the free plan (the demo shops' plans belong to the billing flows). */
const HANDLE = `sialkot-sports-${Date.now().toString(36)}`;
const freeAdmin = { email: `admin@${HANDLE}.pk`, password: 'Free-admin-2026' };
beforeAll(async () => {
  browser = await launch();
  const ownerToken = await installNewShop(`${HANDLE}.myshopify.com`, 'Sialkot Sports', `owner@${HANDLE}.pk`);
  await api().call('users.create', {
    token: ownerToken,
    body: { first_name: 'Kamran', last_name: 'Admin', email: freeAdmin.email, password: freeAdmin.password, tag: 'admin', role: 'ADMIN', access_scopes: [] },
  });
  const link = await linkFromInbox(freeAdmin.email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
}, 60_000);
afterAll(async () => { await browser?.close(); });

const field = (page: Page, key: string) => page.getByTestId(`settings-${key}`).last();
const valueOf = (page: Page, key: string) => field(page, key).inputValue();

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').first().click();
  await page.waitForURL('**/dashboard/settings');
  await page.getByTestId('settings-form').waitFor();
  await expect.poll(() => page.title()).toBe('Settings · Dakiya');
}

describe('settings on a paid plan', () => {
  it('an admin edits every setting, sees Settings saved, and finds them after a reload', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), undefined, '**/dashboard');
    await openSettings(page);
    expect(await page.getByTestId('settings-tags-plan').innerText()).toBe('On your plan');
    await field(page, 'free-shipping').fill('3500');
    await field(page, 'discount-name').fill('Eid offer');
    await page.getByTestId('settings-show-discount').click();
    await field(page, 'default-weight').fill('750');
    const tags = ['Dakiya in transit', 'Dakiya delivered', 'Dakiya cancelled', 'Dakiya returned'];
    for (const [i, key] of TAGS.entries()) await field(page, key).fill(tags[i]!);
    await page.getByTestId('settings-label-paper').selectOption('THERMAL_4X6');
    expect(await page.getByTestId('settings-notices-plan').innerText()).toBe('On your plan');
    expect(await page.getByTestId('settings-consignee-notices').getAttribute('data-state')).toBe('unchecked');
    await page.getByTestId('settings-consignee-notices').click();
    await page.getByTestId('settings-stuck-TCS-in_transit').fill('10');
    expect(await page.getByTestId('settings-unsaved').isVisible()).toBe(true);
    await page.getByTestId('settings-save').click();
    await toastSays(page, 'Settings saved');
    expect(await page.getByTestId('settings-unsaved').count()).toBe(0);
    await shot(page, 'settings-paid-saved-desktop');

    await page.reload();
    await page.getByTestId('settings-form').waitFor();
    expect(await valueOf(page, 'free-shipping')).toBe('3500');
    expect(await valueOf(page, 'discount-name')).toBe('Eid offer');
    expect(await page.getByTestId('settings-show-discount').getAttribute('data-state')).toBe('checked');
    expect(await valueOf(page, 'default-weight')).toBe('750');
    for (const [i, key] of TAGS.entries()) expect(await valueOf(page, key)).toBe(tags[i]);
    expect(await page.getByTestId('settings-label-paper').inputValue()).toBe('THERMAL_4X6');
    expect(await page.getByTestId('settings-consignee-notices').getAttribute('data-state')).toBe('checked');
    expect(await page.getByTestId('settings-stuck-TCS-in_transit').inputValue()).toBe('10');
    // the server holds what the page shows
    const { auth_token } = await api().call('auth.login', { body: inject('paidAdmin') });
    const saved = await api().call('settings.get', { token: auth_token });
    expect(saved).toEqual({
      settings: {
        free_shipping_value: 3500, discount_name: 'Eid offer', show_discount: true, default_weight: 750, label_paper: 'THERMAL_4X6', consignee_notices: true,
        tags: { inprocess_tag: tags[0], delivered_tag: tags[1], cancelled_tag: tags[2], rts_tag: tags[3] },
        stuck_days: { ...DEFAULT_STUCK_SETTINGS, TCS: { ...DEFAULT_STUCK_SETTINGS.TCS, in_transit: 10 } },
      },
      tags_allowed: true,
    });
    // the demo shop's consignees are every later flow's: its notices go off again
    await api().call('settings.save', { token: auth_token, body: { ...saved.settings, consignee_notices: false } });
    // Back to users, as the spec has it
    await page.getByTestId('settings-back').click();
    await page.waitForURL('**/dashboard/users');
  });

  it("the form says what is wrong before sending, in the server's words", async () => {
    const page = await signedIn(browser, inject('paidAdmin'), undefined, '**/dashboard');
    await page.goto('/dashboard/settings');
    await page.getByTestId('settings-form').waitFor();
    await field(page, 'free-shipping').fill('125');
    await field(page, 'default-weight').fill('');
    await field(page, 'cancelled_tag').fill('dakiya DELIVERED');
    await field(page, 'delivered_tag').fill('Dakiya delivered');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-free-shipping-error').innerText()).toBe('Free shipping value must be a multiple of 50');
    expect(await page.getByTestId('settings-default-weight-error').innerText()).toBe('Default weight is required');
    expect(await page.getByTestId('settings-cancelled_tag-error').innerText()).toBe('Cancelled tag is the same as the delivered tag: each status needs its own tag');
    await shot(page, 'settings-invalid-desktop');
  });

  it('a USER with READ_SETTINGS only sees the settings read-only, with no Save', async () => {
    const reader = await newStaff('USER', ['READ_SETTINGS']);
    const page = await signedIn(browser, reader, undefined, '**/dashboard/settings');
    await page.getByTestId('settings-form').waitFor();
    expect(await page.getByTestId('settings-read-only').innerText()).toContain('ask your admin');
    expect(await page.getByTestId('settings-save').count()).toBe(0);
    expect(await field(page, 'free-shipping').getAttribute('readonly')).not.toBeNull();
  });
});

describe('settings on the free plan', () => {
  it('order tags are locked on the page, the rest saves, and the server refuses forged tags', async () => {
    const page = await signedIn(browser, freeAdmin, undefined, '**/dashboard');
    await openSettings(page);
    expect(await page.getByTestId('settings-tags-locked').innerText()).toContain('Order tags are available on the Monthly and Yearly plans.');
    for (const key of TAGS) expect(await field(page, key).isDisabled()).toBe(true);
    expect(await page.getByTestId('settings-see-plans').getAttribute('href')).toBe('/dashboard/plans');
    expect(await page.getByTestId('settings-notices').innerText()).toContain('Consignee notices are available on the Monthly and Yearly plans.');
    expect(await page.getByTestId('settings-consignee-notices').getAttribute('data-disabled')).not.toBeNull();
    await field(page, 'free-shipping').fill('2000');
    await field(page, 'default-weight').fill('300');
    await page.getByTestId('settings-save').click();
    await toastSays(page, 'Settings saved');
    await shot(page, 'settings-free-desktop');

    // a request made by hand, with this very session, is refused by the server
    const token = await stored(page, 'auth_token');
    expectRefusal(page, 403, '/store/default-settings');
    const forged = (await page.evaluate(`fetch('/api/v1/store/default-settings', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ${token}' },
      body: JSON.stringify({ free_shipping_value: 2000, tags: { inprocess_tag: 'x', delivered_tag: 'y', cancelled_tag: 'z', rts_tag: 'w' } }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }))`)) as { status: number; body: unknown };
    expect(forged).toEqual({ status: 403, body: { errors: [{ msg: PLAN_FEATURE, code: 'PLAN_FEATURE', param: 'tags' }] } });
    await page.reload();
    await page.getByTestId('settings-form').waitFor();
    expect(await valueOf(page, 'free-shipping')).toBe('2000');
    expect(await valueOf(page, 'default-weight')).toBe('300');
    for (const key of TAGS) expect(await valueOf(page, key)).toBe('');
  });

  it('on a phone, the locked tags and Save stay readable', async () => {
    const page = await signedIn(browser, freeAdmin, VIEWPORTS[1][1], '**/dashboard');
    await page.goto('/dashboard/settings');
    await page.getByTestId('settings-form').waitFor();
    await page.getByTestId('settings-tags-locked').waitFor();
    await shot(page, 'settings-free-phone');
  });
});

describe.each(VIEWPORTS)('settings when things go wrong (%s)', (name, viewport) => {
  it('a refused save and a dropped connection are said above Save, and the form keeps what was typed', async () => {
    const writer = await newStaff('USER', ['READ_SETTINGS', 'WRITE_SETTINGS']);
    const page = await signedIn(browser, writer, viewport, '**/dashboard/settings');
    await page.getByTestId('settings-form').waitFor();
    await field(page, 'discount-name').fill(`Offline ${name}`);

    const online = await dropConnection(page);
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-save-error-message').innerText()).toBe(CONNECTION_FAILED);
    expect(await valueOf(page, 'discount-name')).toBe(`Offline ${name}`);
    await stillUsable(page, 'Settings');
    await shot(page, `fail-settings-offline-${name}`);
    await online();

    // the admin takes WRITE_SETTINGS away while the page is open: the server refuses the save
    await api().call('users.edit', {
      token: writer.adminToken, params: { id: writer.id },
      body: { first_name: 'Nadia', last_name: 'Test', tag: 'e2e', access_scopes: ['READ_SETTINGS'] },
    });
    expectRefusal(page, 403, '/store/default-settings');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-save-error-message').innerText())
      .toBe('You do not have access to this area. Ask your admin for access.');
    expect(await valueOf(page, 'discount-name')).toBe(`Offline ${name}`);
    await stillUsable(page, 'Settings');
    await shot(page, `fail-settings-refused-${name}`);
  });

  it('a settings load that fails says why and offers Try again', async () => {
    const page = await signedIn(browser, inject('paidAdmin'), viewport, '**/dashboard');
    const failure = { errors: [{ msg: 'Something went wrong. Please try again later', code: 'INTERNAL' }], request_id: 'req-settings-1' };
    await page.route('**/api/v1/store/default-settings', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure) }));
    expectRefusal(page, 500, '/store/default-settings');
    await page.goto('/dashboard/settings');
    await expect.poll(() => page.getByTestId('settings-load-error-message').innerText()).toBe('Something went wrong. Please try again later');
    expect(await page.getByTestId('settings-load-error-reference').innerText()).toBe('Reference: req-settings-1');
    await shot(page, `fail-settings-load-${name}`);
    await page.unroute('**/api/v1/store/default-settings');
    await page.getByTestId('settings-load-error-retry').click();
    await page.getByTestId('settings-form').waitFor();
  });
});

describe('the support page', () => {
  it("gives the deploy's support address", async () => {
    const page = await signedIn(browser, freeAdmin, undefined, '**/dashboard');
    await page.goto('/dashboard/support');
    await expect.poll(() => page.getByTestId('support-email').innerText()).toBe('support@dakiya-e2e.pk');
    expect(await page.getByTestId('support-email').getAttribute('href')).toBe('mailto:support@dakiya-e2e.pk');
    await shot(page, 'support-desktop');
  });

  it('says so when the address cannot be fetched, and shows it after Try again', async () => {
    const page = await signedIn(browser, freeAdmin, undefined, '**/dashboard');
    // a fresh page, so the address read on the sign-in page is not in memory; the support page's code first
    await page.reload();
    await page.getByTestId('support-link').waitFor();
    const online = await dropConnection(page);
    await page.getByTestId('support-link').click();
    await expect.poll(() => page.getByTestId('support-load-error-message').innerText()).toBe(CONNECTION_FAILED);
    await stillUsable(page, 'Support');
    await shot(page, 'fail-support-offline-desktop');
    await online();
    await page.getByTestId('support-load-error-retry').click();
    await expect.poll(() => page.getByTestId('support-email').innerText()).toBe('support@dakiya-e2e.pk');
  });
});
