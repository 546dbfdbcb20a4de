import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectConsoleError, expectRefusal, launch } from './support/browser';
import { formReady, freeOrderOnPage, offlineImages, topShot } from './support/booking';
import { CONNECTION_FAILED, DESKTOP, dropConnection, PHONE, signedIn, stillUsable } from './support/failures';
import { api } from './support/inbox';
import { bookThroughApi, type Booked } from './support/orders';

/**
 * The dashboard (spec §2 /dashboard) as the demo shop's owner reads it: the cards of the last seven
 * days agree with the orders list for the same range, and again once a city is chosen; a card opens
 * the list on the same view; the server's refusal and a dropped connection are said in the banner.
 * Then the booking form's line on how couriers do to the order's city.
 */
let browser: Browser;
let token: string;
let parcels: Booked[];
const taken = new Set<string>();
const owner = inject('owner');

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);

/** What the orders list says for a filter: its total, or every row counted through its cursor where the total is a lower bound. */
async function listTotal(query: Record<string, string>): Promise<number> {
  let rows = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await api().call('orders.list', { token, query: { ...query, limit: '100', ...(cursor ? { cursor } : {}) } });
    if (!page.totalIsLowerBound) return page.totalOrders;
    rows += page.data.length;
    if (!page.nextCursor) return rows;
    cursor = page.nextCursor;
  }
}

const card = (page: Page, id: string) => page.getByTestId(`dashboard-card-${id}-value`).innerText().then(Number);

/** Every card as the page shows it, once the answer for the address is in. */
async function cardsOf(page: Page): Promise<Record<string, number>> {
  await page.getByTestId('dashboard-card-total-value').waitFor();
  const out: Record<string, number> = {};
  for (const id of ['total', 'FULFILLED', 'DELIVERED', 'CANCELLED', 'RTS']) out[id] = await card(page, id);
  return out;
}

async function listOf(range: Record<string, string>): Promise<Record<string, number>> {
  const out: Record<string, number> = { total: await listTotal(range) };
  for (const status of ['FULFILLED', 'DELIVERED', 'CANCELLED', 'RTS']) out[status] = await listTotal({ ...range, status });
  return out;
}

beforeAll(async () => {
  browser = await launch();
  token = (await api().call('auth.login', { body: owner })).auth_token;
  parcels = await bookThroughApi(api(), token, 2, ['LEOPARD', 'POSTEX'], taken);
  expect(parcels.length).toBe(2);
});
afterAll(async () => { await browser?.close(); });

describe('the dashboard', () => {
  it('agrees with the orders list for the last seven days and for a city; a card opens the list on the same view', async () => {
    const page = await signedIn(browser, owner, DESKTOP);
    await page.goto('/dashboard');
    await stillUsable(page, 'Dashboard');
    expect(await page.getByTestId('dashboard-chip-default').innerText()).toBe('Booked: last 7 days');
    const week = { bookingFrom: weekAgo, bookingTo: today };
    await expect.poll(() => cardsOf(page)).toEqual(await listOf(week));
    expect(await card(page, 'total')).toBeGreaterThanOrEqual(2);
    await page.getByTestId('dashboard-charts').waitFor();
    await page.locator('[data-testid="scorecard-table"], [data-testid="scorecard-empty"]').first().waitFor();
    await topShot(page, 'dashboard-week-desktop');

    // a city: the address carries it as the list's own key, a chip says it, the numbers are the list's for that city
    const city = (await api().call('orders.list', { token, query: { query: parcels[0]!.tracking } })).data[0]!.destination_city;
    await page.getByTestId('dashboard-city').fill(city);
    await page.getByTestId('dashboard-city-apply').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('dest')).toBe(city);
    expect(await page.getByTestId('dashboard-chip-dest').innerText()).toBe(`City: ${city}`);
    await expect.poll(() => cardsOf(page)).toEqual(await listOf({ ...week, dest: city }));
    expect(await card(page, 'total')).toBeGreaterThanOrEqual(1);

    // the Delivered card opens the orders list on the same range, city and status
    await page.getByTestId('dashboard-card-DELIVERED').click();
    await page.waitForURL('**/dashboard/orders?**');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ bookingfrom: weekAgo, bookingto: today, dest: city, status: 'DELIVERED' });

    // a phone lays the cards out two by two, the charts below
    await page.goto(`/dashboard?dest=${encodeURIComponent(city)}`);
    await page.setViewportSize(PHONE);
    await page.getByTestId('dashboard-charts').waitFor();
    await topShot(page, 'dashboard-city-phone');
    await page.close();
  });

  it('says the server\'s refusal and a dropped connection in the banner, and comes back with Try again', async () => {
    const page = await signedIn(browser, owner, DESKTOP);
    // a range that ends before it starts: the server says which
    expectRefusal(page, 400, '/get-dashboard-analytics');
    expectRefusal(page, 400, '/courier-scorecard');
    await page.goto('/dashboard?bookingfrom=2026-11-10&bookingto=2026-11-01');
    await expect.poll(() => page.getByTestId('dashboard-error-message').innerText()).toBe('Booking date from must be on or before booking date to');
    await stillUsable(page, 'Dashboard');
    await topShot(page, 'dashboard-refused-desktop');
    // removing the chip asks again for the default week
    await page.getByTestId('dashboard-chip-booking-remove').click();
    await page.getByTestId('dashboard-error').waitFor({ state: 'detached' });
    await page.getByTestId('dashboard-card-total-value').waitFor();

    // the connection drops as the view changes: said, and Try again brings the cards once it is back
    const online = await dropConnection(page);
    await page.getByTestId('dashboard-courier').selectOption('POSTEX');
    await expect.poll(() => page.getByTestId('dashboard-error-message').innerText()).toBe(CONNECTION_FAILED);
    // the chip says PostEx: the last view's numbers are not left beside it as if they were PostEx's
    expect(await page.getByTestId('dashboard-chip-courier').innerText()).toBe('Courier: PostEx');
    expect(await page.getByTestId('dashboard-card-total-value').count()).toBe(0);
    await stillUsable(page, 'Dashboard');
    await topShot(page, 'dashboard-offline-desktop');
    await online();
    await page.getByTestId('dashboard-error-retry').click();
    await page.getByTestId('dashboard-error').waitFor({ state: 'detached' });
    await page.getByTestId('dashboard-card-total-value').waitFor();
    await page.close();
  });
});

describe('the booking form', () => {
  it('shows how each courier does to the order\'s city beside the account choice, and books without it when it cannot load', async () => {
    const page = await signedIn(browser, owner, DESKTOP);
    offlineImages(page);
    await page.goto('/dashboard/store-orders');
    const order = await freeOrderOnPage(page, taken);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    await expect.poll(() => page.getByTestId('book-scorecard').innerText()).toMatch(/^(To .+, last 90 days:|No parcels to .+ in the last 90 days yet\.)/);
    await topShot(page, 'booking-scorecard-desktop');

    // the scorecard cannot be reached: the form says so in a line and stays whole
    expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/v1/courier-scorecard/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await formReady(page);
    await page.getByTestId('book-scorecard-unavailable').waitFor();
    expect(await page.getByTestId('book-account').isEnabled()).toBe(true);
    await page.close();
  });
});
