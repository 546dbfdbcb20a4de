import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { offlineImages, simOrder, simOrders } from './support/booking';

/**
 * Bulk booking: twenty orders of the store booked with one account as a job on the server; the
 * progress bar reads the job's records, so a new tab (the first one closed) shows the same progress.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

const rowNames = async (page: Page) => (await page.locator('[data-testid^="store-order-#"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? '')))
  .map((id) => id.replace('store-order-', ''));

describe('bulk booking', () => {
  it('books twenty orders with a progress bar that survives closing the tab; each result links to its booking; Shopify has each fulfillment', async () => {
    const page = await signedIn(browser, inject('owner'));
    // the second page of orders to ship: the single-order flows take theirs from the first
    await page.goto('/dashboard/store-orders');
    await page.locator('[data-testid^="store-order-#"]').first().waitFor();
    const firstOfPage1 = (await rowNames(page))[0];
    await page.getByTestId('store-orders-next').click();
    await expect.poll(() => page.getByTestId('store-orders-page').innerText()).toBe('Page 2');
    // the list keeps page 1's rows on screen until page 2's arrive: names read before then vanish under the clicks
    await expect.poll(async () => (await rowNames(page))[0]).not.toBe(firstOfPage1);
    const names = (await rowNames(page)).slice(0, 20);
    for (const name of names) await page.getByTestId(`store-order-select-${name}`).click();
    await expect.poll(() => page.getByTestId('store-orders-selected').innerText()).toBe('20 selected');
    await page.getByTestId('store-orders-bulk').click();
    await page.waitForURL('**/dashboard/bulk-book?ids[]=*');
    const ids = new URL(page.url()).searchParams.getAll('ids[]');
    expect(ids).toHaveLength(20);
    await shot(page, 'bulk-start');
    await page.getByTestId('bulk-submit').click();
    await page.waitForURL('**/dashboard/bulk/*');
    const progressUrl = new URL(page.url()).pathname;
    await page.getByTestId('bulk-progress').waitFor();
    await shot(page, 'bulk-progress-running');
    // the tab is closed mid-way; a new one finds the job where the server has it
    await page.context().close();

    const again = await signedIn(browser, inject('owner'));
    offlineImages(again);
    await again.goto(progressUrl);
    await expect.poll(() => again.getByTestId('bulk-progress').getAttribute('data-percent'), { timeout: 60_000 }).toBe('100');
    await expect.poll(() => again.getByTestId('bulk-count').innerText()).toBe('20 of 20 orders done');
    await shot(again, 'bulk-progress-done');
    // an order the courier cannot take (the demo data has one without a consignee name) is left to book on its own
    const booked = await again.locator('[data-testid^="bulk-row-"][data-state="booked"]').count();
    const failed = await again.locator('[data-testid^="bulk-row-"][data-state="failed"]').count();
    expect(booked + failed).toBe(20);
    expect(booked).toBeGreaterThanOrEqual(18);
    let fulfilled = 0;
    for (const id of ids) if ((await simOrder(id)).fulfillments.some((f) => f.status === 'SUCCESS')) fulfilled += 1;
    expect(fulfilled).toBe(booked);
    // each result leads to its booking's page
    const first = again.locator('[data-testid^="bulk-link-"]').first();
    const tracking = await first.innerText();
    await first.click();
    await again.waitForURL(`**/dashboard/post-booking?tracking=${tracking}`);
    await expect.poll(() => again.getByTestId('post-booking-tracking').innerText()).toBe(tracking);
  });

  it.each(VIEWPORTS)('names from Shopify on every row, an unknown id is "Order not found" at once, and nothing scrolls sideways (%s)', async (size, viewport) => {
    const page = await signedIn(browser, inject('owner'), viewport);
    // the store's oldest cash-on-delivery orders: the other flows take the newest, the admin links the oldest paid ones
    const open = (await simOrders()).filter((o) => !o.cancelledAt && o.fulfillments.length === 0 && o.financialStatus !== 'PAID' && o.lineItems.some((li) => li.currentQuantity > 0));
    const order = open[size === 'desktop' ? 0 : 1]!;
    const { id, name } = order;
    const unknown = size === 'desktop' ? '99999999999971' : '99999999999972';
    await page.goto(`/dashboard/bulk-book?ids[]=${id}&ids[]=${unknown}`);
    await page.getByTestId('bulk-submit').click();
    await page.waitForURL('**/dashboard/bulk/*');
    // the unknown id is failed before the job books anything; the other row is named as Shopify names it
    await expect.poll(() => page.getByTestId(`bulk-row-${unknown}`).getAttribute('data-state')).toBe('failed');
    expect(await page.getByTestId(`bulk-detail-${unknown}`).innerText()).toBe('Order not found');
    await page.getByTestId(`bulk-row-${name}`).waitFor();
    await shot(page, `bulk-names-running-${size}`);
    // the page asks every 1.5 s while the job runs: the booked row shows within seconds, not a minute later
    await expect.poll(() => page.getByTestId('bulk-progress').getAttribute('data-percent'), { timeout: 20_000 }).toBe('100');
    expect(await page.getByTestId(`bulk-row-${name}`).getAttribute('data-state')).toBe('booked');
    expect(await page.locator('[data-testid^="bulk-row-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual([`bulk-row-${name}`, `bulk-row-${unknown}`]);
    // every row's outcome and reason are in view: no sideways scrolling, no clipped column
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const clipped = await page.evaluate(`[...document.querySelectorAll('[data-testid^="bulk-detail-"]')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth || el.scrollWidth > el.clientWidth + 1).length`);
    expect(clipped).toBe(0);
    await shot(page, `bulk-names-${size}`);
  });

  it.each(VIEWPORTS)('choosing an M&P account says before booking that prepaid orders will not be booked (%s)', async (size, viewport) => {
    const page = await signedIn(browser, inject('owner'), viewport);
    const [order] = await simOrders();
    await page.goto(`/dashboard/bulk-book?ids[]=${order!.id}`);
    const select = page.getByTestId('bulk-account');
    await select.waitFor();
    const options = await select.locator('option').evaluateAll((els) => els.map((el) => ({ value: el.getAttribute('value') ?? '', label: el.textContent ?? '' })));
    const mnp = options.find((o) => o.label.includes('· M&P'))!;
    const other = options.find((o) => !o.label.includes('· M&P'))!;
    await select.selectOption(mnp.value);
    await expect.poll(() => page.getByTestId('bulk-cod-only').innerText()).toBe(
      'M&P books cash-on-delivery orders only\nPrepaid orders (nothing left to pay) will not be booked with this account: they are left as not booked. Choose another account to book them.',
    );
    await shot(page, `bulk-cod-only-${size}`);
    await select.selectOption(other.value);
    await expect.poll(() => page.getByTestId('bulk-cod-only').count()).toBe(0);
  });

  it.each(VIEWPORTS)('failure paths (%s): offline when starting, a job that does not exist; never a white page', async (size, viewport) => {
    const page = await signedIn(browser, inject('owner'), viewport);
    await page.goto('/dashboard/store-orders?filter=paid');
    await page.locator('[data-testid^="store-order-#"]').first().waitFor();
    const [name] = await rowNames(page);
    await page.getByTestId(`store-order-select-${name}`).click();
    await page.getByTestId('store-orders-bulk').click();
    await page.getByTestId('bulk-submit').waitFor();
    const online = await dropConnection(page);
    await page.getByTestId('bulk-submit').click();
    await toastSays(page, CONNECTION_FAILED);
    await stillUsable(page, 'Bulk booking');
    await online();
    await shot(page, `fail-bulk-offline-${size}`);

    expectRefusal(page, 404, '/bulk-bookings/0123456789abcdef01234567');
    await page.goto('/dashboard/bulk/0123456789abcdef01234567');
    await expect.poll(() => page.getByTestId('bulk-error-message').innerText()).toBe('This bulk booking was not found');
    // asking again cannot find it: the way back to Book orders instead of Try again
    expect(await page.getByTestId('bulk-error-retry').count()).toBe(0);
    await stillUsable(page, 'Bulk booking');
    await shot(page, `fail-bulk-unknown-${size}`);
    await page.getByTestId('bulk-error-instead').click();
    await page.waitForURL('**/dashboard/store-orders');

    expectRefusal(page, 404, '/booking/NOSUCH123');
    await page.goto('/dashboard/post-booking?tracking=NOSUCH123');
    await expect.poll(() => page.getByTestId('post-booking-error-message').innerText()).not.toBe('');
    expect(await page.getByTestId('post-booking-error-retry').count()).toBe(0);
    expect(await page.getByTestId('post-booking-error-instead').innerText()).toBe('Book orders');
    await shot(page, `fail-post-booking-unknown-${size}`);
  });
});
