import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { chooseAccount, courierSim, formReady, freeOrderOnPage, offlineImages, topShot } from './support/booking';
import { signedIn, toastSays, VIEWPORTS } from './support/failures';

/**
 * Issue 16, point 5: a message that asks the person to act stays on the page, by the button, until they
 * close it, leave the page, or the form's next request succeeds, not only a toast gone after a few
 * seconds. And point 16: an order booked meanwhile (another tab) leads to its booking.
 */
let browser: Browser;
const taken = new Set<string>();
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('messages that ask for an action stay (%s)', (size, viewport) => {
  it("'Check with the courier' turns the form into the check at once, and stays above it until closed or the page left", async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    await chooseAccount(page, 'TCS Overnight');

    // TCS booked it but the answer was lost, and TCS cannot be asked by our reference
    await courierSim('TCS', 'fail', { mode: 'lose-response', count: 1, match: 'booking/create' });
    expectRefusal(page, 409, '/book-order');
    await page.getByTestId('book-submit').click();
    await toastSays(page, 'Check with the courier');
    const alert = page.getByTestId('book-refusal-message');
    await expect.poll(() => alert.innerText()).toMatch(/^The courier did not say whether #\d+ was booked\. Check with the courier \(reference #\d+-[0-9A-Z]{6}\) before booking it again\.$/);

    // without a reload: what a reload shows, the check in place of the form, so no second Book is possible
    await page.getByTestId('booking-check').waitFor();
    expect(await page.getByTestId('book-submit').count()).toBe(0);
    expect(await page.getByTestId('book-form').count()).toBe(0);
    // the refusal is kept above the check
    const refusalBox = await page.getByTestId('book-refusal').boundingBox();
    const checkBox = await page.getByTestId('booking-check').boundingBox();
    expect(refusalBox!.y + refusalBox!.height).toBeLessThanOrEqual(checkBox!.y);

    // the toast is gone after its six seconds; the alert is not
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByTestId('book-refusal').isVisible()).toBe(true);
    await topShot(page, `alert-check-with-courier-${size}`);

    await page.getByTestId('book-refusal-close').click();
    await expect.poll(() => page.getByTestId('book-refusal').count()).toBe(0);
    expect(await page.getByTestId('booking-check').isVisible()).toBe(true);

    // leaving the page: the next visit starts without the refusal, and asks for the check instead of the form (issue 16, point 2)
    await page.goto('/dashboard/store-orders');
    await page.goBack();
    await page.getByTestId('booking-check').waitFor();
    expect(await page.getByTestId('book-refusal').count()).toBe(0);
    expect(await page.getByTestId('book-submit').count()).toBe(0);
  });

  it('an order booked in another tab meanwhile: Book says so and leads to that booking', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);

    // the same person books it in a second tab
    const other = await signedIn(browser, inject('owner'), viewport);
    offlineImages(other);
    await other.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(other);
    await other.getByTestId('book-submit').click();
    await other.waitForURL('**/dashboard/post-booking?tracking=*');
    const tracking = new URL(other.url()).searchParams.get('tracking')!;

    expectRefusal(page, 409, '/book-order');
    await page.getByTestId('book-submit').click();
    await expect.poll(() => page.getByTestId('book-refusal-message').innerText())
      .toBe(`This order is already booked (tracking number ${tracking}). Cancel that booking to book it again.`);
    // the toast leads there too
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: tracking }).getByRole('button', { name: 'Open the booking' }).count()).toBe(1);
    await shot(page, `alert-already-booked-${size}`);
    await page.getByTestId('book-refusal-link').click();
    await page.waitForURL(`**/dashboard/post-booking?tracking=${tracking}`);
    await expect.poll(() => page.getByTestId('post-booking-tracking').innerText()).toBe(tracking);
  });
});
