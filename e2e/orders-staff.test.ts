import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectRefusal, launch, shot } from './support/browser';
import { dropConnection, signedIn, stillUsable, DESKTOP, PHONE } from './support/failures';
import { api } from './support/inbox';
import { bookThroughApi, type Booked } from './support/orders';

/**
 * Staff statistics (issue 24 §3) as an admin reads them: the owner books two parcels (through the API:
 * booking has its own flows; bulk booking needs a scope the seeded staff member lacks), opens Staff members from the users list,
 * reads Today, moves through a preset and a custom range, and opens the member's own page. Every
 * number the table shows is checked against the orders list for the same booking days.
 */
let browser: Browser;
let parcels: Booked[];
let ownerId: string;
let ownerToken: string;
let today: string;
const taken = new Set<string>();

const STAFF_ERROR = 'Something went wrong. Please try again later';
const row = (page: Page, id: string) => page.getByTestId(`staff-row-${id}`);
const cell = async (scope: ReturnType<Page['getByTestId']>, name: string) => Number(await scope.getByTestId(name).innerText());
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function ordersTotal(query: Record<string, string>): Promise<number> {
  return (await api().call('orders.list', { token: ownerToken, query })).totalOrders;
}

/** Every row's Total, and the totals row, against the orders list's total for the same days (and member). */
async function agreesWithOrders(page: Page, start: string, end: string): Promise<void> {
  // the table of this range's answer (a navigation may still show the last range's table a moment)
  await page.locator(`[data-testid="staff-table"][data-range="${start}..${end}"]`).waitFor();
  const ids = await page.locator('[data-testid^="staff-row-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('staff-row-', '')));
  expect(ids.length).toBeGreaterThan(1);
  for (const id of ids.filter((x) => x !== 'former')) {
    const r = row(page, id);
    expect(await cell(r, 'staff-total'), `member ${id}`).toBe(await ordersTotal({ bookedBy: id, bookingFrom: start, bookingTo: end }));
    expect(await cell(r, 'staff-booked') + await cell(r, 'staff-cancelled')).toBe(await cell(r, 'staff-total'));
  }
  // the rows (and former members' line) add up to the totals row, which is the orders list's total
  let sum = 0;
  for (const id of ids) sum += await cell(row(page, id), 'staff-total');
  const total = await cell(page.getByTestId('staff-totals'), 'staff-total');
  expect(sum).toBe(total);
  expect(total).toBe(await ordersTotal({ bookingFrom: start, bookingTo: end }));
}

beforeAll(async () => {
  browser = await launch();
  ownerToken = (await api().call('auth.login', { body: inject('owner') })).auth_token;
  const me = await api().call('auth.me', { token: ownerToken });
  ownerId = me.data._id;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: me.data.shop.iana_time_zone }).format(new Date());
  parcels = await bookThroughApi(api(), ownerToken, 2, ['LEOPARD', 'POSTEX'], taken);
  expect(parcels.length).toBe(2);
});
afterAll(async () => { await browser?.close(); });

describe('staff statistics', () => {
  it('opens from the users list on Today, agrees with the orders list, and follows presets and a custom range in the address', async () => {
    const page = await signedIn(browser, inject('owner'), DESKTOP);
    await page.goto('/dashboard/users');
    await page.getByTestId('users-statistics').click();
    await page.waitForURL('**/dashboard/staff');
    await expect.poll(() => page.title()).toBe('Staff members · Dakiya');
    await expect.poll(() => page.getByTestId('staff-range-trigger').innerText()).toBe('Today');
    await page.getByTestId('staff-table').waitFor();
    // the owner's two parcels are booked today and still fulfilled
    expect(await cell(row(page, ownerId), 'staff-booked')).toBeGreaterThanOrEqual(2);
    await agreesWithOrders(page, today, today);
    await shot(page, 'staff-table-today');

    // a preset: the address carries the range, the trigger names it
    await page.getByTestId('staff-range-trigger').click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('bookingfrom')).toBe(plusDays(today, -6));
    expect(new URL(page.url()).searchParams.get('bookingto')).toBe(today);
    await expect.poll(() => page.getByTestId('staff-range-trigger').innerText()).toBe('Last 7 days');
    await agreesWithOrders(page, plusDays(today, -6), today);

    // a custom range on the calendar: the first and second of this month
    const month = today.slice(0, 7);
    await page.getByTestId('staff-range-trigger').click();
    const calendar = page.getByTestId('staff-range-calendar');
    await calendar.locator(`[data-part="table-cell-trigger"][data-value="${month}-02"]`).first().click();
    await calendar.locator(`[data-part="table-cell-trigger"][data-value="${month}-03"]`).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('bookingfrom')).toBe(`${month}-02`);
    await expect.poll(() => page.getByTestId('staff-range-trigger').innerText()).toBe('Custom');
    await agreesWithOrders(page, `${month}-02`, `${month}-03`);

    // This Year reads month items; its numbers agree all the same
    await page.getByTestId('staff-range-trigger').click();
    await page.getByRole('button', { name: 'This Year' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('bookingfrom')).toBe(`${today.slice(0, 4)}-01-01`);
    await agreesWithOrders(page, `${today.slice(0, 4)}-01-01`, today);
    await shot(page, 'staff-table-year');

    // a member's own page: their counts over the range and a chart; Orders opens the list filtered the same way
    const total = await cell(row(page, ownerId), 'staff-total');
    await row(page, ownerId).getByRole('link').first().click();
    await page.waitForURL(`**/dashboard/staff/${ownerId}/stats?**`);
    await expect.poll(() => page.getByTestId('staff-count-total').getByTestId('value').innerText()).toBe(String(total));
    await page.getByTestId('staff-chart').waitFor();
    // the chart draws its bars (an unsized chart draws nothing)
    await expect.poll(() => page.locator('[data-testid="staff-chart"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await shot(page, 'staff-member-stats');
    await page.getByTestId('staff-member-orders').click();
    await page.waitForURL('**/dashboard/orders?**');
    await expect.poll(() => page.getByTestId('orders-total').innerText()).toContain(`of ${total} order`);
    await page.close();
  });

  it('says the server\'s refusal and a dropped connection in the middle of the page, and recovers on Try again', async () => {
    const page = await signedIn(browser, inject('owner'), PHONE);
    // more than ten years: the server refuses the range with its message
    expectRefusal(page, 400, '/staff/table-order-count');
    await page.goto('/dashboard/staff?bookingfrom=2001-01-01&bookingto=2026-01-01');
    await expect.poll(() => page.getByTestId('staff-error').innerText()).toContain('The date range must be at most ten years');
    await shot(page, 'staff-refused-phone');

    await page.goto('/dashboard/staff');
    await page.getByTestId('staff-table').waitFor();
    const online = await dropConnection(page);
    await page.getByTestId('staff-range-trigger').click();
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await expect.poll(() => page.getByTestId('staff-error').innerText()).toContain(STAFF_ERROR);
    await stillUsable(page, 'Staff members');
    await online();
    await page.getByTestId('staff-retry').click();
    await page.getByTestId('staff-table').waitFor();
    await page.close();
  });

  it('is not for staff who are not admins: the screen says so and the server refuses', async () => {
    const page = await signedIn(browser, inject('staff'), DESKTOP);
    await page.goto('/dashboard/staff');
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByTestId('staff-table').count()).toBe(0);
    const token = (await api().call('auth.login', { body: inject('staff') })).auth_token;
    await expect(api().call('users.staffTable', { token, query: {} })).rejects.toMatchObject({ status: 403 });
    await page.close();
  });
});

describe('docs', () => {
  it('every guide has its content, reached from the index and the navigation', async () => {
    const page = await signedIn(browser, inject('staff'), DESKTOP);
    await page.goto('/dashboard/docs');
    const cards = page.getByTestId('docs-index').getByRole('link');
    await expect.poll(() => cards.count()).toBe(10);
    await shot(page, 'docs-index');
    for (let i = 0; i < 10; i++) {
      await page.goto('/dashboard/docs');
      await page.getByTestId('docs-index').getByRole('link').nth(i).click();
      await page.waitForURL('**/dashboard/docs/*');
      const body = page.locator('[data-testid^="docs-"]').first();
      await body.getByRole('heading', { level: 2 }).first().waitFor();
      expect((await body.innerText()).length).toBeGreaterThan(600);
      expect(await body.innerText()).not.toMatch(/being written|coming soon|placeholder/i);
    }
    await page.goto('/dashboard/docs/order-booking-guide');
    await page.getByTestId('docs-order-booking-guide').getByRole('heading', { level: 2 }).first().waitFor();
    await shot(page, 'docs-order-booking-guide');
    await page.close();
  });
});
