import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SyncPassReport } from '../local/sync-pass';
import { launch } from './support/browser';
import { courierSim, topShot } from './support/booking';
import { newStaff, signedIn, type Person } from './support/failures';
import { api } from './support/inbox';
import { bookThroughApi, type Booked } from './support/orders';

/**
 * The status sync as a merchant of a paid shop sees it (issue 21): its parcels move at the courier,
 * one pass of the sync runs, and the orders list and the tracking modal show the new status with no
 * ask of the courier when the modal opens. A courier that fails during the pass leaves the status as
 * it was, and the list shows that status, nothing else. The pass is over this flow's own parcels only
 * (the local gateway's `/_local/sync` with their tracking numbers): other flows' parcels stay put.
 */
let browser: Browser;
let clerk: Person;
let leopard: Booked;
let postex: Booked;
const taken = new Set<string>();

const rowStatus = (page: Page, tracking: string) => page.getByTestId(`order-status-${tracking}`).innerText();

/** One pass of the status sync over the named parcels, run by the local gateway; what moved. */
async function syncPass(trackingNumbers: string[]): Promise<SyncPassReport> {
  const res = await fetch(`${inject('appUrl')}/_local/sync`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ trackingNumbers }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SyncPassReport;
}

/** Tracking calls the courier simulator has answered so far (calls whose path names its tracking API). */
async function trackCalls(courier: string, path: string): Promise<number> {
  const res = await fetch(`${inject('courierUrls')[courier]}/_sim/calls?path=${encodeURIComponent(path)}`);
  return ((await res.json()) as { calls: unknown[] }).calls.length;
}

beforeAll(async () => {
  browser = await launch();
  clerk = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'UPDATE_ORDERS'], 'owner');
  const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
  [leopard, postex] = await bookThroughApi(api(), auth_token, 2, ['LEOPARD', 'POSTEX'], taken) as [Booked, Booked];
});
afterAll(async () => { await browser?.close(); });

describe('the status sync on the orders list', () => {
  it('moves the parcels the couriers scanned, shown before the modal asks anyone; a courier failing in the pass leaves its parcel as it was', async () => {
    const page = await signedIn(browser, clerk, undefined, '**/dashboard**');
    await page.goto(`/dashboard/orders?bookedBy=${clerk.id}`);
    await expect.poll(() => rowStatus(page, leopard.tracking)).toBe('Fulfilled');
    expect(await rowStatus(page, postex.tracking)).toBe('Fulfilled');

    // both couriers scan the parcels on; PostEx then fails every tracking call of the pass
    await courierSim('LEOPARD', 'advance', { ticks: 3 });
    await courierSim('POSTEX', 'advance', { ticks: 3 });
    let report: SyncPassReport;
    try {
      await courierSim('POSTEX', 'fail', { mode: 'http-500', count: 20, match: 'track' });
      report = await syncPass([leopard.tracking, postex.tracking]);
    } finally {
      await courierSim('POSTEX', 'fail', {}, 'DELETE');
    }
    expect(report.asked).toBe(2);
    expect(report.failedBatches).toBe(1);
    expect(report.moved.map((m) => [m.trackingNumber, m.from])).toEqual([[leopard.tracking, 'FULFILLED']]);

    // the list, read again, shows the move; the failed courier's parcel says what Dakiya last knew
    await page.reload();
    await expect.poll(() => rowStatus(page, leopard.tracking)).not.toBe('Fulfilled');
    const moved = await rowStatus(page, leopard.tracking);
    expect(await rowStatus(page, postex.tracking)).toBe('Fulfilled');
    expect(await page.getByTestId('orders-error').count()).toBe(0);
    await topShot(page, 'track-sync-list');

    // the modal shows the synced status without asking Leopards: the status is minutes old, not stale
    const before = await trackCalls('LEOPARD', 'trackBookedPacket');
    await page.getByTestId(`order-row-${leopard.tracking}`).click();
    await page.getByTestId('tracking-modal').waitFor();
    await expect.poll(() => page.getByTestId('tracking-modal-status').innerText()).toBe(moved);
    expect(await page.getByTestId('tracking-modal-check').innerText()).toMatch(/^Last checked with Leopards on /);
    expect(await page.getByTestId('tracking-modal-courier-status').innerText()).not.toBe('Not asked yet');
    expect(await trackCalls('LEOPARD', 'trackBookedPacket')).toBe(before);
    await page.keyboard.press('Escape');
    await page.getByTestId('tracking-modal').waitFor({ state: 'detached' });

    // PostEx answers again: the next pass brings its parcel up to date
    const again = await syncPass([postex.tracking]);
    expect(again.failedBatches).toBe(0);
    expect(again.moved.map((m) => m.trackingNumber)).toEqual([postex.tracking]);
    await page.reload();
    await expect.poll(() => rowStatus(page, postex.tracking)).not.toBe('Fulfilled');
    await page.close();
  });
});
