import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, newStaff, signedIn, stillUsable, VIEWPORTS } from './support/failures';
import { sim } from './support/shops';

/**
 * The store-orders page (/dashboard/store-orders): the demo shop's unfulfilled orders read live from
 * the Shopify simulator, searched, filtered, paged by Shopify's cursors, and a selection turned into
 * Book, Merge or Bulk book.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const DEMO_SHOP = 'dakiya-demo.myshopify.com';
const rows = (page: Page) => page.locator('[data-testid^="store-order-#"]');
const names = async (page: Page) => (await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''))).map((id) => id.replace('store-order-', ''));
/** The names whose checkbox can be ticked: an order booked already, or waiting for a courier check (other flows leave some), cannot. */
const selectable = async (page: Page) => (await page.locator('[data-testid^="store-order-select-#"]:not([data-disabled])')
  .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''))).map((id) => id.replace('store-order-select-', ''));

describe.each(VIEWPORTS)('store orders to book (%s)', (size, viewport) => {
  it('lists the store\'s orders to ship, searches by number, pages by cursor, and turns a selection into Book, Merge or Bulk book', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    if (size === 'phone') await page.goto('/dashboard/store-orders');
    else await page.getByRole('link', { name: 'Book orders' }).first().click();
    await page.waitForURL('**/dashboard/store-orders');
    await rows(page).first().waitFor();
    await expect.poll(() => page.title()).toBe('Book orders · Dakiya');
    const first = await names(page);
    expect(first.length).toBe(25);
    await shot(page, `store-orders-${size}`);

    // the next page starts after this one, and Previous comes back to the same orders
    await page.getByTestId('store-orders-next').click();
    await expect.poll(() => page.getByTestId('store-orders-page').innerText()).toBe('Page 2');
    await expect.poll(async () => (await names(page))[0]).not.toBe(first[0]);
    const second = await names(page);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await page.getByTestId('store-orders-previous').click();
    await expect.poll(() => names(page)).toEqual(first);

    // search by number, without its #
    const wanted = first[3]!;
    await page.getByTestId('store-orders-search').fill(wanted.slice(1));
    await expect.poll(() => names(page)).toEqual([wanted]);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(wanted.slice(1));
    await page.getByTestId('store-orders-search').fill('');
    await expect.poll(() => names(page)).toEqual(first);

    // one order: Book opens its form; three: Merge and Bulk book carry every id
    const free = await selectable(page);
    await page.getByTestId(`store-order-select-${free[0]}`).click();
    await expect.poll(() => page.getByTestId('store-orders-book').getAttribute('href')).toMatch(/\/dashboard\/order\/book\?id=\d{13,}$/);
    await page.getByTestId(`store-order-select-${free[1]}`).click();
    await page.getByTestId(`store-order-select-${free[2]}`).click();
    await expect.poll(() => page.getByTestId('store-orders-selected').innerText()).toBe('3 selected');
    expect(await page.getByTestId('store-orders-book').count()).toBe(0);
    const merge = await page.getByTestId('store-orders-merge').getAttribute('href');
    expect(merge).toMatch(/^\/dashboard\/merge-orders\?ids\[\]=\d+&ids\[\]=\d+&ids\[\]=\d+$/);
    await shot(page, `store-orders-selection-${size}`);
    expect(await page.getByTestId('store-orders-bulk').getAttribute('href')).toBe(merge!.replace('/dashboard/merge-orders', '/dashboard/bulk-book'));
  });

  it('eleven selected: Merge is disabled on one line and says why in words, not only a tooltip', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    await page.goto('/dashboard/store-orders');
    await rows(page).first().waitFor();
    for (const name of (await selectable(page)).slice(0, 11)) await page.getByTestId(`store-order-select-${name}`).click();
    await expect.poll(() => page.getByTestId('store-orders-selected').innerText()).toBe('11 selected');
    const merge = page.getByTestId('store-orders-merge');
    expect(await merge.isDisabled()).toBe(true);
    expect(await page.getByTestId('store-orders-merge-note').innerText()).toBe('A merged parcel covers at most 10 orders. Bulk book books each order on its own.');
    // icon and label side by side on one line, nothing clipped
    const box = (await merge.boundingBox())!;
    expect(box.height).toBeLessThan(40);
    expect(await merge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await merge.innerText()).toBe('Merge into one parcel');
    await shot(page, `store-orders-eleven-${size}`);
  });

  it('says why when it cannot load: the connection dropped (Try again works once back), Shopify withdrew access', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    await page.goto('/dashboard/store-orders');
    await rows(page).first().waitFor();
    const online = await dropConnection(page);
    await page.getByTestId('store-orders-refresh').click();
    await expect.poll(() => page.getByTestId('store-orders-error-message').innerText()).toBe(CONNECTION_FAILED);
    await stillUsable(page, 'Book orders');
    await shot(page, `fail-store-orders-offline-${size}`);
    await online();
    await page.getByTestId('store-orders-error-retry').click();
    await expect.poll(() => page.getByTestId('store-orders-error').count()).toBe(0);
    await rows(page).first().waitFor();

    // the merchant took the order permissions away in Shopify: Dakiya says what to do, not a blank list
    await sim('scopes', { shop: DEMO_SHOP, scopes: ['write_merchant_managed_fulfillment_orders'] });
    try {
      expectRefusal(page, 400, '/store-orders');
      await page.getByTestId('store-orders-refresh').click();
      await expect.poll(() => page.getByTestId('store-orders-error-message').innerText())
        .toBe('Shopify did not grant the access Dakiya needs. Install the app again and accept every permission.');
      await stillUsable(page, 'Book orders');
      await shot(page, `fail-store-orders-scopes-${size}`);
    } finally {
      await sim('scopes', { shop: DEMO_SHOP, scopes: ['read_orders', 'write_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders'] });
    }
  });
});

describe('store orders access', () => {
  it('a USER without BOOK_ORDERS is told they have no access to the page', async () => {
    const reader = await newStaff('USER', ['READ_ORDERS']);
    const page = await signedIn(browser, reader);
    await page.goto('/dashboard/store-orders');
    await page.getByTestId('no-access').waitFor();
    await shot(page, 'store-orders-no-access');
  });
});
