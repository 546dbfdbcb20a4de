import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readInbox, startSes, type LocalSes, type StoredMail } from '../../../local/services/ses';
import { LEOPARD_PUSH_TEXT } from '../../adapters/couriers/leopard/push';
import { createSesClient, SesMailer } from '../../adapters/email/ses-mailer';
import type { TrackingResult } from '../../domain/ports/courier';
import type { BookingRecord } from '../../domain/ports/bookings';
import type { AccountRecord, ShopRecord } from '../../domain/records';
import { applyCourierReading } from '../../domain/tracking/status-change';
import { queueDueNotice } from '../../domain/notices/consignee-notice';
import { bookingRecord, writeBooking } from '../../test-support/bookings';
import { seedAccount, seedShop, testDeps, type TestDeps } from '../../test-support/harness';

/**
 * Consignee notices (issue 22 §3) end to end on DynamoDB Local, fauxqs and the local SES: the status-change
 * function marks and queues, the local poller runs the outbox's worker, the mail lands in the local inbox.
 */
let clock = new Date('2026-11-27T09:00:00Z');
const tick = (minutes: number) => { clock = new Date(clock.getTime() + minutes * 60_000); };

let ses: LocalSes;
let deps: TestDeps;
let shop: ShopRecord;
let account: AccountRecord;

beforeAll(async () => {
  ses = await startSes(0);
  deps = await testDeps({ now: () => clock, mailer: new SesMailer(createSesClient('us-east-1', ses.url), 'noreply@dakiya.pk') });
  const seeded = await seedShop(deps, { plan: 'MONTHLY', name: 'Karachi Kapra House' });
  shop = seeded.shop;
  account = await seedAccount(deps, shop._id);
  await deps.settings.save(shop._id, { consignee_notices: true }, clock.toISOString());
}, 120_000);
afterAll(async () => { await ses?.stop(); });

/** A booked parcel of `onShop` whose consignee gave `email` (or none). */
async function parcel(email: string | undefined, onShop = shop, onAccount = account, fields: Partial<BookingRecord> = {}): Promise<BookingRecord> {
  const trackingNumber = `LE${randomBytes(4).toString('hex').toUpperCase()}`;
  const record = bookingRecord(onShop, onAccount, { trackingNumber, bookedAt: '2026-11-25T06:00:00.000Z', ...fields });
  return writeBooking(deps, onShop, { ...record, consignee: { ...record.consignee, ...(email ? { email } : {}) } });
}

/** The courier's word on a parcel: its status, its text and one scan a minute ago. */
function reading(trackingNumber: string, status: TrackingResult['status'], rawStatus: string): TrackingResult {
  const at = new Date(clock.getTime() - 60_000).toISOString();
  return { trackingNumber, found: true, status, returning: false, rawStatus, events: [{ at, status: rawStatus, message: rawStatus }] };
}

const OUT = (tn: string) => reading(tn, 'INPROCESS', 'Out for delivery');
const DELIVERED = (tn: string) => reading(tn, 'DELIVERED', 'Delivered');
const RETURNED = (tn: string) => reading(tn, 'RTS', 'Returned to shipper');

const address = () => `consignee-${randomBytes(4).toString('hex')}@example.pk`;
async function inboxOf(to: string): Promise<StoredMail[]> {
  await deps.drainJobs();
  return (await readInbox(ses.url)).filter((m) => m.destination.to.includes(to));
}
const stored = async (b: BookingRecord) => (await deps.bookings.get(b.shopId, b.trackingNumber))!;

describe('consignee notices', () => {
  it('a move to out for delivery sends one mail to the local inbox, English and Urdu, with the tracking link', async () => {
    const to = address();
    const booked = await parcel(to);
    tick(1);

    const outcome = await applyCourierReading(shop, booked, OUT(booked.trackingNumber), deps);

    expect(outcome.booking.courierStatus).toBe('Out for delivery');
    expect(outcome.booking.noticeDue).toBeUndefined();
    const mails = await inboxOf(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your order from Karachi Kapra House is out for delivery');
    const link = `${deps.env.APP_URL}/track/${booked.trackingNumber}`;
    expect(mails[0]!.body.text).toContain(`Track your parcel: ${link}\n`);
    expect(mails[0]!.body.text).toContain(`${link}?lang=ur`);
    expect(mails[0]!.body.text).toContain('Dear Sana, your parcel from Karachi Kapra House');
    expect(mails[0]!.body.html).toContain('dir="rtl"');
  });

  it("each courier's own words for out for delivery send that mail, Leopards' 'Assign to Courier' (its AC scan) among them", async () => {
    // the words each courier's tracking answer (and Leopards' push) gives the rider's last leg (courier reference)
    for (const words of [LEOPARD_PUSH_TEXT.AC!, 'Out For Delivery', 'Package on Route', 'Out for Delivery']) {
      const to = address();
      const booked = await parcel(to);
      tick(1);

      await applyCourierReading(shop, booked, reading(booked.trackingNumber, 'INPROCESS', words), deps);

      expect((await inboxOf(to)).map((m) => m.subject), words).toEqual(['Your order from Karachi Kapra House is out for delivery']);
    }
  });

  it('the same move seen twice, and by poll, modal and push at once, sends one mail', async () => {
    const to = address();
    const booked = await parcel(to);
    tick(1);

    // three readers holding the same booking: out for delivery keeps the status, so every write succeeds
    await Promise.all([0, 1, 2].map(() => applyCourierReading(shop, booked, OUT(booked.trackingNumber), deps)));
    await applyCourierReading(shop, await stored(booked), OUT(booked.trackingNumber), deps);

    expect(await inboxOf(to)).toHaveLength(1);
  });

  it('a notice queued twice is one outbox record and one mail', async () => {
    const to = address();
    const booked = await parcel(to);
    const due = (await deps.bookings.change(booked, { noticeDue: 'DELIVERED' }))!;

    // two readers that both found the mark before either removed it
    await Promise.all([queueDueNotice(due, deps), queueDueNotice(due, deps)]);

    expect(await inboxOf(to)).toHaveLength(1);
    expect((await stored(booked)).noticeDue).toBeUndefined();
  });

  it('nothing is sent on booking, in transit, or to a shop that has not turned notices on', async () => {
    const to = address();
    const booked = await parcel(to);
    tick(1);
    const moving = await applyCourierReading(shop, booked, reading(booked.trackingNumber, 'INPROCESS', 'Arrived at Lahore hub'), deps);
    expect(moving.movedFrom).toBe('FULFILLED');

    const other = (await seedShop(deps, { plan: 'MONTHLY' })).shop;
    const otherTo = address();
    const off = await parcel(otherTo, other, await seedAccount(deps, other._id));
    const delivered = await applyCourierReading(other, off, DELIVERED(off.trackingNumber), deps);

    expect(delivered.booking.status).toBe('DELIVERED');
    expect(await inboxOf(to)).toHaveLength(0);
    expect(await inboxOf(otherTo)).toHaveLength(0);
  });

  it('a consignee without an email gets nothing and the status moves as ever', async () => {
    const booked = await parcel(undefined);
    tick(1);

    const outcome = await applyCourierReading(shop, booked, DELIVERED(booked.trackingNumber), deps);

    expect(outcome.booking.status).toBe('DELIVERED');
    expect(outcome.booking.noticeDue).toBeUndefined();
    await deps.drainJobs();
    const sentNow = (await readInbox(ses.url)).filter((m) => m.body.text?.includes(booked.trackingNumber));
    expect(sentNow).toHaveLength(0);
  });

  it('delivered, then the courier\'s correction to returned: the return is told too, each once', async () => {
    const to = address();
    const booked = await parcel(to);
    tick(1);
    const delivered = await applyCourierReading(shop, booked, DELIVERED(booked.trackingNumber), deps);
    tick(60);
    const returned = await applyCourierReading(shop, delivered.booking, RETURNED(booked.trackingNumber), deps);
    await applyCourierReading(shop, returned.booking, RETURNED(booked.trackingNumber), deps);

    expect(returned.movedFrom).toBe('DELIVERED');
    expect((await inboxOf(to)).map((m) => m.subject).sort()).toEqual([
      'Your order from Karachi Kapra House has been delivered',
      'Your order from Karachi Kapra House is going back to the store',
    ]);
  });

  it('an enqueue lost after the status was written is queued by the next reading, and the status never waited on it', async () => {
    const to = address();
    const booked = await parcel(to);
    tick(1);
    const enqueue = deps.jobs.enqueue.bind(deps.jobs);
    deps.jobs.enqueue = async () => { throw new Error('DynamoDB: ProvisionedThroughputExceededException'); };
    let first;
    try {
      first = await applyCourierReading(shop, booked, DELIVERED(booked.trackingNumber), deps);
    } finally {
      deps.jobs.enqueue = enqueue;
    }
    expect(first.booking.status).toBe('DELIVERED');
    expect((await stored(booked)).noticeDue).toBe('DELIVERED');
    expect(await inboxOf(to)).toHaveLength(0);

    // the daily watch's next ask of the delivered parcel: nothing new from the courier
    tick(24 * 60);
    await applyCourierReading(shop, await stored(booked), DELIVERED(booked.trackingNumber), deps);

    expect((await stored(booked)).noticeDue).toBeUndefined();
    expect((await inboxOf(to)).map((m) => m.subject)).toEqual(['Your order from Karachi Kapra House has been delivered']);
  });

  it('a shop back on FREE with notices still on sends none', async () => {
    const free = (await seedShop(deps, { plan: 'FREE' })).shop;
    await deps.settings.save(free._id, { consignee_notices: true }, clock.toISOString());
    const to = address();
    const booked = await parcel(to, free, await seedAccount(deps, free._id));
    tick(1);

    await applyCourierReading(free, booked, DELIVERED(booked.trackingNumber), deps);

    expect(await inboxOf(to)).toHaveLength(0);
  });
});
