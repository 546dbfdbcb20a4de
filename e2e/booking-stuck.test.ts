import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { chooseAccount, courierSim, formReady, freeOrderOnPage, offlineImages, simOrder, topShot } from './support/booking';
import { signedIn, toastSays, VIEWPORTS } from './support/failures';

/**
 * Issue 16, points 1 and 2: a lost courier answer never leaves a parcel stuck. A cancel whose answer
 * PostEx lost is finished by Cancel again; an order whose TCS booking answer was lost shows as needing a
 * check, and the person says "It was booked" (with the tracking number) or "It was not booked".
 */
let browser: Browser;
const taken = new Set<string>();
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** Opens a free order's booking page with this account chosen. */
async function bookingPage(page: Page, account: string): Promise<{ id: string; name: string }> {
  await page.goto('/dashboard/store-orders');
  const order = await freeOrderOnPage(page, taken);
  await page.goto(`/dashboard/order/book?id=${order.id}`);
  await formReady(page);
  await chooseAccount(page, account);
  return order;
}

/** Books with TCS while TCS loses its answer: the order then waits for a person's check. */
async function lostAtTcs(page: Page): Promise<{ id: string; name: string }> {
  const order = await bookingPage(page, 'TCS Overnight');
  await courierSim('TCS', 'fail', { mode: 'lose-response', count: 1, match: 'booking/create' });
  expectRefusal(page, 409, '/book-order');
  await page.getByTestId('book-submit').click();
  await page.getByTestId('book-refusal').waitFor();
  await page.getByTestId('booking-check').waitFor();
  return order;
}

/** The parcel TCS made for this reference (its answer never reached Dakiya). */
async function tcsParcel(reference: string): Promise<string> {
  const res = await fetch(`${inject('courierUrls').TCS}/_sim/shipments`);
  const body = (await res.json()) as { trackingNumber: string; data: unknown }[] | { shipments: { trackingNumber: string; data: unknown }[] };
  const list = Array.isArray(body) ? body : body.shipments;
  const found = list.find((s) => JSON.stringify(s.data).includes(reference));
  if (!found) throw new Error(`TCS has no parcel with reference ${reference}`);
  return found.trackingNumber;
}

describe.each(VIEWPORTS)('a lost courier answer is resolved (%s)', (size, viewport) => {
  it('a cancel whose PostEx answer was lost is finished by Cancel again: Cancelled, and unfulfilled on Shopify', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    const order = await bookingPage(page, 'PostEx COD');
    await page.getByTestId('book-submit').click();
    await page.waitForURL('**/dashboard/post-booking?tracking=*');
    const tracking = new URL(page.url()).searchParams.get('tracking')!;

    // PostEx cancels the parcel, its answer is lost, and its tracking does not answer either
    await courierSim('POSTEX', 'fail', { mode: 'lose-response', count: 1, match: 'cancel-order' });
    await courierSim('POSTEX', 'fail', { mode: 'http-500', count: 5, match: 'track-' });
    expectRefusal(page, 502, `/cancel-booking/${tracking}`);
    await page.getByTestId('post-booking-cancel').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'The courier did not answer');
    // said plainly: the request id is for support, not under a message that says all there is
    expect((await page.getByTestId('toast').allInnerTexts()).join('\n')).not.toMatch(/Reference|req-|[0-9a-f]{8}-[0-9a-f]{4}/);
    await expect.poll(() => page.getByTestId('post-booking-refusal').count()).toBe(1);
    // the refusal stays by the button once the toast is gone
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 15_000 }).toBe(0);
    await topShot(page, `stuck-cancel-lost-${size}`);
    await courierSim('POSTEX', 'fail', {}, 'DELETE');

    // Cancel again while PostEx's tracking is still down: its "already cancelled" is the cancel asked for, said so, and the rest follows
    await courierSim('POSTEX', 'fail', { mode: 'http-500', count: 50, match: 'track-' });
    try {
      await page.getByTestId('post-booking-cancel').click();
      await page.getByTestId('confirm-yes').click();
      await toastSays(page, 'The courier had already cancelled this parcel');
    } finally {
      await courierSim('POSTEX', 'fail', {}, 'DELETE');
    }
    expect((await page.getByTestId('toast').allInnerTexts()).join('\n')).not.toMatch(/refused/);
    await expect.poll(() => page.getByTestId('post-booking-status').innerText()).toBe('Cancelled');
    expect(await page.getByTestId('post-booking-cancel').count()).toBe(0);
    expect(await page.getByTestId('post-booking-refusal').count()).toBe(0);
    expect((await simOrder(order.id)).fulfillments.every((f) => f.status === 'CANCELLED')).toBe(true);
    await topShot(page, `stuck-cancel-finished-${size}`);
  });

  it('"It was booked": the order shows as needing a check, and the tracking number TCS shows finishes the booking', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    const order = await lostAtTcs(page);
    const reference = await page.getByTestId('booking-check-reference').innerText();
    expect(reference).toMatch(new RegExp(`^${order.name}-[0-9A-Z]{6}$`));
    // its own heading: what is being checked, not the booking form's
    expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe('Check a booking with TCS');
    await topShot(page, `check-needed-${size}`);

    // staff who may not answer are told who can, not asked to say what they found
    const staff = await signedIn(browser, inject('staff'), viewport);
    offlineImages(staff);
    await staff.goto(`/dashboard/order/book?id=${order.id}`);
    await staff.getByTestId('booking-check').waitFor();
    const told = await staff.getByTestId('booking-check').innerText();
    expect(told).toContain("on TCS's portal, then tell an admin, or a staff member allowed to cancel bookings, what you found: they answer it here.");
    expect(told).not.toContain('say what you found');
    expect(await staff.getByTestId('booking-check-booked').count()).toBe(0);
    await topShot(staff, `check-needed-staff-${size}`);
    await staff.close();

    // the store-orders list shows it as needing a check, which leads back here
    await page.goto(`/dashboard/store-orders?search=${encodeURIComponent(order.name.slice(1))}`);
    await page.getByTestId(`store-order-check-${order.name}`).waitFor();
    expect(await page.getByTestId(`store-order-book-${order.name}`).count()).toBe(0);
    await shot(page, `check-needed-list-${size}`);
    await page.getByTestId(`store-order-check-${order.name}`).click();
    await page.getByTestId('booking-check').waitFor();

    // a number TCS does not show is refused by the field, as no movement yet (TCS shows a parcel from its pickup)
    expectRefusal(page, 400, `/booking-check/${order.id}/booked`);
    await page.getByTestId('booking-check-tracking').fill('779400000001');
    await page.getByTestId('booking-check-booked').click();
    await expect.poll(() => page.getByTestId('booking-check-tracking-error').innerText())
      .toMatch(/^TCS shows no movement for tracking number 779400000001 yet: TCS shows a parcel once it is picked up\./);
    // said once, under the field, not again in a summary below the buttons
    expect(await page.getByTestId('booking-check-refusal').count()).toBe(0);
    await topShot(page, `check-booked-refused-${size}`);

    // TCS has picked the parcel up: its number is known, and the booking is finished with it
    const tn = await tcsParcel(reference);
    await courierSim('TCS', 'advance', { ticks: 1 });
    await page.getByTestId('booking-check-tracking').fill(tn);
    await page.getByTestId('booking-check-booked').click();
    await page.waitForURL(`**/dashboard/post-booking?tracking=${tn}`);
    await expect.poll(() => page.getByTestId('post-booking-tracking').innerText()).toBe(tn);
    expect((await simOrder(order.id)).fulfillments.map((f) => f.tracking[0]?.number)).toContain(tn);
    await topShot(page, `check-booked-${size}`);
  });

  it('"It was not booked": a confirmation says what happens if TCS did book it, then the order is free to book', async () => {
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    const order = await lostAtTcs(page);

    await page.getByTestId('booking-check-not-booked').click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await page.getByTestId('confirm-dialog').innerText()).toMatch(/booking again makes a second parcel: cancel the first one on TCS's portal\./);
    await shot(page, `check-not-booked-confirm-${size}`);
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'Recorded as not booked');
    await formReady(page);
    expect(await page.getByTestId('booking-check').count()).toBe(0);
    expect(await page.getByTestId('book-order-name').innerText()).toBe(order.name);
    await topShot(page, `check-not-booked-${size}`);
  });
});
