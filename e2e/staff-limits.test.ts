import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, shot } from './support/browser';
import { formReady, freeOrderOnPage, offlineImages } from './support/booking';
import { signedIn, VIEWPORTS } from './support/failures';

/**
 * Issue 16, point 10: a staff member who may not do something is told who can. The demo staff member books
 * orders (BOOK_ORDERS) but may not cancel them (no WRITE_ORDERS) nor open the tracking accounts.
 */
let browser: Browser;
const taken = new Set<string>();
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('what staff may not do says who can (%s)', (size, viewport) => {
  it('the booking page says who can cancel, where Cancel would be', async () => {
    const page = await signedIn(browser, inject('staff'), viewport);
    offlineImages(page);
    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    await page.getByTestId('book-submit').click();
    await page.waitForURL('**/dashboard/post-booking?tracking=*');
    await expect.poll(() => page.getByTestId('post-booking-who-cancels').innerText())
      .toBe('Cancelling a booking needs the Write orders permission: an admin, or a staff member allowed to cancel bookings, can cancel it.');
    expect(await page.getByTestId('post-booking-cancel').count()).toBe(0);
    await shot(page, `staff-post-booking-${size}`);
  });

  it('a locked menu item says why and who can open it, pointed at and clicked', async () => {
    const page = await signedIn(browser, inject('staff'), viewport);
    if (size === 'phone') {
      await page.getByTestId('nav-open').click();
      await page.getByTestId('nav-drawer').waitFor();
      await page.getByTestId('nav-drawer').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a: { finished: Promise<unknown> }) => a.finished)));
    }
    const item = page.getByTestId('nav-accounts').last();
    const why = 'Accounts needs the Read accounts permission. Ask your admin to give it to you.';
    expect(await item.getAttribute('title')).toBe(why);
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    // a person's click reaches a button that is only aria-disabled; Playwright's own check would refuse it
    await item.click({ force: true });
    await expect.poll(() => page.getByTestId('nav-accounts-locked').last().innerText()).toBe(why);
    expect(await item.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('nav-staff').last().click({ force: true });
    await expect.poll(() => page.getByTestId('nav-staff-locked').last().innerText()).toBe('Staff is for admins only. Ask an admin of your store if you need something there.');
    await shot(page, `staff-locked-menu-${size}`);
  });
});
