import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import type { AccountRecord } from '../domain/records';
import type { BookingRecord } from '../domain/ports/bookings';
import { newId } from '../ground/ids';

/** PUT /send-email/{orderId}: the consignee's tracking link through the mail outbox, on DynamoDB Local and fauxqs. */
let deps: TestDeps;
let shop: SeededShop;
let account: AccountRecord;
let n = 0;

beforeAll(async () => {
  deps = await testDeps();
  shop = await seedShop(deps, { name: 'Karachi Kapra House' });
  account = await seedAccount(deps, shop.shop._id);
});

const booked = (consignee: Partial<BookingRecord['consignee']>, s = shop, a = account, fields: Partial<BookingRecord> = {}) => writeBooking(deps, s.shop, bookingRecord(s.shop, a, {
  ...fields, trackingNumber: `LE${String(++n).padStart(8, '0')}`, bookedAt: deps.now().toISOString(),
  consignee: { name: 'Sana Tariq', phone: '03331234567', address: 'House 9, Street 2', ...consignee },
}));
const sendEmail = (orderId: string, token = shop.ownerToken) => call(deps, 'orders.sendEmail', { token, params: { orderId } });

describe('PUT /send-email/{orderId}', () => {
  it('queues the mail and the outbox sends the consignee their public tracking link', async () => {
    const b = await booked({ email: 'sana.tariq@example.pk' });
    expect(await sendEmail(b.bookingId)).toMatchObject({ status: 200, body: { msg: 'Tracking link sent to sana.tariq@example.pk' } });
    expect(deps.mailbox.sent.filter((m) => m.to === 'sana.tariq@example.pk')).toEqual([]);
    await deps.drainJobs();
    const [mail, ...more] = deps.mailbox.sent.filter((m) => m.to === 'sana.tariq@example.pk');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Track your order from Karachi Kapra House');
    const link = `http://127.0.0.1:5999/track/${b.trackingNumber}`;
    expect(mail?.text).toContain(`Track your parcel: ${link}`);
    expect(mail?.text).toContain('Dear Sana, your order from Karachi Kapra House is booked with Leopards');
    expect(mail?.html).toContain(`href="${link}"`);
  });

  it('refuses an order without an email in the catalogue\'s words, and queues nothing', async () => {
    const b = await booked({ email: '' });
    const before = deps.mailbox.sent.length;
    expect(await sendEmail(b.bookingId)).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'NO_CONSIGNEE_EMAIL', msg: 'This order has no email address for the customer. Share the tracking link on WhatsApp instead.' }] },
    });
    await deps.drainJobs();
    expect(deps.mailbox.sent.length).toBe(before);
  });

  it('needs WRITE_ORDERS: a staff member without it gets the catalogue\'s 403; with it, the mail goes', async () => {
    const b = await booked({ email: 'bilal@example.pk' });
    const reader = await seedUser(deps, shop.shop._id, { scopes: ['READ_ORDERS', 'BOOK_ORDERS'] });
    expect(await sendEmail(b.bookingId, reader.token)).toMatchObject({
      status: 403, body: { errors: [{ code: 'MISSING_SCOPE', msg: 'You do not have access to this area. Ask your admin for access.' }] },
    });
    const writer = await seedUser(deps, shop.shop._id, { scopes: ['READ_ORDERS', 'WRITE_ORDERS'] });
    expect((await sendEmail(b.bookingId, writer.token)).status).toBe(200);
  });

  it('an unknown id, or another shop\'s booking, is not found', async () => {
    const other = await seedShop(deps);
    const theirs = await booked({ email: 'x@example.pk' }, other, await seedAccount(deps, other.shop._id));
    for (const id of [newId(), theirs.bookingId]) {
      expect(await sendEmail(id)).toMatchObject({ status: 404, body: { errors: [{ code: 'NOT_FOUND', msg: 'Order not found' }] } });
    }
  });

  it('a booking whose address is gone by the time the outbox runs sends nothing', async () => {
    // a cancelled booking, deleted after the mail was queued
    const b = await booked({ email: 'late@example.pk' }, shop, account, { status: 'CANCELLED' });
    expect((await sendEmail(b.bookingId)).status).toBe(200);
    await deps.bookings.remove(b);
    await deps.drainJobs();
    expect(deps.mailbox.sent.filter((m) => m.to === 'late@example.pk')).toEqual([]);
  });
});
