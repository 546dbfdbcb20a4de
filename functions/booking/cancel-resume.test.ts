import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourierId } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { makeWorld, type World } from '../test-support/world';
import { countOf } from '../test-support/counters';
import { count } from '../domain/booking/counters';

/**
 * A cancel is steps recorded like a booking (courier cancelled, fulfillments cancelled, booking saved,
 * orders freed, counters moved): a retry resumes where the last try stopped, and a courier that says
 * the parcel is cancelled already (its answer to the first try was lost) counts as cancelled.
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });
beforeEach(() => { for (const sim of Object.values(world.couriers.sims)) sim.control.clearFaults(); });

const taken = new Set<string>();
function freshOrder() {
  const order = bookableOrders(world.shopify, world.a.shop.domain).find((o) => !taken.has(o.id));
  if (!order) throw new Error('no bookable order left');
  taken.add(order.id);
  return order;
}

const accounts = new Map<CourierId, string>();
async function accountOf(company: CourierId): Promise<string> {
  if (!accounts.has(company)) {
    accounts.set(company, (await seedAccount(world.deps, world.a.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string> }))._id);
  }
  return accounts.get(company)!;
}

async function bookOne(company: CourierId) {
  const order = freshOrder();
  const res = await call(world.deps, 'booking.book', {
    token: world.a.ownerToken,
    body: {
      tracking_account: await accountOf(company), order_id: order.id, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x',
      products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: '03001234567',
      consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tn = res.body.booking.tracking_number as string;
  return { order, tn, record: (await world.deps.bookings.get(world.a.shop._id, tn))! };
}

const cancel = (tn: string) => call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
const simOrder = (id: string) => world.shopify.control.orders(world.a.shop.domain).find((o) => o.id === id)!;
/** The port with one method failing, the rest as they are. */
function failing<T extends object>(port: T, method: keyof T, message: string): T {
  return new Proxy(port, { get: (target, key) => (key === method ? async () => { throw new Error(message); } : Reflect.get(target, key)) });
}

/** The shop's day item's counts of the two statuses a cancel moves between. */
async function statusCounts(day: string) {
  const item = { kind: 'shop', period: 'DAY', at: day } as const;
  const n = (status: 'FULFILLED' | 'CANCELLED') => countOf(world.deps, world.a.shop._id, item, count.status(status));
  return { FULFILLED: await n('FULFILLED'), CANCELLED: await n('CANCELLED') };
}

describe('a cancel whose courier answer was lost', () => {
  it('is finished by its retry: PostEx\'s "already cancelled" is checked with its tracking, then Shopify and the counters follow, once', async () => {
    const { order, tn, record } = await bookOne('POSTEX');
    const before = await statusCounts(record.bookedDay);

    // the cancel's answer is lost and PostEx's tracking does not answer either: nothing proves the cancel yet
    world.couriers.sims.POSTEX.control.failNext('lose-response', 1, 'cancel-order');
    world.couriers.sims.POSTEX.control.failNext('http-500', 5, 'track-');
    const first = await cancel(tn);
    world.couriers.sims.POSTEX.control.clearFaults();
    expect(first.status, JSON.stringify(first.body)).toBe(502);
    expect(first.body.errors[0].code).toBe('COURIER_UNAVAILABLE');
    expect((await world.deps.bookings.get(world.a.shop._id, tn))?.status).toBe('FULFILLED');
    // PostEx cancelled the parcel; Dakiya does not know it yet
    expect(world.couriers.sims.POSTEX.control.shipments().find((s) => s.trackingNumber === tn)?.cancelled).toBe(true);

    const retry = await cancel(tn);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.booking).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect(simOrder(order.id).fulfillments.every((f) => f.status === 'CANCELLED')).toBe(true);
    expect((await world.deps.attempts.claims(world.a.shop._id, [order.id])).get(order.id)?.state).toBe('free');
    expect(await statusCounts(record.bookedDay)).toEqual({ FULFILLED: before.FULFILLED - 1, CANCELLED: before.CANCELLED + 1 });

    // and the cancel is done: another is refused, the counters stay
    expect((await cancel(tn)).body.errors?.[0]?.code).toBe('CANCEL_NOT_ALLOWED');
    expect(await statusCounts(record.bookedDay)).toEqual({ FULFILLED: before.FULFILLED - 1, CANCELLED: before.CANCELLED + 1 });
  });
  it('is finished by its retry during a tracking outage: "already cancelled" is the cancel asked for, and the answer says so', async () => {
    const { order, tn, record } = await bookOne('POSTEX');
    const before = await statusCounts(record.bookedDay);
    world.couriers.sims.POSTEX.control.failNext('lose-response', 1, 'cancel-order');
    world.couriers.sims.POSTEX.control.failNext('http-500', 50, 'track-');
    expect((await cancel(tn)).status).toBe(502);

    // PostEx's tracking is still down: its "Order is already cancelled" alone finishes the cancel
    const retry = await cancel(tn).finally(() => world.couriers.sims.POSTEX.control.clearFaults());
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({
      msg: 'The courier had already cancelled this parcel. Dakiya has finished the cancel: the order is unfulfilled on Shopify and can be booked again',
      booking: { status: 'CANCELLED', cancellable: false },
    });
    expect(simOrder(order.id).fulfillments.every((f) => f.status === 'CANCELLED')).toBe(true);
    expect((await world.deps.attempts.claims(world.a.shop._id, [order.id])).get(order.id)?.state).toBe('free');
    expect(await statusCounts(record.bookedDay)).toEqual({ FULFILLED: before.FULFILLED - 1, CANCELLED: before.CANCELLED + 1 });
  });

  it('a cancel whose own answer was lost, found cancelled by tracking, is said as a plain cancel', async () => {
    const { tn } = await bookOne('POSTEX');
    world.couriers.sims.POSTEX.control.failNext('lose-response', 1, 'cancel-order');
    const res = await cancel(tn);
    expect(res.body.msg).toBe('Order has been cancelled from courier and unfulfilled from Shopify');
  });

  it('is finished at once when the courier\'s tracking says the parcel is cancelled', async () => {
    const { order, tn, record } = await bookOne('POSTEX');
    const before = await statusCounts(record.bookedDay);
    world.couriers.sims.POSTEX.control.failNext('lose-response', 1, 'cancel-order');
    const res = await cancel(tn);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect(simOrder(order.id).fulfillments.every((f) => f.status === 'CANCELLED')).toBe(true);
    expect(await statusCounts(record.bookedDay)).toEqual({ FULFILLED: before.FULFILLED - 1, CANCELLED: before.CANCELLED + 1 });
  });

  it('a parcel the courier will not cancel (picked up) is still refused, whatever its answer', async () => {
    const { tn } = await bookOne('POSTEX');
    world.couriers.sims.POSTEX.control.tick(3);
    const res = await cancel(tn);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('COURIER_CANCEL_REFUSED');
    expect((await world.deps.bookings.get(world.a.shop._id, tn))?.status).toBe('FULFILLED');
  });
});

describe('a cancel that stops after the booking\'s status was set', () => {
  it('is finished by its retry: the orders go free and the counters move once', async () => {
    const { order, tn, record } = await bookOne('LEOPARD');
    const before = await statusCounts(record.bookedDay);

    // the request dies right after the booking was written CANCELLED
    const real = world.deps.attempts;
    world.deps.attempts = failing(real, 'freeOrders', 'the request died');
    const first = await cancel(tn).finally(() => { world.deps.attempts = real; });
    expect(first.status).toBe(500);
    expect((await world.deps.bookings.get(world.a.shop._id, tn))?.status).toBe('CANCELLED');

    // the booking page still offers to finish the cancel
    const page = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(page.body.booking).toMatchObject({ status: 'CANCELLED', cancellable: true });

    const retry = await cancel(tn);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.booking).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect((await world.deps.attempts.claims(world.a.shop._id, [order.id])).get(order.id)?.state).toBe('free');
    expect(await statusCounts(record.bookedDay)).toEqual({ FULFILLED: before.FULFILLED - 1, CANCELLED: before.CANCELLED + 1 });
    // the courier was asked once: the retry resumed after its recorded step
    expect(world.couriers.sims.LEOPARD.control.calls('cancelBookedPackets')).toHaveLength(1);
  });

  it('a counter write that failed is made by the retry, once', async () => {
    const { tn, record } = await bookOne('LEOPARD');
    const before = await statusCounts(record.bookedDay);
    const real = world.deps.counters;
    world.deps.counters = failing(real, 'apply', 'throttled');
    const first = await cancel(tn).finally(() => { world.deps.counters = real; });
    expect(first.status).toBe(500);
    expect(await statusCounts(record.bookedDay)).toEqual(before);

    expect((await cancel(tn)).status).toBe(200);
    expect(await statusCounts(record.bookedDay)).toEqual({ FULFILLED: before.FULFILLED - 1, CANCELLED: before.CANCELLED + 1 });
  });
});
