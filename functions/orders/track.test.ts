import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import { call, seedAccount, seedShop, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { countOf } from '../test-support/counters';
import type { AccountRecord } from '../domain/records';
import { count, shopDay } from '../domain/booking/counters';
import { ASK_GAP_MS, RETRY_ASK_MS } from '../domain/orders/track';

/**
 * The tracking modal against the Leopards simulator: parcels booked there days ago (addShipment at a
 * past time), their bookings still FULFILLED in Dakiya, as a FREE shop (no automatic sync) has them.
 */
let deps: TestDeps;
let couriers: CourierSims;
let seeded: SeededShop;
let leopard: AccountRecord;
const DAY = 86_400_000;
/** The app's clock: the wall clock, or held at an instant and moved on by a test, to pass the ten minutes to the millisecond. */
let heldAt: number | undefined;
let aheadMs = 0;

beforeAll(async () => {
  couriers = await startCourierSims();
  deps = await testDeps({ now: () => new Date((heldAt ?? Date.now()) + aheadMs) }, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000' });
  seeded = await seedShop(deps, { plan: 'FREE' });
  leopard = await seedAccount(deps, seeded.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
}, 60_000);
afterAll(async () => { await couriers?.stop(); });
beforeEach(() => {
  heldAt = undefined;
  aheadMs = 0;
  couriers.sims.LEOPARD.control.clearFaults();
});

const sim = () => couriers.sims.LEOPARD.control;
const trackCalls = () => sim().calls().length;

/** A parcel the courier took days ago under `scenario`, and its booking as Dakiya last stored it. */
async function parcel(scenario: 'happy' | 'return' | 'stuck', daysAgo = 3, fields: { lastStatusAt?: string } = {}) {
  const bookedAt = new Date(sim().now() - daysAgo * DAY).toISOString();
  const shipment = sim().addShipment({
    credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string>, bookedAt, orderRef: `#T${Math.random().toString(36).slice(2, 8)}`,
    consignee: { name: 'Sana Tariq', phone: '03331234567', address: 'House 9' }, city: 'Lahore', cod: 4200, scenario, tickMs: 3_600_000,
  });
  return writeBooking(deps, seeded.shop, bookingRecord(seeded.shop, leopard, { trackingNumber: shipment.trackingNumber, bookedAt, cod: 4200, ...fields }));
}

const track = (id: string) => call(deps, 'orders.track', { token: seeded.ownerToken, params: { id } });

describe('the Order Tracking Info modal', () => {
  it('asks the courier about a status older than ten minutes and stores what moved, counters and timeline included', async () => {
    const booking = await parcel('happy');
    const day = { kind: 'shop', period: 'DAY', at: booking.bookedDay } as const;
    const before = { fulfilled: await countOf(deps, seeded.shop._id, day, count.status('FULFILLED')), delivered: await countOf(deps, seeded.shop._id, day, count.status('DELIVERED')) };

    const res = await track(booking.trackingNumber);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      domain: seeded.shop.domain, store: seeded.shop.name, company: 'LEOPARD', order_name: booking.orderNames[0], status: 'DELIVERED',
      customer_phone: '03331234567', destination: 'Lahore', courier_check: 'asked', current_courier_status: 'Delivered',
      order: { consignee_name: 'Sana Tariq', track_number: booking.trackingNumber, booking_date: booking.bookedAt, current_status: 3 },
    });
    const details = res.body.order.details as { name: string; status_date: string }[];
    expect(details.map((d) => d.name)).toContain('BOOKED');
    expect(details.at(-1)!.name).toBe('Delivered');
    expect(details.length).toBeGreaterThan(3);
    const stored = (await deps.bookings.get(seeded.shop._id, booking.trackingNumber))!;
    expect(stored).toMatchObject({ status: 'DELIVERED', courierStatus: 'Delivered' });
    expect(stored.deliveredAt).toBe(details.at(-1)!.status_date);
    expect(await countOf(deps, seeded.shop._id, day, count.status('FULFILLED'))).toBe(before.fulfilled - 1);
    expect(await countOf(deps, seeded.shop._id, day, count.status('DELIVERED'))).toBe(before.delivered + 1);
    const arrived = shopDay(new Date(stored.deliveredAt!), seeded.shop.iana_time_zone);
    expect(await countOf(deps, seeded.shop._id, { kind: 'delivered', at: arrived }, count.delivered('LEOPARD'))).toBe(1);
  });

  it('a booking minutes old is not said to have been checked with the courier, and the courier is not asked', async () => {
    const booking = await parcel('happy', 0, { lastStatusAt: new Date(Date.now() - 60_000).toISOString() });
    const calls = trackCalls();

    const res = await track(booking.trackingNumber);

    expect(res.body).toMatchObject({ status: 'FULFILLED', courier_check: 'recent', current_courier_status: null, last_checked_at: null });
    expect(trackCalls()).toBe(calls);
  });

  it('asks at most once per parcel in ten minutes, however often the modal opens', async () => {
    const booking = await parcel('stuck');
    const calls = trackCalls();
    const answers = await Promise.all([track(booking.trackingNumber), track(booking.trackingNumber), track(booking.trackingNumber)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.courier_check).sort()).toEqual(['asked', 'recent', 'recent']);
    expect(trackCalls() - calls).toBe(1);
    const again = await track(booking.trackingNumber);
    expect(again.body).toMatchObject({ courier_check: 'recent', status: 'INPROCESS' });
    expect(again.body.last_checked_at).toEqual(answers.find((a) => a.body.courier_check === 'asked')!.body.last_checked_at);
    expect(trackCalls() - calls).toBe(1);
  });

  it('asks the courier again once ten minutes have passed since it was last asked, and not a second before', async () => {
    heldAt = Date.now();
    const booking = await parcel('stuck');
    const calls = trackCalls();
    const first = await track(booking.trackingNumber);
    expect(first.body).toMatchObject({ courier_check: 'asked', status: 'INPROCESS' });
    expect(trackCalls() - calls).toBe(1);

    aheadMs = ASK_GAP_MS - 1000;
    const within = await track(booking.trackingNumber);
    expect(within.body).toMatchObject({ courier_check: 'recent', last_checked_at: first.body.last_checked_at });
    expect(trackCalls() - calls).toBe(1);

    aheadMs = ASK_GAP_MS + 1000;
    const after = await track(booking.trackingNumber);
    expect(after.body.courier_check).toBe('asked');
    expect(Date.parse(after.body.last_checked_at)).toBeGreaterThanOrEqual(Date.parse(first.body.last_checked_at) + ASK_GAP_MS);
    expect(trackCalls() - calls).toBe(2);

    const reopened = await track(booking.trackingNumber);
    expect(reopened.body).toMatchObject({ courier_check: 'recent', last_checked_at: after.body.last_checked_at });
    expect(trackCalls() - calls).toBe(2);
  });

  it('does not ask about a status stored less than ten minutes ago, and asks once it is older', async () => {
    heldAt = Date.now();
    const booking = await parcel('stuck', 3, { lastStatusAt: new Date(heldAt - 5 * 60_000).toISOString() });
    const calls = trackCalls();
    const fresh = await track(booking.trackingNumber);
    expect(fresh.body).toMatchObject({ courier_check: 'recent', status: 'FULFILLED' });
    expect(trackCalls() - calls).toBe(0);

    aheadMs = 5 * 60_000 + 1000;
    const older = await track(booking.trackingNumber);
    expect(older.body).toMatchObject({ courier_check: 'asked', status: 'INPROCESS' });
    expect(trackCalls() - calls).toBe(1);
  });

  it('shows a returned parcel as returned, not as one of the four steps', async () => {
    const booking = await parcel('return');
    const res = await track(booking.trackingNumber);
    expect(res.body).toMatchObject({ status: 'RTS', order: { current_status: null } });
  });

  it('keeps the stored status and says so when the courier does not answer', async () => {
    const booking = await parcel('happy');
    sim().failNext('http-500', 3);
    const res = await track(booking.trackingNumber);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'FULFILLED', courier_check: 'unavailable', order: { current_status: 1 }, last_checked_at: null });
    expect((await deps.bookings.get(seeded.shop._id, booking.trackingNumber))!.status).toBe('FULFILLED');

    // opened again within the minute: still said to be unanswered, and the courier is not asked again
    const calls = trackCalls();
    const again = await track(booking.trackingNumber);
    expect(again.body).toMatchObject({ courier_check: 'unavailable', last_checked_at: null });
    expect(trackCalls()).toBe(calls);

    // a minute on, with the courier back, it is asked and answers
    sim().clearFaults();
    aheadMs = RETRY_ASK_MS + 1000;
    const back = await track(booking.trackingNumber);
    expect(back.body.courier_check).toBe('asked');
    expect(trackCalls()).toBe(calls + 1);
    const after = await track(booking.trackingNumber);
    expect(after.body).toMatchObject({ courier_check: 'recent', last_checked_at: back.body.last_checked_at });
  });

  it('answers 404 for a number this shop never booked', async () => {
    const res = await track('KI000000000');
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', msg: 'Booking not found' });
  });
});
