import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { createS3Client } from '@dakiya/functions/adapters/s3/file-store';
import { expectRefusal, launch, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, newStaff, signedIn, type Person } from './support/failures';
import { api } from './support/inbox';
import { bookThroughApi, type Booked } from './support/orders';

/**
 * CSV export (spec §2 Export modal) as a merchant uses it: a clerk of the demo shop (Monthly) exports
 * the orders the list shows and every order of the store, opens both files, finds them again after
 * closing the tab, and is told to export again when a file is gone; the free shop's owner is told
 * export is a paid feature.
 */
let browser: Browser;
let clerk: Person;
let parcels: Booked[];
const taken = new Set<string>();
const HEADER = 'Order id,Track number,Courier,Booking date,Cash on delivery,Destination,Status,Payment status,Delivered date,Booked by,Days,Track,Cancel,Booked days,Tags';

beforeAll(async () => {
  browser = await launch();
  clerk = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'UPDATE_ORDERS', 'EXPORT_ORDERS'], 'owner');
  const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
  parcels = await bookThroughApi(api(), auth_token, 2, ['LEOPARD'], taken);
  expect(parcels.length).toBe(2);
});
afterAll(async () => { await browser?.close(); });

async function openModal(page: Page): Promise<void> {
  await page.getByTestId('orders-export').click();
  await page.getByTestId('export-modal').waitFor();
}

/** Starts an export and waits for its line (the newest) to be done. */
async function exportAndWait(page: Page, option: 'MATCHED_ORDERS' | 'STORE_ORDERS', before: number): Promise<void> {
  await page.getByTestId(`export-${option}`).click();
  await page.getByTestId('export-start').click();
  await expect.poll(() => page.getByTestId('export-line').count(), { timeout: 15_000 }).toBe(before + 1);
  await expect.poll(() => page.getByTestId('export-line').first().getAttribute('data-state'), { timeout: 45_000 }).toBe('done');
}

/** Download of the newest export, as the browser saves it; its text with the byte-order mark kept. */
async function downloadNewest(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').first().click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await fs.readFile(file) };
}

const linesOf = (bytes: Buffer) => bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);

describe('CSV export', () => {
  it('a paid merchant exports matched and store orders, opens both files, and finds them after closing the tab', async () => {
    const page = await signedIn(browser, clerk, undefined, '**/dashboard**');
    await page.goto(`/dashboard/orders?bookedBy=${clerk.id}`);
    await page.getByTestId(`order-row-${parcels[0]!.tracking}`).waitFor();
    // the recent exports cannot load: the modal says so with Try again, not an empty 'Recent exports'
    const online = await dropConnection(page);
    await openModal(page);
    await expect.poll(() => page.getByTestId('export-recent-error-message').innerText()).toBe(CONNECTION_FAILED);
    await shot(page, 'orders-export-recent-offline');
    await online();
    await page.getByTestId('export-recent-error-retry').click();
    await page.getByTestId('export-recent-error').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('No exports yet.').count()).toBe(1);
    await shot(page, 'orders-export-modal');

    await exportAndWait(page, 'MATCHED_ORDERS', 0);
    const matched = await downloadNewest(page);
    expect(matched.name).toMatch(/^orders-matched-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect([...matched.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = linesOf(matched.bytes);
    expect(rows[0]).toBe(HEADER);
    // the clerk's two bookings (the list's filter), each with its public tracking link
    expect(rows.slice(1).map((line) => line.split(',')[1]).sort()).toEqual(parcels.map((p) => p.tracking).sort());
    for (const p of parcels) expect(rows.find((line) => line.includes(p.tracking))).toContain(`/track/${p.tracking}`);

    await exportAndWait(page, 'STORE_ORDERS', 1);
    const all = await downloadNewest(page);
    expect(all.name).toMatch(/^orders-all-/);
    const allRows = linesOf(all.bytes);
    const stated = Number(/Store orders: ([\d,]+) rows/.exec(await page.getByTestId('export-line-text').first().innerText())![1]!.replace(/,/g, ''));
    expect(allRows.length - 1).toBe(stated);
    // every booking of the shop, as many as the list shows with no filter (other flows' too)
    const { auth_token: clerkToken } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
    expect(stated).toBe((await api().call('orders.list', { token: clerkToken, query: { limit: 1 } })).totalOrders);
    for (const p of parcels) expect(allRows.some((line) => line.split(',')[1] === p.tracking)).toBe(true);
    await shot(page, 'orders-export-done');
    await page.close();

    // a new tab: both exports are still listed, and the file can be fetched again
    const again = await signedIn(browser, clerk, undefined, '**/dashboard**');
    await again.goto('/dashboard/orders');
    await openModal(again);
    await expect.poll(() => again.locator('[data-testid="export-line"][data-state="done"]').count()).toBeGreaterThanOrEqual(2);
    expect(linesOf((await downloadNewest(again)).bytes)).toEqual(allRows);

    // the bucket's lifecycle removed the file: the link is refused, with the way out
    const { endpoint, bucket } = inject('files');
    const newest = (await api().call('orders.exports', { token: clerkToken })).data[0]!;
    const s3 = createS3Client('us-east-1', endpoint);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'shop/' }));
    const key = (listed.Contents ?? []).map((c) => c.Key!).find((k) => k.includes(`/exports/${newest.exportId}/`))!;
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    expectRefusal(again, 410, '/download-csv');
    await again.getByTestId('export-download').first().click();
    await expect.poll(() => again.getByTestId('export-refusal').innerText()).toBe('Exported files are kept for 7 days and this one is gone. Export again.');
    await shot(again, 'orders-export-gone');
    await again.close();
  });

  it('the free shop\'s owner is told export is a paid feature', async () => {
    const page = await signedIn(browser, inject('freeOwner'));
    expectRefusal(page, 403, '/exports');
    await page.goto('/dashboard/orders');
    await openModal(page);
    await expect.poll(() => page.getByTestId('export-refusal').innerText()).toContain('This feature is available on the Monthly and Yearly plans');
    expect(await page.getByTestId('export-start').isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'See plans' }).waitFor();
    await shot(page, 'orders-export-free');
    await page.close();
  });
});
