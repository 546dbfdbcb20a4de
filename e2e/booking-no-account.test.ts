import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_CREDENTIALS } from '../local/simulators/couriers';
import { launch, shot } from './support/browser';
import { formReady, offlineImages } from './support/booking';
import { signedIn, VIEWPORTS } from './support/failures';
import { api, linkFromInbox } from './support/inbox';
import { installNewShop } from './support/shops';

/**
 * Issue 16, point 12: a new store books its first order, finds it has no tracking account, creates one from
 * the booking page, and is brought back to the order it was booking. Each size in a store of its own.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** A new store on the free plan with an admin who signs in with a password; answers the admin and an order to book. */
async function newStore(size: string) {
  const handle = `sialkot-sports-${size}-${Date.now().toString(36)}`;
  const shop = `${handle}.myshopify.com`;
  const ownerToken = await installNewShop(shop, 'Sialkot Sports', `owner@${handle}.pk`);
  const admin = { email: `ops@${handle}.pk`, password: 'Sialkot-ops-2026' };
  await api().call('users.create', {
    token: ownerToken,
    body: { first_name: 'Bilal', last_name: 'Ops', email: admin.email, password: admin.password, tag: 'ops', role: 'ADMIN', access_scopes: [] },
  });
  const link = await linkFromInbox(admin.email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
  const res = await fetch(`${inject('shopifyUrl')}/_fake/shops/${shop}/orders`);
  const orders = (await res.json()) as { id: string; cancelledAt: string | null; fulfillments: unknown[] }[];
  return { admin, orderId: orders.find((o) => !o.cancelledAt && o.fulfillments.length === 0)!.id };
}

describe.each(VIEWPORTS)('booking without a tracking account (%s)', (size, viewport) => {
  it('Create Account from the booking page comes back to the order once the account exists', async () => {
    const { admin, orderId } = await newStore(size);
    const page = await signedIn(browser, admin, viewport);
    offlineImages(page);
    await page.goto(`/dashboard/order/book?id=${orderId}`);
    await page.getByTestId('no-account-close').click();
    await page.getByTestId('book-no-account').getByRole('link', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard/accounts/create-account?return=*');
    expect(await page.getByTestId('create-account-return').innerText()).toBe('Once the account is created, you go back to the order you were booking.');
    await page.getByTestId('company-LEOPARD').click();
    await page.getByTestId('field-api_key').last().fill(String(DEMO_CREDENTIALS.LEOPARD.api_key));
    await page.getByTestId('field-api_password').last().fill(String(DEMO_CREDENTIALS.LEOPARD.api_password));
    await page.getByTestId('field-account_name').fill('Leopards Sialkot');
    await page.getByTestId('field-city').last().selectOption('Lahore');
    await shot(page, `no-account-create-${size}`);
    await page.getByTestId('account-submit').click();

    // back on the order, the new account chosen, ready to book
    await page.waitForURL(`**/dashboard/order/book?id=${orderId}`);
    await formReady(page);
    expect(await page.getByTestId('book-account').locator('option:checked').innerText()).toMatch(/^Leopards Sialkot · Leopards/);
    expect(await page.getByTestId('book-no-account').count()).toBe(0);
    await shot(page, `no-account-back-${size}`);

    // the accounts list counts it in the singular
    await page.goto('/dashboard/accounts');
    await expect.poll(() => page.getByTestId('pagination').innerText()).toMatch(/^1 account\b/);
  });
});
