import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GetQueueUrlCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { DEFAULT_STUCK_DAYS, jobName, type SyncBatchMessage } from '@dakiya/shared';
import { createSqsClient } from '../functions/adapters/sqs/job-queue';
import { launch } from './support/browser';
import { topShot } from './support/booking';
import { DESKTOP, signedIn } from './support/failures';
import { api } from './support/inbox';
import { ageStatusBy, bookThroughApi, storedBooking, type Booked } from './support/orders';

/**
 * Stuck parcels (issue 22 item 2) as the demo shop's owner meets them: a Leopards parcel left with the
 * merchant past Leopards' days shows on the dashboard's count and, under 'Needs attention', as Stuck with
 * the days and Leopards' last word. The app's clock cannot move, so the parcel's status is made older in
 * the table; the sync's worker reads only this parcel (its own message on the sync's queue), so no other
 * flow's parcels move. The parcel is cancelled at the end, which resolves the item.
 */
const DAY = 86_400_000;
let browser: Browser;
const taken = new Set<string>();
const owner = inject('owner');
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** One message of the sync's second stage for this parcel alone, as the first stage would queue it; the stack's poller runs the worker. */
async function syncOne(parcel: Booked): Promise<void> {
  const { shopId, accountId } = await storedBooking(parcel.tracking) as { shopId: string; accountId: string };
  const sqs = createSqsClient('us-east-1', inject('files').endpoint);
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: `dakiya-${jobName('sync.parcels')}` }));
  const batch: SyncBatchMessage = { shopId, accountId, courier: 'LEOPARD', trackingNumbers: [parcel.tracking] };
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(batch) }));
}

describe('stuck parcels', () => {
  it("shows a parcel not picked up past its courier's days on the dashboard and under 'Needs attention', with the days and the courier's last word", async () => {
    const { auth_token: token } = await api().call('auth.login', { body: owner });
    const [parcel] = await bookThroughApi(api(), token, 1, ['LEOPARD'], taken);
    expect(parcel).toBeDefined();
    const days = DEFAULT_STUCK_DAYS.not_picked_up + 1;
    await ageStatusBy(parcel!.tracking, days * DAY + 60_000);
    await syncOne(parcel!);
    const wording = `Stuck: booked ${days} days ago and not picked up. Last word from Leopards: 'Pickup Request not Send'.`;
    await expect.poll(async () => {
      const list = await api().call('orders.list', { token, query: { attention: 'true', query: parcel!.tracking } });
      return list.data.flatMap((r) => r.attention.map((a) => a.message));
    }, { timeout: 30_000 }).toContain(wording);

    const page = await signedIn(browser, owner, DESKTOP, '**/dashboard**');
    await page.goto('/dashboard');
    const stuck = page.getByTestId('dashboard-stuck-count');
    await expect.poll(() => stuck.innerText()).toBe('1 stuck parcel needs attention');
    await topShot(page, 'stuck-dashboard');
    await page.getByTestId('dashboard-stuck').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('attention')).toBe('true');
    const row = page.locator('[data-testid^="order-row-"]', { hasText: parcel!.name }).first();
    await row.waitFor();
    const badge = row.getByTestId('attention-stuck');
    expect(await badge.innerText()).toContain('Stuck');
    expect(await badge.getAttribute('aria-label')).toBe(`Needs attention: ${wording}`);
    await topShot(page, 'stuck-needs-attention');

    // cancelled, which resolves the item: no later flow of this world sees a stuck parcel
    await api().call('booking.cancel', { token, params: { trackingNumber: parcel!.tracking } });
    const after = await api().call('analytics.dashboard', { token, query: {} });
    expect(after.stuckParcels).toBe(0);
  });
});
