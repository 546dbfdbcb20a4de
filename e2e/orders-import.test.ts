import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { expectConsoleError, launch, shot } from './support/browser';
import { CONNECTION_FAILED, newStaff, signedIn, VIEWPORTS, type Person } from './support/failures';
import { api } from './support/inbox';
import { bookThroughApi, type Booked } from './support/orders';

/**
 * 'Update payment status by CSV' (spec §2 Import modal, §5): a clerk with UPDATE_ORDERS books a few
 * parcels of their own (through the API), imports a CSV that marks some paid with good and bad rows,
 * and sees the paid list of their bookings grow; a wrong file, a file over 5 MB, a chunk the server
 * refuses and a connection lost mid-import each say what happened and how to go on.
 */
let browser: Browser;
/** A clerk per screen size, so each run's list of their own paid bookings starts empty. */
const clerks = new Map<string, Person>();
const parcels = new Map<string, Booked[]>();
const taken = new Set<string>();

const csv = (rows: string[][]) => Buffer.from(['tracking_number,payment_status', ...rows.map((r) => r.join(','))].join('\r\n'));
const UNKNOWN = Array.from({ length: 1000 }, (_, i) => [`KI9${String(i).padStart(8, '0')}`, 'PAID']);

beforeAll(async () => {
  browser = await launch();
  for (const [size] of VIEWPORTS) {
    const clerk = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'UPDATE_ORDERS'], 'owner');
    const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
    const booked = await bookThroughApi(api(), auth_token, 5, ['LEOPARD', 'POSTEX'], taken);
    expect(booked.length).toBe(5);
    clerks.set(size, clerk);
    parcels.set(size, booked);
  }
});
afterAll(async () => { await browser?.close(); });

/** The clerk's own bookings marked paid, as the list counts them. */
async function paidListed(page: Page): Promise<string> {
  await page.locator('[data-testid="orders-total"], [data-testid="orders-empty"]').first().waitFor();
  return (await page.getByTestId('orders-empty').count()) ? 'none' : page.getByTestId('orders-total').innerText();
}

/** The list behind the dialog has read again (it fades while it does, which axe would judge as low contrast). */
async function listSettled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

async function choose(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType, buffer });
}

/**
 * Drags a file from the desktop onto the dashed box, as a person would instead of choosing it. A
 * DataTransfer made in the page carries no file entries, so the drag goes through Chromium's own input.
 */
async function drop(page: Page, name: string, body: string): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dakiya-drop-')), name);
  fs.writeFileSync(file, body);
  const box = (await page.getByTestId('import-dropzone').boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [file], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  await cdp.detach();
}

describe.each(VIEWPORTS)('importing payment status (%s)', (size, viewport) => {
  it('marks the good rows paid, reports the others, and goes on after a refused chunk or a lost connection', async () => {
    const mine = parcels.get(size)!;
    const clerk = clerks.get(size)!;
    const page = await signedIn(browser, clerk, viewport, '**/dashboard**');
    await page.goto(`/dashboard/orders?bookedBy=${clerk.id}&payment_status=PAID`);
    expect(await paidListed(page)).toBe('none');

    await page.getByTestId('orders-import').click();
    await page.getByTestId('import-modal').waitFor();
    expect(await page.getByTestId('import-sample').getAttribute('href')).toBe('/samples/payment-status.csv');
    const sample = await page.evaluate<string>("fetch('/samples/payment-status.csv').then((r) => r.text())");
    expect(sample.split('\n')[0]).toBe('tracking_number,payment_status');
    await shot(page, `orders-import-idle-${size}`);

    // a picture dropped on the box, then a CSV over 5 MB chosen: each refused in the spec's words, Upload stays off
    await drop(page, 'receipt.png', 'PNG');
    await expect.poll(() => page.getByTestId('import-refusal').innerText()).toBe('Only CSV files are accepted');
    expect(await page.getByTestId('import-upload').isDisabled()).toBe(true);
    await choose(page, 'payments.csv', 'text/csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    await expect.poll(() => page.getByTestId('import-refusal').innerText()).toBe('File size exceeds 5MB limit');
    expect(await page.getByTestId('import-upload').isDisabled()).toBe(true);
    await shot(page, `orders-import-too-large-${size}`);

    // good and bad rows: three marked paid (values trimmed, any case), one unknown, one bad status, a blank line
    await choose(page, 'payments.csv', 'text/csv', csv([
      [mine[0]!.tracking, 'PAID'], [` ${mine[1]!.tracking} `, ' paid '], ['KI000000001', 'PAID'], [], [mine[2]!.tracking, 'Paid'], [mine[3]!.tracking, 'SETTLED'],
    ]));
    await page.getByTestId('import-upload').click();
    await page.getByTestId('import-success').waitFor();
    expect(await page.getByTestId('import-success').innerText()).toBe('Finished payments.csv: 3 of 5 rows updated');
    expect([await page.getByTestId('import-updated').innerText(), await page.getByTestId('import-unchanged').innerText(), await page.getByTestId('import-not-matched').innerText()])
      .toEqual(['3', '0', '2']);
    await listSettled(page);
    await shot(page, `orders-import-done-${size}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-report').click()]);
    expect(download.suggestedFilename()).toBe('not-matched-payments.csv');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe([
      'row,tracking_number,payment_status,reason',
      '3,KI000000001,PAID,No booking of this store has this tracking number',
      `5,${mine[3]!.tracking},SETTLED,Payment status must be PAID or UNPAID`,
    ].join('\r\n'));

    // closed, the list has read again: three of the clerk's bookings are paid now
    await page.getByTestId('import-close').click();
    await page.getByTestId('import-modal').waitFor({ state: 'detached' });
    await expect.poll(() => paidListed(page)).toBe('Showing 1–3 of 3 orders');
    for (const parcel of mine.slice(0, 3)) await page.getByTestId(`order-row-${parcel.tracking}`).waitFor();

    // the server refuses the second chunk of 1,001 rows (the one naming mine[3]: chunks go a few at
    // once, so not always the second request to arrive): the first thousand are in, Continue sends the rest
    const big = csv([...UNKNOWN, [mine[3]!.tracking, 'PAID']]);
    const names = (route: Route, parcel: { tracking: string }) => (route.request().postData() ?? '').includes(parcel.tracking);
    await page.route('**/api/v1/import-orders', (route) => (names(route, mine[3]!)
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ msg: 'Something went wrong. Please try again later', code: 'INTERNAL' }] }) })
      : route.continue()));
    expectConsoleError(page, /status of 500/);
    await page.getByTestId('orders-import').click();
    await choose(page, 'more-payments.csv', 'text/csv', big);
    await page.getByTestId('import-upload').click();
    await page.getByTestId('import-error').waitFor();
    expect(await page.getByTestId('import-error').innerText()).toBe(
      'Something went wrong. Please try again later\nThe import stopped after 1,000 of 1,001 rows; those are saved. Continue to send the rest.',
    );
    expect(await page.getByTestId('import-not-matched').innerText()).toBe('1,000');
    await listSettled(page);
    await shot(page, `orders-import-refused-${size}`);
    await page.unroute('**/api/v1/import-orders');
    await page.getByTestId('import-continue').click();
    await page.getByTestId('import-success').waitFor();
    expect([await page.getByTestId('import-updated').innerText(), await page.getByTestId('import-not-matched').innerText()]).toEqual(['1', '1,000']);
    await page.getByTestId('import-close').click();
    await expect.poll(() => paidListed(page)).toBe('Showing 1–4 of 4 orders');

    // the connection drops for the second chunk: said in the dialog; back online, Continue finishes
    const last = csv([...UNKNOWN, [mine[4]!.tracking, 'PAID']]);
    expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/v1/import-orders', (route) => (names(route, mine[4]!) ? route.abort('internetdisconnected') : route.continue()));
    await page.getByTestId('orders-import').click();
    await choose(page, 'last-payments.csv', 'text/csv', last);
    await page.getByTestId('import-upload').click();
    await page.getByTestId('import-error').waitFor();
    expect(await page.getByTestId('import-error').innerText()).toBe(`${CONNECTION_FAILED}\nThe import stopped after 1,000 of 1,001 rows; those are saved. Continue to send the rest.`);
    await listSettled(page);
    await shot(page, `orders-import-offline-${size}`);
    // closed and opened again, the stopped import still offers to go on
    await page.getByTestId('import-close').click();
    await page.getByTestId('import-modal').waitFor({ state: 'detached' });
    await page.getByTestId('orders-import').click();
    expect(await page.getByTestId('import-error').innerText()).toBe(`${CONNECTION_FAILED}\nThe import stopped after 1,000 of 1,001 rows; those are saved. Continue to send the rest.`);
    await page.unroute('**/api/v1/import-orders');
    await page.getByTestId('import-continue').click();
    await page.getByTestId('import-success').waitFor();
    expect(await page.getByTestId('import-updated').innerText()).toBe('1');
    await page.getByTestId('import-close').click();
    await expect.poll(() => paidListed(page)).toBe('Showing 1–5 of 5 orders');
    await shot(page, `orders-import-list-${size}`);
  });
});

describe('a stopped import and the next person in the tab', () => {
  it('is not offered to whoever signs in after a sign-out: their dialog starts empty', async () => {
    const page = await signedIn(browser, inject('owner'));
    await page.goto('/dashboard/orders');
    expectConsoleError(page, /ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/v1/import-orders', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('orders-import').click();
    await choose(page, 'owner-payments.csv', 'text/csv', csv([UNKNOWN[0]!]));
    await page.getByTestId('import-upload').click();
    await page.getByTestId('import-error').waitFor();
    // stopped before its first row: nothing is 'saved', and Continue sends the whole file
    expect(await page.getByTestId('import-error').innerText()).toBe(`${CONNECTION_FAILED}\nThe import stopped before its first row: nothing was saved. Continue to send the file.`);
    await page.getByTestId('import-close').click();
    await page.getByTestId('import-modal').waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/import-orders');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL('**/login');
    // another store's owner signs in in the same tab, without a reload (the app's code stays loaded):
    // the owner's file, counts and Continue are not theirs
    const other = inject('freeOwner');
    await page.getByTestId('login-email').fill(other.email);
    await page.getByTestId('login-password').fill(other.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard**');
    await page.getByTestId('nav-orders').click();
    await page.waitForURL('**/dashboard/orders');
    await page.getByTestId('orders-import').click();
    await page.getByTestId('import-modal').waitFor();
    expect(await page.getByTestId('import-chosen').innerText()).toBe('No file chosen');
    expect(await page.getByTestId('import-error').count()).toBe(0);
    expect(await page.getByTestId('import-continue').count()).toBe(0);
    await shot(page, 'orders-import-next-person');
  });
});
