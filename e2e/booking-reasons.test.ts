import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectConsoleError, expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, signedIn, toastSays, VIEWPORTS } from './support/failures';
import { DEMO_SHOP, offlineImages, simOrders, topShot, type SimOrder } from './support/booking';

/**
 * Why an order is not booked, said truly: bulk rows for an order cancelled on Shopify, one without a
 * shipping address and one already booked (with its booking); the bulk form's list and total COD; the
 * store-orders list naming a booked order's tracking number, and saying a searched order was cancelled on
 * Shopify; book again after Shopify cancelled the order.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

type Order = SimOrder & { shippingAddress: unknown; closedAt: string | null };

/** Open orders of the demo store nobody booked, from the middle of its history: the other flows take the newest and the oldest. */
async function openOrders(): Promise<Order[]> {
  const all = (await simOrders()) as Order[];
  return all.filter((o) => !o.cancelledAt && !o.closedAt && o.fulfillments.length === 0 && o.lineItems.some((li) => li.currentQuantity > 0));
}

async function shopify(path: string, body: object): Promise<void> {
  const res = await fetch(`${inject('shopifyUrl')}/_fake/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop: DEMO_SHOP, ...body }) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** Cancelled in the Shopify admin, the reason as the webhook spells it, and the webhooks delivered now. */
async function cancelOnShopify(orderId: string): Promise<void> {
  await shopify('trigger/orders/cancelled', { order: orderId, reason: 'customer' });
  await shopify('webhooks/drain', {});
}

/** Books one order through the bulk form (no account choice to make) and answers its tracking number. */
async function bookAlone(page: Page, order: { id: string; name: string }): Promise<string> {
  await page.goto(`/dashboard/bulk-book?ids[]=${order.id}`);
  await page.getByTestId(`bulk-selected-${order.name}`).waitFor();
  await page.getByTestId('bulk-submit').click();
  await page.waitForURL('**/dashboard/bulk/*');
  await expect.poll(() => page.getByTestId(`bulk-row-${order.name}`).getAttribute('data-state'), { timeout: 30_000 }).toBe('booked');
  return page.getByTestId(`bulk-link-${order.name}`).innerText();
}

/** An element's text, one line per block (a badge beside a name reads as a blank line between them otherwise). */
const said = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\n+/g, '\n').trim();

const codOnlyOption = async (page: Page) => {
  const options = await page.getByTestId('bulk-account').locator('option').evaluateAll((els) => els.map((el) => ({ value: el.getAttribute('value') ?? '', label: el.textContent ?? '' })));
  return { mnp: options.find((o) => o.label.includes('· M&P'))!, other: options.find((o) => o.label.includes('· Leopards'))! };
};

describe('bulk reasons and the store-orders list', () => {
  it.each(VIEWPORTS)('cancelled, no address and already booked say so; the form lists the orders and their COD; store orders show the booking (%s)', async (size, viewport) => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    const open = await openOrders();
    const withAddress = open.filter((o) => o.shippingAddress);
    const cod = withAddress.filter((o) => o.financialStatus === 'PENDING');
    const at = size === 'desktop' ? 60 : 70;
    const [booked, cancelled, good] = [cod[at]!, cod[at + 1]!, cod[at + 2]!];
    const prepaid = withAddress.filter((o) => o.financialStatus === 'PAID')[size === 'desktop' ? 30 : 31]!;
    // the store's orders without a shipping address stay unbooked, so both widths may use the first
    const noAddress = ((await simOrders()) as Order[]).find((o) => !o.shippingAddress && !o.cancelledAt && o.fulfillments.length === 0)!;
    expect(noAddress).toBeDefined();

    const tracking = await bookAlone(page, booked);
    await cancelOnShopify(cancelled.id);

    const picked = [cancelled, noAddress, booked, good, prepaid];
    await page.goto(`/dashboard/bulk-book?${picked.map((o) => `ids[]=${o.id}`).join('&')}`);
    await page.getByTestId('bulk-selection').waitFor();
    expect(await said(page, `bulk-selected-${cancelled.name}`)).toBe(`${cancelled.name}\nCancelled on Shopify`);
    expect(await said(page, `bulk-selected-${prepaid.name}`)).toBe(`${prepaid.name}\nPrepaid`);
    expect(await said(page, `bulk-selected-${good.name}`)).toMatch(new RegExp(`^${good.name}\\nRs [\\d,.]+$`));
    expect(await page.getByTestId('bulk-total-cod').innerText()).toMatch(/^Total COD Rs [\d,.]+$/);
    // M&P books cash on delivery only: the form says how many of these it will not book
    const { mnp, other } = await codOnlyOption(page);
    await page.getByTestId('bulk-account').selectOption(mnp.value);
    // counted among the orders the bulk will book: the cancelled one and the one booked already are not
    const prepaidCount = picked.filter((o) => o !== cancelled && o !== booked && o.financialStatus === 'PAID').length;
    await expect.poll(() => page.getByTestId('bulk-prepaid-count').innerText())
      .toBe(`${prepaidCount} of the 3 orders ${prepaidCount === 1 ? 'is' : 'are'} prepaid and will not be booked with M&P.`);
    // and what M&P will not book is not counted by Book, but listed apart with the other orders left out
    expect(await page.getByTestId('bulk-submit').innerText()).toBe(`Book ${3 - prepaidCount} ${3 - prepaidCount === 1 ? 'order' : 'orders'}`);
    expect(await said(page, `bulk-selected-${prepaid.name}`)).toBe(`${prepaid.name}\nPrepaid: M&P books cash-on-delivery orders only`);
    expect(await page.getByTestId('bulk-left-out').getByTestId(`bulk-selected-${prepaid.name}`).count()).toBe(1);
    expect((await said(page, 'bulk-left-out')).split('\n')[0]).toBe(`Not booked by this bulk (${2 + prepaidCount})`);
    await topShot(page, `reasons-bulk-form-${size}`);
    // on a phone the left-out list grows with the page instead of scrolling in a short box of its own
    const list = page.getByTestId('bulk-left-out-list');
    expect(await list.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    if (size === 'phone') expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('none');

    await page.getByTestId('bulk-account').selectOption(other.value);
    // Leopards books prepaid orders: counted again
    await expect.poll(() => page.getByTestId('bulk-submit').innerText()).toBe('Book 3 orders');
    expect(await said(page, `bulk-selected-${prepaid.name}`)).toBe(`${prepaid.name}\nPrepaid`);
    await page.getByTestId('bulk-submit').click();
    await page.waitForURL('**/dashboard/bulk/*');
    await expect.poll(() => page.getByTestId('bulk-progress').getAttribute('data-percent'), { timeout: 60_000 }).toBe('100');
    expect(await said(page, `bulk-detail-${cancelled.name}`)).toBe('This order is cancelled on Shopify. Restore it in Shopify to book it.');
    expect(await page.getByTestId(`bulk-alone-${cancelled.name}`).count()).toBe(0);
    expect(await said(page, `bulk-detail-${noAddress.name}`))
      .toBe('This order has no shipping address on Shopify. Book it on its own to enter the address, or add it in Shopify.\nBook on its own');
    expect(await page.getByTestId(`bulk-row-${booked.name}`).innerText()).toContain('Already booked');
    expect(await said(page, `bulk-detail-${booked.name}`)).toBe(`This order is already booked (tracking number ${tracking}).\nOpen the booking`);
    expect(await page.getByTestId(`bulk-row-${good.name}`).getAttribute('data-state')).toBe('booked');
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await topShot(page, `reasons-bulk-rows-${size}`);
    await page.getByTestId(`bulk-booking-${booked.name}`).click();
    await page.waitForURL(`**/dashboard/post-booking?tracking=${tracking}`);
    await expect.poll(() => page.getByTestId('post-booking-tracking').innerText()).toBe(tracking);

    // 'All open orders' names the booking instead of offering Book
    await page.goto(`/dashboard/store-orders?filter=all_open&search=${encodeURIComponent(booked.name)}`);
    const link = page.getByTestId(`store-order-booking-${booked.name}`);
    await expect.poll(() => link.innerText()).toMatch(new RegExp(`^Booked:\\s*${tracking}$`));
    expect(await page.getByTestId(`store-order-book-${booked.name}`).count()).toBe(0);
    expect(await page.getByTestId(`store-order-select-${booked.name}`).getAttribute('data-disabled')).not.toBeNull();
    await shot(page, `reasons-store-orders-booked-${size}`);
    await link.click();
    await page.waitForURL(`**/dashboard/post-booking?tracking=${tracking}`);

    // an order cancelled on Shopify, searched in 'All open orders', is said to be cancelled, not unmatched
    await page.goto(`/dashboard/store-orders?filter=all_open&search=${encodeURIComponent(cancelled.name.slice(1))}`);
    await expect.poll(() => said(page, 'store-orders-empty'))
      .toMatch(new RegExp(`^Order ${cancelled.name} was cancelled on Shopify\\nA cancelled order is not booked\\. Restore it in Shopify to book it\\.`));
    await shot(page, `reasons-store-orders-cancelled-${size}`);
  });
});

describe('book again after the order was cancelled on Shopify', () => {
  it.each(VIEWPORTS)('the cancelled booking asks nothing more, and Book again says the order is cancelled on Shopify, on every reload (%s)', async (size, viewport) => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    const order = (await openOrders()).filter((o) => o.shippingAddress && o.financialStatus === 'PENDING')[size === 'desktop' ? 80 : 81]!;
    const tracking = await bookAlone(page, order);
    await cancelOnShopify(order.id);

    await page.goto(`/dashboard/post-booking?tracking=${tracking}`);
    await expect.poll(() => page.getByTestId('post-booking-attention').innerText()).toContain(`Order ${order.name} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`);
    await page.getByTestId('post-booking-cancel').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'Order has been cancelled from courier and unfulfilled from Shopify');
    await expect.poll(() => page.getByTestId('post-booking-status').innerText()).toBe('Cancelled');
    await expect.poll(() => page.getByTestId('post-booking-attention').innerText()).toMatch(new RegExp(`^Order ${order.name} was cancelled in Shopify\\.\\n`));
    expect(await page.getByTestId('post-booking-attention').innerText()).not.toContain('cancel this booking');
    await topShot(page, `reasons-cancelled-booking-${size}`);

    expectRefusal(page, 409, `/get-order-from-shopify/${order.id}`);
    await page.getByTestId('post-booking-book-again').click();
    await page.waitForURL(`**/dashboard/order/book?id=${order.id}`);
    for (let i = 0; i < 2; i++) {
      await expect.poll(() => page.getByTestId('book-load-banner-message').innerText()).toBe('This order is cancelled on Shopify. Restore it in Shopify to book it.');
      if (i === 0) await page.reload();
    }
    expect(await page.getByTestId('book-load-retry').count()).toBe(0);
    await shot(page, `reasons-book-again-cancelled-${size}`);
  });

  it('an M&P bulk leaves a prepaid order out, said apart and not counted as a failure', async () => {
    const page = await signedIn(browser, inject('owner'), VIEWPORTS[0][1]);
    offlineImages(page);
    const open = (await openOrders()).filter((o) => o.shippingAddress);
    const cod = open.filter((o) => o.financialStatus === 'PENDING')[75]!;
    const prepaid = open.filter((o) => o.financialStatus === 'PAID')[32]!;
    await page.goto(`/dashboard/bulk-book?ids[]=${cod.id}&ids[]=${prepaid.id}`);
    await page.getByTestId('bulk-selection').waitFor();
    await page.getByTestId('bulk-account').selectOption((await codOnlyOption(page)).mnp.value);
    await expect.poll(() => page.getByTestId('bulk-submit').innerText()).toBe('Book 1 order');
    await page.getByTestId('bulk-submit').click();
    await page.waitForURL('**/dashboard/bulk/*');
    await expect.poll(() => page.getByTestId(`bulk-row-${cod.name}`).getAttribute('data-state'), { timeout: 30_000 }).toBe('booked');
    await expect.poll(() => page.getByTestId('bulk-summary').innerText())
      .toBe('Every cash-on-delivery order is booked. 1 prepaid order was left for an account that books prepaid orders.');
    expect(await page.getByTestId('bulk-prepaid').innerText()).toBe('1 prepaid left out');
    expect(await page.getByTestId('bulk-failed').count()).toBe(0);
    expect(await page.getByTestId(`bulk-row-${prepaid.name}`).innerText()).toContain('Prepaid: left out');
    await shot(page, 'reasons-bulk-prepaid-left-out');
  });
});

describe('a bulk link whose orders cannot be read', () => {
  it('orders Shopify does not know are said so and Book is off; a dropped connection is said so, and Try again lists the orders', async () => {
    const page = await signedIn(browser, inject('owner'), VIEWPORTS[0][1]);
    offlineImages(page);
    // a stale link (or one from another store): not 'the amounts could not be read', with Book for an order that is not there
    expectRefusal(page, 404, '/store-orders/selection');
    await page.goto('/dashboard/bulk-book?ids[]=999999001');
    await expect.poll(() => page.getByTestId('bulk-selection-error-message').innerText()).toBe('Oops! We have found no order(s) corresponding to these id(s).');
    expect(await page.getByTestId('bulk-submit').isDisabled()).toBe(true);
    await shot(page, 'reasons-bulk-unknown-orders');

    // only the list's read drops: the booking itself still reads each order, so Book stays
    const order = (await openOrders()).find((o) => o.shippingAddress)!;
    expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/v1/store-orders/selection**', (route) => route.abort('internetdisconnected'));
    await page.goto(`/dashboard/bulk-book?ids[]=${order.id}`);
    await expect.poll(() => page.getByTestId('bulk-selection-error-message').innerText()).toBe(CONNECTION_FAILED);
    expect(await page.getByTestId('bulk-submit').isDisabled()).toBe(false);
    await shot(page, 'reasons-bulk-selection-offline');
    await page.unroute('**/api/v1/store-orders/selection**');
    await page.getByTestId('bulk-selection-error-retry').click();
    await page.getByTestId(`bulk-selected-${order.name}`).waitFor();
    expect(await page.getByTestId('bulk-selection-error').count()).toBe(0);
  });
});
