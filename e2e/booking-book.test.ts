import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { courierSim, formReady, freeOrderOnPage, offlineImages, simOrder, topShot } from './support/booking';

/**
 * A merchant books one order from the store-orders page, reads the booking's page, cancels it and
 * books it again; the Shopify simulator shows the fulfillment with the tracking number, then its
 * cancellation. Leopards (the demo shop's default account) books.
 */
let browser: Browser;
const taken = new Set<string>();
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('booking one order (%s)', (size, viewport) => {
  it('books from the store orders, shows the booking, cancels it and books it again; Shopify sees each step', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken);
    await page.getByTestId(`store-order-book-${order.name}`).click();
    await page.waitForURL(`**/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    await expect.poll(() => page.getByTestId('book-order-name').innerText()).toBe(order.name);
    // the default account is preselected, and the form holds what Shopify has
    expect(await page.getByTestId('book-account').locator('option:checked').innerText()).toMatch(/\(default\)$/);
    expect(await page.getByTestId('book-consignee_name').inputValue()).not.toBe('');
    expect(await page.getByTestId('book-products_list').inputValue()).toMatch(/ x \d+/);
    await page.getByTestId('book-remarks').fill('Call before delivery');
    await topShot(page, `book-form-${size}`);

    await page.getByTestId('book-submit').click();
    await page.waitForURL('**/dashboard/post-booking?tracking=*');
    await toastSays(page, 'Order has been booked and fulfilled');
    const tracking = new URL(page.url()).searchParams.get('tracking')!;
    await expect.poll(() => page.getByTestId('post-booking-tracking').innerText()).toBe(tracking);
    await expect.poll(() => page.getByTestId('post-booking-status').innerText()).toBe('Fulfilled');
    await shot(page, `post-booking-${size}`);
    const fulfilled = await simOrder(order.id);
    // one fulfillment per fulfillment order of the order, each with the tracking number
    const numbers = fulfilled.fulfillments.filter((f) => f.status === 'SUCCESS').map((f) => f.tracking[0]?.number);
    expect(numbers.length).toBeGreaterThan(0);
    expect(new Set(numbers)).toEqual(new Set([tracking]));

    // the order is booked by Dakiya now: its book link says so in the spec's success tone, with the way to the booking
    expectRefusal(page, 409, `/get-order-from-shopify/${order.id}`);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await expect.poll(() => page.getByTestId('book-load-banner-message').innerText())
      .toBe(`This order is already booked with Dakiya (tracking number ${tracking}). Open the booking to track or cancel it.`);
    expect(await page.getByTestId('book-load-banner').getAttribute('data-tone')).toBe('success');
    expect(await page.getByTestId('book-load-booking').getAttribute('href')).toBe(`/dashboard/post-booking?tracking=${tracking}`);
    await shot(page, `book-already-fulfilled-${size}`);
    await page.goBack();

    await page.getByTestId('post-booking-cancel').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'Order has been cancelled from courier and unfulfilled from Shopify');
    await expect.poll(() => page.getByTestId('post-booking-status').innerText()).toBe('Cancelled');
    expect(await page.getByTestId('post-booking-cancel').count()).toBe(0);
    expect(new Set((await simOrder(order.id)).fulfillments.map((f) => f.status))).toEqual(new Set(['CANCELLED']));
    await shot(page, `post-booking-cancelled-${size}`);

    await page.getByTestId('post-booking-book-again').click();
    await page.waitForURL(`**/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    await page.getByTestId('book-submit').click();
    await page.waitForURL('**/dashboard/post-booking?tracking=*');
    const again = new URL(page.url()).searchParams.get('tracking')!;
    expect(again).not.toBe(tracking);
    const after = (await simOrder(order.id)).fulfillments;
    expect(new Set(after.filter((f) => f.status === 'CANCELLED').map((f) => f.tracking[0]?.number))).toEqual(new Set([tracking]));
    expect(new Set(after.filter((f) => f.status === 'SUCCESS').map((f) => f.tracking[0]?.number))).toEqual(new Set([again]));
  });

  it("proposes the chosen account's weight, follows the account until a weight is typed, and holds TCS to its 500 g minimum", async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken, { unweighed: true });
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    const weight = page.getByTestId('book-weight');
    const helper = page.getByTestId('book-weight-helper');
    // the seeded accounts, whichever of them is the default now
    const choose = async (name: string) => {
      const value = await page.getByTestId('book-account').locator('option', { hasText: `${name} · ` }).first().getAttribute('value');
      await page.getByTestId('book-account').selectOption(value!);
      await formReady(page);
    };

    // Leopards Karachi (500 g) books with its own weight, as the server would
    await choose('Leopards Karachi');
    expect(await weight.inputValue()).toBe('500');
    expect(await helper.innerText()).toBe('From the account.');

    // TCS Overnight (1000 g): the weight follows the account, and TCS's minimum is said before Book
    await choose('TCS Overnight');
    expect(await weight.inputValue()).toBe('1000');
    expect(await helper.innerText()).toBe('From the account. TCS needs at least 500 g.');
    await topShot(page, `book-form-tcs-${size}`);

    // below the minimum the form refuses in the server's words, and sends nothing
    await weight.fill('400');
    expect(await helper.innerText()).toBe('TCS needs at least 500 g.');
    await page.getByTestId('book-submit').click();
    await expect.poll(() => page.getByTestId('book-weight-error').innerText()).toBe('Weight must be at least 500 grams for TCS');
    expect(page.url()).toContain('/dashboard/order/book');
    await topShot(page, `book-form-tcs-too-light-${size}`);

    // a typed weight stays when the account changes again
    await choose('Leopards Karachi');
    expect(await weight.inputValue()).toBe('400');
    expect(await page.getByTestId('book-weight-error').count()).toBe(0);
    expect(await helper.count()).toBe(0);
    expect((await simOrder(order.id)).fulfillments).toEqual([]);
  });

  it('failure paths: a stale or unknown order, the courier refusing, the connection dropping on Book; never a white page', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    // a link to an order Shopify does not know, and one that is no id at all
    expectRefusal(page, 404, '/get-order-from-shopify/1000000000001');
    await page.goto('/dashboard/order/book?id=1000000000001');
    await expect.poll(() => page.getByTestId('book-load-banner-message').innerText()).toMatch(/We could not find this order on Shopify/);
    await stillUsable(page, 'Book order');
    await page.goto('/dashboard/order/book?id=abc');
    await expect.poll(() => page.getByTestId('book-load-banner-message').innerText()).toBe('Invalid id entered');
    await shot(page, `fail-book-invalid-id-${size}`);

    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);

    // the courier refuses the parcel: its words, the form still filled
    await courierSim('LEOPARD', 'fail', { mode: 'reject', count: 1 });
    expectRefusal(page, 400, '/book-order');
    await page.getByTestId('book-submit').click();
    await expect.poll(() => page.getByTestId('toast').allInnerTexts()).not.toEqual([]);
    await stillUsable(page, 'Book order');
    expect(await page.getByTestId('book-consignee_name').inputValue()).not.toBe('');
    await topShot(page, `fail-book-courier-refused-${size}`);

    // offline at the moment of Book
    const online = await dropConnection(page);
    await page.getByTestId('book-submit').click();
    await toastSays(page, CONNECTION_FAILED);
    await stillUsable(page, 'Book order');
    await online();
    expect((await simOrder(order.id)).fulfillments).toEqual([]);

    // a field the courier cannot take comes back on the field itself
    await page.getByTestId('book-consignee_phone').fill('12345');
    expectRefusal(page, 400, '/book-order');
    await page.getByTestId('book-submit').click();
    await expect.poll(() => page.getByTestId('book-consignee_phone-error').innerText()).not.toBe('');
    await topShot(page, `fail-book-phone-${size}`);
  });
});
