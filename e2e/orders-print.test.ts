import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import type { PrintBillsOutput, TrackingAccount } from '@dakiya/shared';
import { expectRefusal, launch, shot } from './support/browser';
import { newStaff, signedIn, type Person } from './support/failures';
import { api } from './support/inbox';
import { bookThroughApi, type Booked } from './support/orders';

/**
 * Airway bills and a load sheet as a merchant prints them (issue 23): a clerk books twenty parcels across the
 * four couriers (through the API: booking has its own flows), selects them in the orders list, prints Dakiya's
 * bills and then the couriers' own labels, prints one account's load sheet, and meets a selection gone stale.
 */
let browser: Browser;
let clerk: Person & { adminToken: string };
let token: string;
let parcels: Booked[];
const taken = new Set<string>();

beforeAll(async () => {
  browser = await launch();
  clerk = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS', 'UPDATE_ORDERS'], 'owner');
  token = (await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } })).auth_token;
  parcels = await bookThroughApi(api(), token, 20, ['LEOPARD', 'POSTEX', 'TCS', 'MNP'], taken);
  expect(parcels.length).toBe(20);
});
afterAll(async () => { await browser?.close(); });

/** Every PDF the page opened, as its signed link answered it. */
const opened: Buffer[] = [];

/**
 * The page opens a PDF by navigating to its signed link; the flow fetches that link for real and answers the
 * navigation with 204, which leaves the page where it is, so one page (and its selection) serves every step.
 */
async function holdPdfs(page: Page): Promise<void> {
  await page.route((url) => url.pathname.endsWith('.pdf'), async (route) => {
    const res = await route.fetch();
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
    opened.push(await res.body());
    await route.fulfill({ status: 204 });
  });
}

const pagesOf = (pdf: Buffer) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path.join(dir, 'in.pdf')], { encoding: 'utf8' }))?.[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/** What a click printed: the route's answer and the page count of the PDF its link answered. */
async function printed<T>(page: Page, click: () => Promise<void>, route: string): Promise<{ pages: number; answer: T }> {
  const before = opened.length;
  const [response] = await Promise.all([
    page.waitForResponse((r: Response) => r.url().endsWith(`/api/v1${route}`) && r.request().method() === 'POST'),
    click(),
  ]);
  expect(response.status()).toBe(200);
  await expect.poll(() => opened.length).toBe(before + 1);
  return { pages: pagesOf(opened.at(-1)!), answer: (await response.json()) as T };
}

describe('printing from the orders list', () => {
  it("prints twenty parcels' airway bills and the couriers' own labels, one account's load sheet, and refuses a stale selection", async () => {
    const { settings } = await api().call('settings.get', { token: clerk.adminToken });
    const perPage = settings.label_paper === 'A4' ? 4 : 1;
    const page = await signedIn(browser, clerk, undefined, '**/dashboard/orders');
    await holdPdfs(page);
    await page.goto(new URL(`/dashboard/orders?bookedBy=${clerk.id}`, page.url()).toString());
    for (const p of parcels) await page.getByTestId(`order-row-${p.tracking}`).waitFor();
    await page.getByTestId('orders-select-page').click();
    await expect.poll(() => page.getByTestId('orders-selected').innerText()).toBe('20 selected');
    await shot(page, 'orders-print-selection');

    // Dakiya's bills: one layout for every courier, on the shop's paper
    const bills = await printed<PrintBillsOutput & { state: 'done' }>(page, () => page.getByTestId('orders-print-selected').click(), '/print-airway-bills');
    expect(bills.answer.file.count).toBe(20);
    expect(bills.pages).toBe(Math.ceil(20 / perPage));

    // the couriers' own: a slip per Leopards parcel, one PostEx call for its five, a label per TCS parcel; M&P has none
    const own = await printed<PrintBillsOutput & { state: 'done' }>(page, () => page.getByTestId('orders-print-courier').click(), '/print-airway-bills');
    const mnp = parcels.filter((p) => p.courier === 'MNP').map((p) => p.tracking);
    expect(own.answer.file.notes?.map((n) => n.trackingNumber).sort()).toEqual([...mnp].sort());
    expect(own.pages).toBe(5 + 1 + 5 + Math.ceil(5 / perPage));

    // one account's load sheet: its rider's parcels waiting for pickup, ours among them
    const accounts = (await api().call('accounts.active', { token })).accounts as TrackingAccount[];
    const mnpAccount = accounts.find((a) => a.company === 'MNP')!;
    await page.getByTestId('orders-load-sheet').click();
    await page.getByTestId('orders-load-sheet-accounts').waitFor();
    await shot(page, 'orders-load-sheet-menu');
    const sheet = await printed<{ file: { count: number }; source: string }>(page, () => page.getByTestId(`orders-load-sheet-${mnpAccount._id}`).click(), '/load-sheet');
    expect(sheet.answer.source).toBe('dakiya');
    expect(sheet.answer.file.count).toBeGreaterThanOrEqual(5);
    expect(sheet.pages).toBeGreaterThanOrEqual(1);

    // a parcel cancelled since the list was read: the print is refused whole, naming it
    const gone = parcels[0]!.tracking;
    await api().call('booking.cancel', { token, params: { trackingNumber: gone } });
    expectRefusal(page, 409, '/print-airway-bills');
    await page.getByTestId('orders-print-selected').click();
    await expect.poll(() => page.getByTestId('orders-print-error').innerText()).toBe(`${gone}: cancelled since the list was read. Refresh the list and select again.`);
    await shot(page, 'orders-print-stale');
    await page.close();
  });
});
