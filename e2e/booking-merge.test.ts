import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { signedIn, stillUsable, toastSays, VIEWPORTS } from './support/failures';
import { chooseAccount, courierSim, formReady, offlineImages, simOrder, topShot } from './support/booking';

/** A merchant merges three orders of the store into one parcel; each order gets its own fulfillment with the one tracking number. */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Three orders from the end of the first page of store orders (the booking flows take them from its top). */
async function threeOrders(page: import('playwright-core').Page, skip: number) {
  await page.goto('/dashboard/store-orders?filter=cod');
  await page.locator('[data-testid^="store-order-#"]').first().waitFor();
  const names = (await page.locator('[data-testid^="store-order-#"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? '')))
    .map((id) => id.replace('store-order-', '')).slice(-3 - skip, skip ? -skip : undefined);
  for (const name of names) await page.getByTestId(`store-order-select-${name}`).click();
  return names;
}

describe.each(VIEWPORTS)('merging orders (%s)', (size, viewport) => {
  it('merges three orders into one parcel: the COD arithmetic, one tracking number, three fulfillments', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    const names = await threeOrders(page, size === 'desktop' ? 0 : 3);
    await page.getByTestId('store-orders-merge').click();
    await page.waitForURL('**/dashboard/merge-orders?ids[]=*');
    await formReady(page);
    for (const name of names) await page.getByTestId(`merge-order-${name}`).waitFor();
    const ids = new URL(page.url()).searchParams.getAll('ids[]');
    expect(ids).toHaveLength(3);

    // total COD = COD without shipping + average shipping, recalculated on edit
    await page.getByTestId('merge-cod-without').fill('9000');
    await page.getByTestId('merge-avg-shipping').fill('250');
    await expect.poll(() => page.getByTestId('merge-total-cod').innerText()).toBe('Rs 9,250');
    await topShot(page, `merge-form-${size}`);

    await page.getByTestId('book-submit').click();
    await page.waitForURL('**/dashboard/post-booking?tracking=*');
    await toastSays(page, 'Order has been booked and fulfilled');
    const tracking = new URL(page.url()).searchParams.get('tracking')!;
    await expect.poll(() => page.getByTestId('post-booking-tag').innerText()).toBe('MERGED');
    await expect.poll(() => page.getByTestId('post-booking-cod').innerText()).toBe('Rs 9,250');
    await shot(page, `post-booking-merged-${size}`);
    for (const id of ids) {
      const order = await simOrder(id);
      expect(new Set(order.fulfillments.filter((f) => f.status === 'SUCCESS').map((f) => f.tracking[0]?.number))).toEqual(new Set([tracking]));
    }
  });

  it('says so and goes back to the store orders after 5 s when there is nothing to merge', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    await page.goto('/dashboard/merge-orders');
    await expect.poll(() => page.getByTestId('merge-stop-message').innerText()).toBe('We have found no order id(s) to search order(s)');
    await stillUsable(page, 'Merge orders');
    await shot(page, `fail-merge-no-ids-${size}`);
    await page.waitForURL('**/dashboard/store-orders', { timeout: 8000 });

    await page.goto('/dashboard/merge-orders?ids[]=abc');
    await expect.poll(() => page.getByTestId('merge-stop-message').innerText()).toBe('Invalid id entered');

    expectRefusal(page, 404, '/get-orders-from-shopify');
    await page.goto('/dashboard/merge-orders?ids[]=1000000000001&ids[]=1000000000002');
    await expect.poll(() => page.getByTestId('merge-stop-message').innerText()).toBe('Oops! We have found no order(s) corresponding to these id(s).');
    await shot(page, `fail-merge-not-found-${size}`);
  });
});

describe('a merge whose courier answer was lost', () => {
  it('turns to the check on the first order\'s page at once, the refusal above it, so no second Book makes a second parcel', async () => {
    const page = await signedIn(browser, inject('owner'), VIEWPORTS[0]![1]);
    offlineImages(page);
    const names = await threeOrders(page, 6);
    await page.getByTestId('store-orders-merge').click();
    await page.waitForURL('**/dashboard/merge-orders?ids[]=*');
    await formReady(page);
    const first = new URL(page.url()).searchParams.getAll('ids[]')[0]!;
    await chooseAccount(page, 'TCS Overnight');

    // TCS booked the parcel but its answer was lost, and TCS cannot be asked by our reference
    await courierSim('TCS', 'fail', { mode: 'lose-response', count: 1, match: 'booking/create' });
    expectRefusal(page, 409, '/book-order');
    await page.getByTestId('book-submit').click();
    await page.waitForURL(`**/dashboard/order/book?id=${first}`);
    await page.getByTestId('booking-check').waitFor();
    await expect.poll(() => page.getByTestId('book-refusal-message').innerText()).toMatch(/^The courier did not say whether the parcel of #\d+(, #\d+){2} was booked\./);
    expect(await page.getByTestId('booking-check').innerText()).toMatch(/^Check with TCS: was the parcel of #\d+(, #\d+){2} booked\?/);
    expect(await page.getByTestId('book-submit').count()).toBe(0);
    await topShot(page, 'merge-lost-answer-check');

    // the person says it was not booked: the three orders are free again, and nothing is left waiting
    await page.getByTestId('booking-check-not-booked').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'Recorded as not booked');
    await formReady(page);
    expect(names).toHaveLength(3);
  });
});
