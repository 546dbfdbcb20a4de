import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { MAX_BULK_ORDERS } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../local/simulators/couriers';
import { expectRefusal, launch, shot } from './support/browser';
import { courierSim } from './support/booking';
import { CONNECTION_FAILED, dropConnection, PHONE, signedIn } from './support/failures';
import { api, linkFromInbox } from './support/inbox';
import { installNewShop, setMonthUsage } from './support/shops';

/**
 * The merchant's short path (issue 23's open points): on a store of its own with more open orders than a bulk
 * takes, a page and then 'Select every order of this list' choose up to 250 in two clicks, a dropped connection
 * keeps the page's selection and says so, and a plan with fewer orders left is refused with 'Plan limit reached'.
 * Two parcels booked there show the couriers' own labels on the bulk progress and the post-booking page, and the
 * load sheet of a Leopards that cannot be reached is Dakiya's, saying why. Its own store: nothing here books or
 * changes what the demo shop's flows see.
 */
let browser: Browser;
const HANDLE = `lahore-looms-${Date.now().toString(36)}`;
const SHOP = `${HANDLE}.myshopify.com`;
const ADMIN = { email: `ops@${HANDLE}.pk`, password: 'Looms-ops-2026' };
let token: string;
let accountId: string;
let jobId: string;
let booked: string[];
/** What the list offers to book, read through the API page by page as a script would: the line the page must show. */
let toBook: number;

beforeAll(async () => {
  browser = await launch();
  const ownerToken = await installNewShop(SHOP, 'Lahore Looms', `owner@${HANDLE}.pk`, 500);
  await api().call('users.create', {
    token: ownerToken,
    body: { first_name: 'Sana', last_name: 'Ops', email: ADMIN.email, password: ADMIN.password, tag: 'ops', role: 'ADMIN', access_scopes: [] },
  });
  const link = await linkFromInbox(ADMIN.email, '/email-verify');
  await api().call('auth.verifyEmail', { body: { token: link.searchParams.get('token') ?? '' } });
  token = (await api().call('auth.login', { body: ADMIN })).auth_token;
  await api().call('accounts.create', {
    token, body: { company: 'LEOPARD', account_name: 'Leopards Lahore', weight: 500, city: 'Lahore', is_default: 'Default', ...DEMO_CREDENTIALS.LEOPARD } as never,
  });
  accountId = (await api().call('accounts.active', { token })).accounts[0]!._id;

  // two parcels of this store, booked as a bulk: the progress page and the post-booking page print them
  const first = await api().call('storeOrders.list', { token, query: { filter: 'cod', limit: 10 } });
  const two = first.orders.filter((o) => o.city !== '').slice(0, 2).map((o) => o.id);
  jobId = (await api().call('booking.bookMany', { token, body: { tracking_account: accountId, order_id: two.join(','), shipping_type: 'overnight' } })).jobId;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const progress = await api().call('booking.bulkProgress', { token, params: { jobId } });
    if (progress.status === 'done') {
      booked = progress.rows.flatMap((r) => (r.tracking_number && r.state === 'booked' ? [r.tracking_number] : []));
      break;
    }
    if (Date.now() > deadline) throw new Error(`bulk ${jobId} did not finish`);
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(booked).toHaveLength(2);

  toBook = 0;
  let after: string | undefined;
  do {
    const page = await api().call('storeOrders.list', { token, query: { filter: 'unfulfilled', limit: 100, ...(after ? { after } : {}) } });
    toBook += page.orders.filter((o) => !o.booking && !o.check_needed).length;
    after = page.next ?? undefined;
  } while (after);
}, 180_000);
afterAll(async () => { await browser?.close(); });

async function selectPageThenEvery(page: Page): Promise<void> {
  await page.goto('/dashboard/store-orders');
  await page.locator('[data-testid^="store-order-#"]').first().waitFor();
  await page.getByTestId('store-orders-select-page').click();
  await expect.poll(() => page.getByTestId('store-orders-selected').innerText()).toBe('25 selected');
  await page.getByTestId('store-orders-select-every').waitFor();
}

/** The PDFs the page opens are answered 204 (the page stays); what the print route was asked is kept. */
async function holdPrints(page: Page): Promise<{ labels: (string | undefined)[] }> {
  const asked: (string | undefined)[] = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/api/v1/print-airway-bills') && req.method() === 'POST') asked.push((req.postDataJSON() as { labels?: string }).labels);
  });
  await page.route((url) => url.pathname.endsWith('.pdf'), (route) => route.fulfill({ status: 204 }));
  return { labels: asked };
}

describe('select every order to book, and print what was booked', () => {
  it('a page, then every order of the list up to the bulk\'s limit; a dropped connection keeps the page\'s; a plan with fewer left refuses the bulk', async () => {
    expect(toBook).toBeGreaterThan(MAX_BULK_ORDERS);
    const page = await signedIn(browser, ADMIN);
    await selectPageThenEvery(page);
    expect(await page.getByTestId('store-orders-select-every').innerText()).toBe(`Select every order of this list (up to ${MAX_BULK_ORDERS})`);
    await shot(page, 'store-orders-select-every-offer');

    const back = await dropConnection(page);
    await page.getByTestId('store-orders-select-every').click();
    await expect.poll(() => page.getByTestId('store-orders-every-error').innerText()).toBe(`Not every order could be selected: ${CONNECTION_FAILED}`);
    expect(await page.getByTestId('store-orders-selected').innerText()).toBe('25 selected');
    await shot(page, 'store-orders-select-every-offline');
    await back();

    await page.getByTestId('store-orders-select-every').click();
    await expect.poll(() => page.getByTestId('store-orders-selected').innerText(), { timeout: 60_000 }).toBe(`${MAX_BULK_ORDERS} selected`);
    expect(await page.getByTestId('store-orders-every-line').innerText())
      .toBe(`The first ${MAX_BULK_ORDERS} orders of this list are selected: a bulk booking takes at most ${MAX_BULK_ORDERS}. Book them, then select the rest.`);
    expect(await page.getByTestId('store-orders-every-error').count()).toBe(0);
    expect(await page.getByTestId('store-orders-bulk').innerText()).toContain(`Bulk book ${MAX_BULK_ORDERS}`);
    await shot(page, 'store-orders-select-every-done');

    // the free plan's month with 100 orders left: the server refuses 250 before anything is booked
    await setMonthUsage(SHOP, 4900);
    try {
      await page.getByTestId('store-orders-bulk').click();
      await page.waitForURL('**/dashboard/bulk-book?**');
      await expect.poll(() => page.getByTestId('bulk-submit').innerText(), { timeout: 60_000 }).toBe(`Book ${MAX_BULK_ORDERS} orders`);
      expectRefusal(page, 403, '/book-orders');
      await page.getByTestId('bulk-submit').click();
      await expect.poll(() => page.getByTestId('plan-limit-dialog').innerText()).toContain('Plan limit reached');
      expect(new URL(page.url()).pathname).toBe('/dashboard/bulk-book');
      await shot(page, 'bulk-select-every-plan-limit');
    } finally {
      await setMonthUsage(SHOP, 0);
    }
    await page.close();
  });

  it('on a phone: the page checkbox above the list, then every order', async () => {
    const page = await signedIn(browser, ADMIN, PHONE);
    await selectPageThenEvery(page);
    await shot(page, 'store-orders-select-every-offer-phone');
    await page.getByTestId('store-orders-select-every').click();
    await expect.poll(() => page.getByTestId('store-orders-selected').innerText(), { timeout: 60_000 }).toBe(`${MAX_BULK_ORDERS} selected`);
    await shot(page, 'store-orders-select-every-done-phone');
    await page.close();
  });

  it("the couriers' own labels beside Dakiya's bills on the bulk progress and the post-booking page", async () => {
    for (const [size, viewport] of [['desktop', undefined], ['phone', PHONE]] as const) {
      const page = await signedIn(browser, ADMIN, viewport);
      const prints = await holdPrints(page);
      await page.goto(`/dashboard/bulk/${jobId}`);
      await page.getByTestId('bulk-print-courier').waitFor();
      await shot(page, `bulk-print-courier-${size}`);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/print-airway-bills') && r.status() === 200), page.getByTestId('bulk-print-courier').click()]);
      expect(prints.labels).toEqual(['courier']);

      await page.goto(`/dashboard/post-booking?tracking=${booked[0]}`);
      await page.getByTestId('post-booking-print-courier').waitFor();
      await shot(page, `post-booking-print-courier-${size}`);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/print-airway-bills') && r.status() === 200), page.getByTestId('post-booking-print-courier').click()]);
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/print-airway-bills') && r.status() === 200), page.getByTestId('post-booking-print').click()]);
      expect(prints.labels).toEqual(['courier', 'courier', undefined]);
      await page.close();
    }
  });

  it("a load sheet while Leopards cannot be reached: Dakiya's sheet, and the page says why", async () => {
    const page = await signedIn(browser, ADMIN);
    await page.route((url) => url.pathname.endsWith('.pdf'), (route) => route.fulfill({ status: 204 }));
    await page.goto('/dashboard/orders');
    await page.getByTestId(`order-row-${booked[0]}`).waitFor();
    await courierSim('LEOPARD', 'fail', { mode: 'http-500', count: 1, match: 'generateLoadSheet' });
    try {
      await page.getByTestId('orders-load-sheet').click();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/v1/load-sheet')),
        page.getByTestId(`orders-load-sheet-${accountId}`).click(),
      ]);
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ source: 'dakiya', note: "Leopards could not be reached: Dakiya's load sheet", file: { count: 2 } });
      await expect.poll(() => page.getByTestId('orders-load-sheet-note').innerText()).toContain("Leopards could not be reached: Dakiya's load sheet");
      await shot(page, 'orders-load-sheet-fallback');
    } finally {
      await courierSim('LEOPARD', 'fail', {}, 'DELETE');
    }
    await page.close();
  });
});
