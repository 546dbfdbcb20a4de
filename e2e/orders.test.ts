import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { courierSim, topShot } from './support/booking';
import { CONNECTION_FAILED, dropConnection, newStaff, signedIn, stillUsable, toastSays, VIEWPORTS, type Person } from './support/failures';
import { api } from './support/inbox';
import { ageStatus, bookThroughApi, bulkBook, type Booked } from './support/orders';

/**
 * The orders list (spec §2 /dashboard/orders) and its Order Tracking Info modal, as a merchant uses
 * them: a staff member of the demo shop books a dozen parcels (through the API: booking has its own
 * flows), then searches, filters, jumps to a deep page, opens a parcel whose status moved at the
 * courier simulator, cancels from a row and from a selection, and meets every way the list can fail.
 */
let browser: Browser;
let clerk: Person;
let parcels: Booked[];
const taken = new Set<string>();

/** Only the clerk's bookings: other flows book in the same shop. */
const mine = () => `bookedBy=${clerk.id}`;
const rowOf = (page: Page, tracking: string) => page.getByTestId(`order-row-${tracking}`);
const shownRows = (page: Page) => page.locator('[data-testid^="order-row-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('order-row-', '')));

/** A screenshot once every animation has ended: a dialog caught fading in is neither what a person sees nor what axe should judge. */
async function settledShot(page: Page, name: string): Promise<void> {
  await page.locator('body').evaluate((el) => Promise.all(el.ownerDocument.getAnimations().map((a: { finished: Promise<unknown> }) => a.finished.catch(() => undefined))));
  await shot(page, name);
}

/** The filter panel, open (a desktop opens it by itself when the address has filters). */
async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByTestId('orders-filters-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId('orders-filters').waitFor();
}

/** Nothing runs off the side: no sideways scroll, and every button of the header's row and the selection bar whole inside the viewport. */
async function fitsTheWidth(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    outside: [...document.querySelectorAll('[data-testid="page-actions"] button, [data-testid="orders-selection"] button')].flatMap((el) => {
      const box = el.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth ? [] : [el.textContent?.trim() || el.getAttribute('aria-label')];
    }),
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(outside).toEqual([]);
}

async function listReady(page: Page): Promise<void> {
  await page.locator('[data-testid^="order-row-"], [data-testid="orders-empty"], [data-testid="orders-past-end"], [data-testid="orders-error"]').first().waitFor();
}

beforeAll(async () => {
  browser = await launch();
  // every header button of the page (export too), so the phone's row is at its longest
  clerk = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS', 'UPDATE_ORDERS', 'EXPORT_ORDERS'], 'owner');
  const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
  parcels = await bookThroughApi(api(), auth_token, 12, ['LEOPARD', 'POSTEX', 'TCS'], taken);
  expect(parcels.length).toBe(12);
});
afterAll(async () => { await browser?.close(); });

describe.each(VIEWPORTS)('the orders list (%s)', (size, viewport) => {
  it('searches (a leading # stripped), filters with chips, and keeps the view in the address', async () => {
    const page = await signedIn(browser, clerk, viewport, '**/dashboard/orders');
    await listReady(page);
    await page.getByTestId('orders-import').waitFor();
    await fitsTheWidth(page);
    await topShot(page, `orders-list-${size}`);

    // search: debounced, '#' stripped into the address, the one order found
    const target = parcels[4]!;
    await page.getByTestId('orders-search').fill(target.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe(target.name.replace(/^#/, ''));
    await expect.poll(() => shownRows(page)).toEqual([target.tracking]);
    expect(await page.getByTestId(`order-name-${target.tracking}`).innerText()).toBe(target.name);
    await topShot(page, `orders-search-${size}`);
    await page.getByTestId('orders-search').fill('');
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBeNull();

    // filters: Booked by (searchable, by full name) and Courier, each a chip; the address carries spec §2 keys
    await page.getByTestId('orders-filters-toggle').click();
    await page.getByTestId('orders-filter-bookedBy-input').fill('Nadia');
    await page.getByTestId(`orders-filter-bookedBy-option-${clerk.id}`).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('orders-chip-bookedBy').innerText()).toBe('Booked by: Nadia Test');
    await page.getByTestId('orders-filter-courier-trigger').click();
    await page.getByTestId('orders-filter-courier-option-POSTEX').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('orders-chip-couriers').innerText()).toBe('Courier: PostEx');
    const url = new URL(page.url());
    expect(url.searchParams.get('courier')).toBe('POSTEX');
    expect(url.searchParams.get('bookedBy')).toBe(clerk.id);
    expect(url.searchParams.get('query')).toBeNull();
    const postex = parcels.filter((p) => p.courier === 'POSTEX').map((p) => p.tracking);
    await expect.poll(async () => (await shownRows(page)).sort()).toEqual([...postex].sort());
    await topShot(page, `orders-filtered-${size}`);

    // a shared link reproduces the view; removing a chip keeps the others, clear all removes them all
    const shared = await signedIn(browser, clerk, viewport, '**/dashboard/orders');
    await shared.goto(`/dashboard/orders?${url.searchParams}`);
    await expect.poll(async () => (await shownRows(shared)).sort()).toEqual([...postex].sort());
    await page.getByTestId('orders-chip-couriers-remove').click();
    await expect.poll(() => page.getByTestId('orders-chip-couriers').count()).toBe(0);
    await expect.poll(async () => (await shownRows(page)).length).toBe(parcels.length);
    await page.getByTestId('orders-clear-filters').click();
    await expect.poll(() => page.getByTestId('orders-chips').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await stillUsable(page, 'Orders');
  });

  it('jumps to a deep page, opens the tracking modal and sees the status the courier moved', async () => {
    const page = await signedIn(browser, clerk, viewport, '**/dashboard/orders');
    await page.goto(`/dashboard/orders?${mine()}&limit=5`);
    await listReady(page);
    await expect.poll(() => page.getByTestId('orders-total').innerText()).toBe('Showing 1–5 of 12 orders');

    // the last page straight away, newest first: its rows are the first bookings
    if (size === 'desktop') await page.getByTestId('orders-page-3').click();
    else {
      for (const next of ['2', '3']) {
        await page.getByTestId('orders-next').click();
        await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(next);
      }
    }
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
    await expect.poll(() => page.getByTestId('orders-total').innerText()).toBe('Showing 11–12 of 12 orders');
    // bulk booking books several at once, so the order they were asked in is not their booking order: the
    // server's own page 3 says which two are oldest, and they are the clerk's, none of them on page 1
    const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
    const listed = (p: number) => api().call('orders.list', { token: auth_token, query: { bookedBy: clerk.id, limit: 5, page: p } });
    const oldest = (await listed(3)).data.map((r) => r.tracking_number!);
    const newest = (await listed(1)).data.map((r) => r.tracking_number!);
    expect(oldest).toHaveLength(2);
    expect(parcels.map((p) => p.tracking)).toEqual(expect.arrayContaining(oldest));
    expect(newest.filter((t) => oldest.includes(t))).toEqual([]);
    await expect.poll(async () => (await shownRows(page)).sort()).toEqual([...oldest].sort());
    await topShot(page, `orders-deep-page-${size}`);
    // any change of the view goes back to page 1
    await openFilters(page);
    await page.getByTestId('orders-filter-track').fill(oldest[0]!);
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(() => shownRows(page)).toEqual([oldest[0]]);

    // the courier moves the parcel on; opening the modal asks it, and the list follows
    const parcel = parcels.find((p) => p.tracking === oldest[0])!;
    await courierSim(parcel.courier, 'advance', { ticks: 3 });
    await ageStatus(parcel.tracking);
    await rowOf(page, parcel.tracking).click();
    const modal = page.getByTestId('tracking-modal');
    await modal.waitFor();
    await expect.poll(() => page.getByTestId('tracking-modal-status').innerText()).not.toBe('Fulfilled');
    expect(await page.getByTestId('tracking-modal-check').innerText()).toMatch(/^Checked with .* just now\.$/);
    expect(await page.getByTestId('tracking-modal-courier-status').innerText()).not.toBe('Not asked yet');
    expect(await page.getByTestId('tracking-modal-number').innerText()).toBe(parcel.tracking);
    expect(await page.getByTestId('tracking-modal-order').innerText()).toBe(parcel.name);
    expect(await page.getByTestId('tracking-step-1').getAttribute('data-state')).toBe('done');
    expect(await page.locator('[data-testid="tracking-modal-timeline"] > *').count()).toBeGreaterThan(1);
    const moved = await page.getByTestId('tracking-modal-status').innerText();
    await settledShot(page, `orders-tracking-modal-${size}`);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`order-status-${parcel.tracking}`).innerText()).toBe(moved);
  });

  it("walks a list the server counts only as it reads: 'at least N' with Next and Previous, the total once it ends", async () => {
    // two kinds of filter together: no counter answers them, so the server reads the clerk's bookings a page at a time
    const view = `${mine()}&courier=LEOPARD,POSTEX,TCS&limit=5`;
    const page = await signedIn(browser, clerk, viewport, '**/dashboard/orders');
    const total = () => page.getByTestId('orders-total').innerText();
    await page.goto(`/dashboard/orders?${view}`);
    await expect.poll(total).toBe('Showing 1–5 of at least 5 orders');
    expect(await page.locator('[data-testid^="orders-page-"]').count()).toBe(0);
    const first = await shownRows(page);

    await page.getByTestId('orders-next').click();
    await expect.poll(total).toBe('Showing 6–10 of at least 10 orders');
    expect(new URL(page.url()).searchParams.get('cursor')).toBeTruthy();
    const second = await shownRows(page);
    await topShot(page, `orders-at-least-${size}`);
    await page.getByTestId('orders-next').click();
    await expect.poll(total).toBe('Showing 11–12 of 12 orders');
    expect(await page.getByTestId('orders-next').isDisabled()).toBe(true);
    const third = await shownRows(page);
    expect([...first, ...second, ...third].sort()).toEqual(parcels.map((p) => p.tracking).sort());

    // Previous walks back by the cursor it kept, to the same rows
    await page.getByTestId('orders-previous').click();
    await expect.poll(total).toBe('Showing 6–10 of at least 10 orders');
    expect(await shownRows(page)).toEqual(second);
    await page.getByTestId('orders-previous').click();
    await expect.poll(total).toBe('Showing 1–5 of at least 5 orders');
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();

    // a page number without its cursor (a link typed by hand) says why it cannot open, and leads to the first page
    await page.goto(`/dashboard/orders?${view}&page=3`);
    expect(await page.getByTestId('orders-cursor-only').innerText()).toContain('Page 3 opens only with Next');
    expect(await page.getByTestId('orders-pager').count()).toBe(0);
    await topShot(page, `orders-cursor-only-${size}`);
    await page.getByTestId('orders-cursor-only-go').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(total).toBe('Showing 1–5 of at least 5 orders');
  });

  it('cancels one booking from its row and several from the selection, through the confirmation', async () => {
    // a person of their own: the clerk's twelve stay twelve for the other flows
    const canceller = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS', 'UPDATE_ORDERS'], 'owner');
    const { auth_token } = await api().call('auth.login', { body: { email: canceller.email, password: canceller.password } });
    const own = await bookThroughApi(api(), auth_token, 3, ['LEOPARD', 'POSTEX'], taken);
    const page = await signedIn(browser, canceller, viewport, '**/dashboard/orders');
    await page.goto(`/dashboard/orders?track=${own[0]!.tracking}`);
    await rowOf(page, own[0]!.tracking).waitFor();
    await page.getByTestId(`order-cancel-${own[0]!.tracking}`).click();
    await settledShot(page, `orders-cancel-confirm-${size}`);
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'Order has been cancelled from courier and unfulfilled from Shopify');
    await expect.poll(() => page.getByTestId(`order-status-${own[0]!.tracking}`).innerText()).toBe('Cancelled');
    // a string: the e2e project has no DOM types
    expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-testid="order-name-${own[0]!.tracking}"]')).textDecorationLine`)).toBe('line-through');
    expect(await page.getByTestId(`order-cancel-${own[0]!.tracking}`).count()).toBe(0);

    // the cancelled one and two others selected: the bar cancels the two it can
    await page.goto(`/dashboard/orders?bookedBy=${canceller.id}&limit=5`);
    for (const parcel of own) await page.getByTestId(`order-select-${parcel.tracking}`).click();
    await expect.poll(() => page.getByTestId('orders-selected').innerText()).toBe('3 selected');
    expect(await page.getByTestId('orders-cancel-selected').innerText()).toBe('Cancel 2 of them');
    await settledShot(page, `orders-selection-${size}`);
    await fitsTheWidth(page);
    await page.getByTestId('orders-cancel-selected').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, '2 bookings cancelled with the courier and unfulfilled on Shopify');
    for (const parcel of own) await expect.poll(() => page.getByTestId(`order-status-${parcel.tracking}`).innerText()).toBe('Cancelled');
    await expect.poll(() => page.getByTestId('orders-selected').innerText()).toBe('1 selected');
  });

  it('a staff member without Write orders sees no Cancel and no selection', async () => {
    const reader = await newStaff('USER', ['READ_ORDERS'], 'owner');
    const page = await signedIn(browser, reader, viewport, '**/dashboard/orders');
    await page.goto(`/dashboard/orders?${mine()}`);
    await rowOf(page, parcels[5]!.tracking).waitFor();
    expect(await page.locator('[data-testid^="order-cancel-"]').count()).toBe(0);
    expect(await page.locator('[data-testid^="order-select-"]').count()).toBe(0);
    expect(await page.getByTestId(`order-track-${parcels[5]!.tracking}`).getAttribute('href')).toBe(`/track/${parcels[5]!.tracking}`);
  });

  it('failure paths: a refused list, the connection dropping, nothing found, a page past the end, a modal that cannot load', async () => {
    const page = await signedIn(browser, clerk, viewport, '**/dashboard/orders');

    // the server refuses the address's filter: its errors[0].msg in the warning banner (spec §8), and a way out
    expectRefusal(page, 400, '/get-all-orders');
    await page.goto('/dashboard/orders?bookingfrom=2026-02-30');
    await expect.poll(() => page.getByTestId('orders-error-message').innerText()).toBe('Booking date from must be a date like 2026-11-23');
    await topShot(page, `orders-fail-refused-${size}`);
    await page.getByTestId('orders-error-instead').click();
    await page.getByTestId('orders-error').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('bookingfrom')).toBeNull();
    await listReady(page);

    // the connection drops on Refresh: said in the banner, the list comes back with Try again
    await page.goto(`/dashboard/orders?${mine()}`);
    await rowOf(page, parcels[0]!.tracking).waitFor();
    const online = await dropConnection(page);
    await page.getByTestId('orders-refresh').click();
    await expect.poll(() => page.getByTestId('orders-error-message').innerText()).toBe(CONNECTION_FAILED);
    await topShot(page, `orders-fail-offline-${size}`);
    await online();
    await page.getByTestId('orders-error-retry').click();
    await rowOf(page, parcels[0]!.tracking).waitFor();
    expect(await page.getByTestId('orders-error').count()).toBe(0);

    // nothing matches: said, with the way back to every order
    await page.getByTestId('orders-search').fill('KI000000000');
    await page.getByTestId('orders-empty').waitFor();
    expect(await page.getByTestId('orders-empty').innerText()).toContain('No orders match');
    await topShot(page, `orders-empty-${size}`);
    await page.getByTestId('orders-reset').click();
    await page.getByTestId('orders-empty').waitFor({ state: 'detached' });
    expect(await page.getByTestId('orders-search').inputValue()).toBe('');
    await rowOf(page, parcels[0]!.tracking).waitFor();

    // an old link to a page the list no longer has
    await page.goto(`/dashboard/orders?${mine()}&limit=5&page=40`);
    await page.getByTestId('orders-past-end').waitFor();
    expect(await page.getByTestId('orders-past-end').innerText()).toContain('Page 40 is past the end of this list');
    await topShot(page, `orders-past-end-${size}`);
    await page.getByTestId('orders-past-end-go').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
    await expect.poll(async () => (await shownRows(page)).length).toBeGreaterThan(0);

    // the modal cannot reach the server: 'Error tracking order' with the M&P note, and Try again
    const parcel = parcels[1]!;
    await page.goto(`/dashboard/orders?track=${parcel.tracking}`);
    await rowOf(page, parcel.tracking).waitFor();
    const offline = await dropConnection(page);
    await rowOf(page, parcel.tracking).click();
    await page.getByTestId('tracking-modal-error').waitFor();
    const text = await page.getByTestId('tracking-modal-error').innerText();
    expect(text).toContain('Error tracking order');
    expect(text).toContain("M&P's tracking data can take a few hours to appear after booking.");
    expect(await page.getByTestId('tracking-modal-error-reason').innerText()).toBe(CONNECTION_FAILED);
    await settledShot(page, `orders-fail-modal-${size}`);
    await offline();
    await page.getByTestId('tracking-modal-retry').click();
    await expect.poll(() => page.getByTestId('tracking-modal-number').innerText()).toBe(parcel.tracking);
    await page.getByTestId('tracking-modal-consignee').waitFor();
    // the open modal hides the page from assistive tech (its heading too) until it closes
    await page.keyboard.press('Escape');
    await page.getByTestId('tracking-modal').waitFor({ state: 'detached' });
    await stillUsable(page, 'Orders');
  });

  it("'Needs attention' shows an attempt waiting for a courier check by its order name and 'Check with the courier'", async () => {
    const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
    // M&P takes the booking but its answer is lost: M&P cannot be asked by our reference, so a person must check
    await courierSim('MNP', 'fail', { mode: 'lose-response', count: 1, match: 'InsertBookingData' });
    const { rows } = await bulkBook(api(), auth_token, 1, ['MNP'], taken);
    expect(rows.map((r) => r.state)).toEqual(['check']);
    const page = await signedIn(browser, clerk, viewport, '**/dashboard/orders');
    await page.getByTestId('orders-attention').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('attention')).toBe('true');
    const row = page.locator('[data-testid^="order-row-attempt-"]', { hasText: rows[0]!.order_name }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Check with the courier');
    await topShot(page, `orders-needs-attention-${size}`);
    // answered, so no later flow of this world meets an order it can neither book nor tick
    const { auth_token: owner } = await api().call('auth.login', { body: inject('owner') });
    await api().call('booking.checkNotBooked', { token: owner, params: { orderId: rows[0]!.order_id }, body: { confirmed: true } });
  });
});
