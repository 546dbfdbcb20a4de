import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { signWebhook } from '../adapters/shopify';
import { keys } from '../adapters/dynamo/keys';
import { call, seedAccount, seedShop, testDeps, TEST_SHOPIFY_SECRET, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { traces } from '../test-support/trace';
import type { BookingRecord } from '../domain/ports/bookings';
import type { AccountRecord } from '../domain/records';

/**
 * The privacy webhooks on DynamoDB Local, signed as Shopify signs them: customers/redact leaves no
 * trace of the customer in any partition (the other customers' bookings untouched), and
 * customers/data_request mails the store owner what Dakiya keeps about them.
 */
let deps: TestDeps;
let shop: SeededShop;
let account: AccountRecord;
let n = 0;
beforeAll(async () => {
  deps = await testDeps();
  shop = await seedShop(deps, { name: 'Karachi Kapra House' });
  account = await seedAccount(deps, shop.shop._id);
});

const send = (topic: string, body: unknown) => {
  const bytes = Buffer.from(JSON.stringify(body));
  return call(deps, 'shopify.webhook', {
    rawBytes: bytes,
    headers: {
      'x-shopify-topic': topic, 'x-shopify-shop-domain': shop.shop.domain, 'x-shopify-hmac-sha256': signWebhook(bytes, TEST_SHOPIFY_SECRET),
      'x-shopify-api-version': '2026-07', 'x-shopify-webhook-id': randomUUID(),
    },
  });
};

/** A customer: their own name, phone, address and email, so a trace of any of them is theirs. */
function customer() {
  const i = ++n;
  return {
    consignee: { name: `Zainab Qureshi${i}`, phone: `0345${String(1000000 + i).slice(-7)}`, address: `Flat ${i}0${i}, Clifton Block ${i}`, email: `zainab${i}@example.pk` },
    orderId: () => String(5_000_000_000 + ++n),
  };
}

const booked = (who: ReturnType<typeof customer>, orderIds: string[], fields: Partial<BookingRecord> = {}) =>
  writeBooking(deps, shop.shop, bookingRecord(shop.shop, account, {
    trackingNumber: `LE${String(++n).padStart(8, '0')}`, bookedAt: deps.now().toISOString(), orderIds, orderNames: orderIds.map((id) => `#${id.slice(-5)}`),
    consignee: who.consignee, ...fields,
  }));

const needles = (who: ReturnType<typeof customer>) => [who.consignee.name, who.consignee.phone, who.consignee.address, who.consignee.email];

describe('customers/redact', () => {
  it('rewrites every booking of the customer\'s orders and phone, deletes their pointers, and leaves no trace in any partition', async () => {
    const zainab = customer();
    const other = customer();
    const [first, second, phoneOnly] = [zainab.orderId(), zainab.orderId(), zainab.orderId()];
    // the first order booked, cancelled, and booked again: the claim points at the live booking only
    await booked(zainab, [first], { status: 'CANCELLED' });
    await booked(zainab, [first]);
    await booked(zainab, [second, other.orderId()], { tag: 'MERGED' });
    // an order Shopify did not list, found by the customer's phone
    await booked(zainab, [phoneOnly]);
    const kept = await booked(other, [other.orderId()]);
    // four bookings, their four phone pointers and their four email pointers
    expect((await traces(deps.db, deps.env.TABLE_NAME, needles(zainab))).length).toBe(12);

    const res = await send('customers/redact', {
      shop_id: 1, shop_domain: shop.shop.domain, customer: { id: 77, email: zainab.consignee.email, phone: `+92 ${zainab.consignee.phone.slice(1)}` },
      orders_to_redact: [Number(first), Number(second)],
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await traces(deps.db, deps.env.TABLE_NAME, needles(zainab))).toEqual([]);
    // the other customer keeps their booking, its pointers and its fields
    expect(await deps.bookings.get(shop.shop._id, kept.trackingNumber)).toMatchObject({ consignee: other.consignee });
    expect(await deps.bookings.findByPhone(shop.shop._id, other.consignee.phone)).toEqual([kept.trackingNumber]);
    // the redacted bookings are still there to count and track
    expect(await deps.bookings.findByOrder(shop.shop._id, first)).toHaveLength(2);
  });

  it('finds bookings saved before the order pointers once the backfill row has run', async () => {
    const old = customer();
    const orderId = old.orderId();
    // no phone Shopify knows: only the order leads to the booking
    const b = await booked(old, [orderId]);
    await deps.db.send(new DeleteCommand({ TableName: deps.env.TABLE_NAME, Key: keys.orderBookingPointer(shop.shop._id, orderId, b.trackingNumber) }));
    await deps.bookings.saveOrderPointersProgress({ done: false });
    const redact = { shop_id: 1, shop_domain: shop.shop.domain, customer: { id: 78, email: null, phone: null }, orders_to_redact: [orderId] };
    await send('customers/redact', redact);
    expect((await traces(deps.db, deps.env.TABLE_NAME, needles(old))).length).toBeGreaterThan(0);
    await deps.poller.runScheduled('bookings.pointers');
    expect(await deps.bookings.orderPointersProgress()).toEqual({ done: true });
    await send('customers/redact', redact);
    expect(await traces(deps.db, deps.env.TABLE_NAME, needles(old))).toEqual([]);
  });
});

describe('customers/data_request', () => {
  it('mails the store owner the consignee fields of every booking of the customer, through the outbox', async () => {
    const asad = customer();
    const [a, b] = await Promise.all([booked(asad, [asad.orderId()]), booked(asad, [asad.orderId()])]);
    const stranger = await booked(customer(), [String(9_000_000_000 + n)]);
    const res = await send('customers/data_request', {
      shop_id: 1, shop_domain: shop.shop.domain, customer: { id: 79, email: asad.consignee.email, phone: asad.consignee.phone },
      orders_requested: [Number(a.orderIds[0])], data_request: { id: 9999 },
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    await deps.drainJobs();
    const mails = deps.mailbox.sent.filter((m) => m.subject === 'Customer data request 9999: what Dakiya keeps');
    expect(mails.map((m) => m.to)).toEqual([shop.shop.email]);
    const text = mails[0]!.text;
    for (const booking of [a, b]) expect(text).toContain(`Booking ${booking.trackingNumber} (${booking.orderNames[0]})`);
    for (const field of needles(asad)) expect(text).toContain(field);
    expect(text).toContain('details of 2 bookings');
    expect(text).not.toContain(stranger.trackingNumber);
  });
});
