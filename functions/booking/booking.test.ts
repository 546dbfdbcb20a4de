import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import type { CourierId } from '@dakiya/shared';
import { call, seedAccount } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { makeWorld, type World } from '../test-support/world';
import { count } from '../domain/booking/counters';
import { counterDiff, countersOfShop, countOf } from '../test-support/counters';
import { ShopifyError } from '../domain/ports/shopify';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../adapters/dynamo/keys';
import { monthlyUsage } from '../domain/billing/usage';

let world: World;
beforeAll(async () => {
  world = await makeWorld();
  // this file books many of A's orders: more of them
  world.shopify.control.seedShop({ shop: world.a.shop.domain, orders: 60, seed: 11 });
});
afterAll(async () => { await world?.stop(); });
beforeEach(() => {
  for (const sim of Object.values(world.couriers.sims)) sim.control.clearFaults();
  world.shopify.control.clearFaults();
});

const taken = new Set<string>();
/** An order of shop A's store nobody booked yet. */
function freshOrder(domain = world.a.shop.domain) {
  const order = bookableOrders(world.shopify, domain).find((o) => !taken.has(o.id));
  if (!order) throw new Error('no bookable order left');
  taken.add(order.id);
  return order;
}

const accounts = new Map<CourierId, string>();
async function accountOf(company: CourierId = 'LEOPARD'): Promise<string> {
  if (!accounts.has(company)) {
    const account = await seedAccount(world.deps, world.a.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string>, name: `${company} main` });
    accounts.set(company, account._id);
  }
  return accounts.get(company)!;
}

async function bodyFor(orderIds: string | string[], company: CourierId = 'LEOPARD', extra: Record<string, unknown> = {}) {
  return {
    tracking_account: await accountOf(company), order_id: orderIds, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x',
    products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: '+92 300 1234567', consignee_phone2: '0321-7654321',
    consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore', ...extra,
  };
}

const book = async (body: unknown, token = world.a.ownerToken) => call(world.deps, 'booking.book', { token, body });
const simOrder = (id: string, domain = world.a.shop.domain) => world.shopify.control.orders(domain).find((o) => o.id === id)!;
const shipmentsOf = (company: CourierId, tn: string) => world.couriers.sims[company].control.shipments().filter((s) => s.trackingNumber === tn);
const bookCalls = (company: CourierId) => world.couriers.sims[company].control.calls().filter((c) => /book|create|Insert/i.test(c.path)).length;

describe('POST /book-order', () => {
  it('books with the courier, fulfils every fulfillment order on Shopify with the tracking number, and saves the booking', async () => {
    const order = freshOrder();
    const before = bookCalls('LEOPARD');
    const res = await book(await bodyFor(order.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tn = res.body.booking.tracking_number as string;
    expect(res.body).toMatchObject({
      message: 'Order has been booked and fulfilled',
      plan_limit_error: false,
      booking: { status: 'FULFILLED', tag: '' },
      postBookingData: {
        name: order.name, courier: 'LEOPARD', courierAccount: 'LEOPARD main', trackingNumber: tn, destination: 'Lahore', cod: 2500, remarks: '',
        consignee: { name: 'Ayesha Khan', phone: '03001234567', phone2: '03217654321', email: '', address: 'House 12, Street 4, Gulberg III' },
      },
    });
    expect(res.body.postBookingData.lineItems).toHaveLength(order.lineItems.length);
    expect(bookCalls('LEOPARD') - before).toBe(1);
    expect(shipmentsOf('LEOPARD', tn)).toHaveLength(1);
    const after = simOrder(order.id);
    expect(after.fulfillments).toHaveLength(order.fulfillmentOrders.length);
    for (const f of after.fulfillments) {
      expect(f.status).toBe('SUCCESS');
      expect(f.tracking[0]).toEqual({ company: 'Leopards', number: tn, url: `${world.deps.env.APP_URL}/track/${tn}` });
    }
    const page = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(page.body.booking).toMatchObject({ tracking_number: tn, status: 'FULFILLED', cancellable: true, order_ids: [order.id], order_names: [order.name], attention: [] });
    expect(page.body.booking._id).toMatch(/^[0-9a-f]{24}$/);
    // Leopards' slip link comes only in its booking answer: kept on the booking for its own label
    const saved = (await world.deps.bookings.get(world.a.shop._id, tn))!;
    expect(saved.labelUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/slip/${tn}\\.pdf$`));

    const again = await book(await bodyFor(order.id));
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'ORDER_ALREADY_BOOKED', msg: `This order is already booked (tracking number ${tn}). Cancel that booking to book it again.` });
    // the screen leads to that booking
    expect(again.body.tracking_number).toBe(tn);
  });

  it('counts the booking on its day and month by status, account, city, staff member and payment status, and on the shop\'s year: one each, nothing else', async () => {
    const order = freshOrder();
    const account = await accountOf('LEOPARD');
    // the shop counts in its own time zone, Asia/Karachi: UTC+5 all year
    const day = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    const month = day.slice(0, 7);
    const before = await countersOfShop(world.deps, world.a.shop._id);
    const res = await book(await bodyFor(order.id, 'LEOPARD', { destination_city: 'Lahore' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await countersOfShop(world.deps, world.a.shop._id);
    const shop = { [count.status('FULFILLED')]: 1, [count.payment('UNPAID')]: 1, [count.account(account, 'FULFILLED')]: 1, [count.codBooked]: 2500 };
    const owner = world.a.owner._id;
    expect(counterDiff(before, after)).toEqual({
      [`shop DAY ${day}`]: shop,
      [`shop MONTH ${month}`]: shop,
      [`shop YEAR ${day.slice(0, 4)}`]: shop,
      [`staff ${owner} DAY ${day}`]: { [count.status('FULFILLED')]: 1 },
      [`staff ${owner} MONTH ${month}`]: { [count.status('FULFILLED')]: 1 },
      [`city lahore DAY ${day}`]: { [count.courier('LEOPARD', 'FULFILLED')]: 1 },
      [`city lahore MONTH ${month}`]: { [count.courier('LEOPARD', 'FULFILLED')]: 1 },
    });
  });

  it('twenty concurrent bookings of one order make one shipment and one fulfillment per fulfillment order', async () => {
    const order = freshOrder();
    const before = bookCalls('LEOPARD');
    const body = await bodyFor(order.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => book(body)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['BOOKING_IN_PROGRESS', 'ORDER_ALREADY_BOOKED']).toContain(r.body.errors[0].code);
    }
    expect(bookCalls('LEOPARD') - before).toBe(1);
    expect(simOrder(order.id).fulfillments).toHaveLength(order.fulfillmentOrders.length);
  });

  it('a booking stopped between the courier and Shopify is completed by the retry, with the same parcel', async () => {
    const order = freshOrder();
    const before = bookCalls('LEOPARD');
    const body = await bodyFor(order.id);
    const real = world.deps.shopifyFor;
    // the request dies as it reaches Shopify's fulfillment: the courier has booked, Shopify has nothing
    world.deps.shopifyFor = (shop) => ({ ...real(shop), createFulfillment: async () => { throw new ShopifyError('NETWORK', 'socket hang up', { retryable: true }); } });
    const first = await book(body).finally(() => { world.deps.shopifyFor = real; });
    expect(first.status).toBe(502);
    expect(first.body.errors[0].code).toBe('FULFILMENT_PENDING');
    const tn = /tracking number (\S+)\)/.exec(first.body.errors[0].msg)?.[1];
    expect(tn).toBeTruthy();
    expect(simOrder(order.id).fulfillments).toHaveLength(0);

    const retry = await book(body);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.booking.tracking_number).toBe(tn);
    expect(bookCalls('LEOPARD') - before).toBe(1);
    expect(simOrder(order.id).fulfillments.map((f) => f.tracking[0]?.number)).toEqual(order.fulfillmentOrders.map(() => tn));
    // the slip link of the first request's courier answer was kept on its attempt
    expect((await world.deps.bookings.get(world.a.shop._id, tn!))!.labelUrl).toMatch(new RegExp(`/slip/${tn}\\.pdf$`));
  });

  it('a retry after a fulfillment was made but not recorded finds it on the order and fulfils nothing twice', async () => {
    const order = freshOrder();
    const body = await bodyFor(order.id);
    const real = world.deps.shopifyFor;
    let made = 0;
    // Shopify fulfils, then the request dies before it can record anything more
    world.deps.shopifyFor = (shop) => {
      const client = real(shop);
      return { ...client, createFulfillment: async (input) => { await client.createFulfillment(input); made += 1; throw new ShopifyError('NETWORK', 'socket hang up'); } };
    };
    const first = await book(body).finally(() => { world.deps.shopifyFor = real; });
    expect(first.status).toBe(502);
    expect(made).toBe(1);
    const retry = await book(body);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const fulfillments = simOrder(order.id).fulfillments;
    expect(fulfillments).toHaveLength(order.fulfillmentOrders.length);
    expect(new Set(fulfillments.map((f) => f.tracking[0]?.number))).toEqual(new Set([retry.body.booking.tracking_number]));
    // the saved booking knows the fulfillment made before the request died too: cancel reads its fulfillments from it
    const saved = (await world.deps.bookings.get(world.a.shop._id, retry.body.booking.tracking_number))!;
    expect(saved.fulfillments.map((f) => f.fulfillmentId).sort()).toEqual(fulfillments.map((f) => `gid://shopify/Fulfillment/${f.id}`).sort());
    expect(saved.fulfillments.every((f) => f.orderId === order.id)).toBe(true);
    const cancel = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: retry.body.booking.tracking_number } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(simOrder(order.id).fulfillments.map((f) => f.status)).toEqual(fulfillments.map(() => 'CANCELLED'));
  });
});

describe('a request that died holding its attempt', () => {
  it('keeps the attempt while it may still live (409), and a request after its lease passed takes it over: one parcel', async () => {
    const order = freshOrder();
    const body = await bodyFor(order.id);
    const before = bookCalls('LEOPARD');
    const real = world.deps.courier;
    const clock = world.deps.now;
    let reached!: () => void;
    const inCourier = new Promise<void>((resolve) => { reached = resolve; });
    let gone!: (error: Error) => void;
    // Prepare: the first request hangs in the courier's booking call before reaching it, and never comes back (its Lambda timed out)
    world.deps.courier = (company, credentials) => ({
      ...real(company, credentials),
      book: () => { reached(); return new Promise((_resolve, reject) => { gone = reject; }); },
    });
    const dead = book(body);
    await inCourier;
    world.deps.courier = real;
    const later = (ms: number) => { world.deps.now = () => new Date(clock().getTime() + ms); };
    try {
      // Act and Assess: 29 s on, the request may still be alive (API Gateway waits 30 s): nobody takes its attempt
      later(29_000);
      const early = await book(body);
      expect(early.status).toBe(409);
      expect(early.body.errors[0].code).toBe('BOOKING_IN_PROGRESS');

      // two minutes on, no request that held it can be alive: the attempt is taken over, and booked once
      later(2 * 60_000);
      const late = await book(body);
      expect(late.status, JSON.stringify(late.body)).toBe(200);
      const tn = late.body.booking.tracking_number as string;
      expect(bookCalls('LEOPARD') - before).toBe(1);
      expect(shipmentsOf('LEOPARD', tn)).toHaveLength(1);
      expect(simOrder(order.id).fulfillments.map((f) => f.tracking[0]?.number)).toEqual(order.fulfillmentOrders.map(() => tn));
      expect((await world.deps.attempts.claims(world.a.shop._id, [order.id])).get(order.id)).toMatchObject({ state: 'booked', attempt: 1, trackingNumber: tn });
    } finally {
      world.deps.now = clock;
      gone(new Error('the process of the dead request is gone'));
      await dead;
    }
  });
});

describe('what is refused before any courier is called', () => {
  it('an order already fulfilled, on hold, with another fulfillment service or cancelled: no courier call, no usage, the order stays free', async () => {
    const control = world.shopify.control;
    const domain = world.a.shop.domain;
    const fulfilled = freshOrder();
    const client = world.deps.shopifyFor(world.a.shop);
    for (const fo of simOrder(fulfilled.id).fulfillmentOrders) await client.createFulfillment({ fulfillmentOrderIds: [fo.id], trackingInfo: { number: 'X1', company: 'Other' }, notifyCustomer: false });
    const held = freshOrder();
    control.setFulfillmentOrders(domain, held.id, { hold: true });
    const elsewhere = freshOrder();
    control.setFulfillmentOrders(domain, elsewhere.id, { fulfillmentService: 'Daraz Fulfilment' });
    const cancelled = freshOrder();
    control.trigger(domain, 'orders/cancelled', { order: cancelled.id });
    const before = bookCalls('LEOPARD');
    const month = monthlyUsage(world.deps.usage).monthOf(world.a.shop, new Date());
    const used = await monthlyUsage(world.deps.usage).read(world.a.shop, month);

    const answers = await Promise.all([fulfilled, held, elsewhere, cancelled].map(async (o) => (await book(await bodyFor(o.id))).body.errors[0]));
    expect(answers[0]).toEqual({ msg: 'order is already fulfilled on shopify.', code: 'ORDER_ALREADY_FULFILLED' });
    expect(answers[1]).toEqual({ msg: `Order ${held.name} is on hold in Shopify. Release the hold in Shopify, then book it.`, code: 'ORDER_NOT_FULFILLABLE' });
    expect(answers[2]).toMatchObject({ code: 'ORDER_NOT_FULFILLABLE', msg: expect.stringContaining('another fulfillment service') });
    expect(answers[3]).toEqual({ msg: 'This order is cancelled on Shopify. Restore it in Shopify to book it.', code: 'ORDER_CANCELLED' });
    expect(bookCalls('LEOPARD')).toBe(before);
    expect(await monthlyUsage(world.deps.usage).read(world.a.shop, month)).toBe(used);

    control.setFulfillmentOrders(domain, held.id, { hold: false });
    const released = await book(await bodyFor(held.id));
    expect(released.status, JSON.stringify(released.body)).toBe(200);
  });

  it('a city the courier does not know is refused with suggestions; a close spelling is matched', async () => {
    const order = freshOrder();
    const unknown = await book(await bodyFor(order.id, 'LEOPARD', { destination_city: 'Lahorr Cantonment Zone' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'CITY_NOT_MATCHED', param: 'destination_city' });
    expect(unknown.body.errors[0].msg).toMatch(/^No courier city matches "Lahorr Cantonment Zone"/);
    const close = await book(await bodyFor(order.id, 'LEOPARD', { destination_city: 'lahor' }));
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.postBookingData.destination).toBe('Lahore');
  });

  it('a phone that is not a Pakistani mobile is refused by field', async () => {
    const res = await book(await bodyFor(freshOrder().id, 'LEOPARD', { consignee_phone: '12345' }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', param: 'consignee_phone' });
  });
});

describe('the courier says no, or does not say', () => {
  it('a refusal releases the usage slot and frees the order', async () => {
    const order = freshOrder();
    const month = monthlyUsage(world.deps.usage).monthOf(world.a.shop, new Date());
    const used = await monthlyUsage(world.deps.usage).read(world.a.shop, month);
    world.couriers.sims.LEOPARD.control.failNext('reject', 1, 'bookPacket');
    const refused = await book(await bodyFor(order.id));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe('COURIER_REFUSED');
    expect(refused.body.errors[0].msg).toMatch(/^The courier refused this booking/);
    expect(await monthlyUsage(world.deps.usage).read(world.a.shop, month)).toBe(used);
    const ok = await book(await bodyFor(order.id));
    expect(ok.status).toBe(200);
    expect(await monthlyUsage(world.deps.usage).read(world.a.shop, month)).toBe(used + 1);
  });

  it('a lost answer from a courier that can be asked by reference (PostEx) is found again: one parcel', async () => {
    const order = freshOrder();
    world.couriers.sims.POSTEX.control.failNext('lose-response', 1, 'create-order');
    const res = await book(await bodyFor(order.id, 'POSTEX'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tn = res.body.booking.tracking_number;
    // the order's parcels: its reference is its name and the attempt's code
    expect(world.couriers.sims.POSTEX.control.shipments().filter((s) => (s.data as { orderRefNumber?: string }).orderRefNumber?.startsWith(`${order.name}-`))).toHaveLength(1);
    expect(shipmentsOf('POSTEX', tn)).toHaveLength(1);
  });

  it('a lost answer that cannot be looked up yet (PostEx down) says booking again is safe; the retry finds the parcel: one parcel', async () => {
    const order = freshOrder();
    const before = bookCalls('POSTEX');
    world.couriers.sims.POSTEX.control.failNext('lose-response', 1, 'create-order');
    world.couriers.sims.POSTEX.control.failNext('http-500', 5, 'get-all-order');
    const body = await bodyFor(order.id, 'POSTEX');
    const first = await book(body);
    expect(first.status).toBe(502);
    expect(first.body.errors).toEqual([{
      code: 'COURIER_UNAVAILABLE',
      msg: `The courier did not answer in time, so it is not yet known whether ${order.name} was booked. Book again in a moment: Dakiya asks the courier first and never books it twice.`,
    }]);
    expect(simOrder(order.id).fulfillments).toHaveLength(0);
    world.couriers.sims.POSTEX.control.clearFaults();
    const retry = await book(body);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(bookCalls('POSTEX') - before).toBe(1);
    expect(shipmentsOf('POSTEX', retry.body.booking.tracking_number)).toHaveLength(1);
    expect(simOrder(order.id).fulfillments).toHaveLength(1);
  });

  it('a lost answer from a courier that cannot be asked (M&P) stops with "check with the courier", and a retry never books again', async () => {
    const order = freshOrder();
    const before = bookCalls('MNP');
    world.couriers.sims.MNP.control.failNext('lose-response', 1, 'InsertBookingData');
    const body = await bodyFor(order.id, 'MNP');
    const first = await book(body);
    expect(first.status).toBe(409);
    expect(first.body.errors[0]).toMatchObject({ code: 'COURIER_CHECK_NEEDED', msg: expect.stringContaining('Check with the courier') });
    const retry = await book(body);
    expect(retry.status).toBe(409);
    expect(retry.body.errors[0].code).toBe('COURIER_CHECK_NEEDED');
    expect(bookCalls('MNP') - before).toBe(1);
    expect(simOrder(order.id).fulfillments).toHaveLength(0);
  });
});

describe('merge', () => {
  it('books several orders as one parcel tagged MERGED, one fulfillment per order', async () => {
    const orders = [freshOrder(), freshOrder(), freshOrder()];
    const res = await book(await bodyFor(orders.map((o) => o.id), 'LEOPARD', { cod_amount: 7400 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tn = res.body.booking.tracking_number;
    expect(res.body.booking.tag).toBe('MERGED');
    expect(res.body.postBookingData.name).toBe(orders.map((o) => o.name).join(', '));
    expect(shipmentsOf('LEOPARD', tn)).toHaveLength(1);
    for (const o of orders) {
      const fulfillments = simOrder(o.id).fulfillments;
      expect(fulfillments).toHaveLength(o.fulfillmentOrders.length);
      expect(fulfillments.every((f) => f.tracking[0]?.number === tn)).toBe(true);
    }
    const wrongSum = await book(await bodyFor([freshOrder().id, freshOrder().id], 'LEOPARD', { cod_amount: 5000, cod_without_shipping: 4500, average_shipping_price: 250 }));
    expect(wrongSum.body.errors[0]).toEqual({ msg: 'COD amount must equal the COD without shipping plus the average shipping', code: 'VALIDATION_FAILED', param: 'cod_amount' });
    const again = await book(await bodyFor([orders[1]!.id, freshOrder().id]));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('ORDER_ALREADY_BOOKED');
  });
});

describe('cancel, book again, delete', () => {
  it('cancels with the courier and on Shopify, offers no second cancel, and the order can be booked again', async () => {
    const order = freshOrder();
    const first = await book(await bodyFor(order.id));
    const tn = first.body.booking.tracking_number;
    const record = (await world.deps.bookings.get(world.a.shop._id, tn))!;
    const day = { kind: 'shop', period: 'DAY', at: record.bookedDay } as const;
    const fulfilled = await countOf(world.deps, world.a.shop._id, day, count.status('FULFILLED'));
    const cancelled = await countOf(world.deps, world.a.shop._id, day, count.status('CANCELLED'));
    const countersBefore = await countersOfShop(world.deps, world.a.shop._id);

    const cancel = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ msg: 'Order has been cancelled from courier and unfulfilled from Shopify', booking: { status: 'CANCELLED', cancellable: false } });
    expect(shipmentsOf('LEOPARD', tn)[0]?.cancelled).toBe(true);
    expect(simOrder(order.id).fulfillments.every((f) => f.status === 'CANCELLED')).toBe(true);
    expect(await countOf(world.deps, world.a.shop._id, day, count.status('FULFILLED'))).toBe(fulfilled - 1);
    expect(await countOf(world.deps, world.a.shop._id, day, count.status('CANCELLED'))).toBe(cancelled + 1);
    // one move of every item the booking counts in, from FULFILLED to CANCELLED; its COD and payment status stay
    const month = record.bookedDay.slice(0, 7);
    const moved = { [count.status('FULFILLED')]: -1, [count.status('CANCELLED')]: 1 };
    const shopMoved = { ...moved, [count.account(record.accountId, 'FULFILLED')]: -1, [count.account(record.accountId, 'CANCELLED')]: 1 };
    const cityMoved = { [count.courier('LEOPARD', 'FULFILLED')]: -1, [count.courier('LEOPARD', 'CANCELLED')]: 1 };
    expect(counterDiff(countersBefore, await countersOfShop(world.deps, world.a.shop._id))).toEqual({
      [`shop DAY ${record.bookedDay}`]: shopMoved,
      [`shop MONTH ${month}`]: shopMoved,
      [`shop YEAR ${month.slice(0, 4)}`]: shopMoved,
      [`staff ${world.a.owner._id} DAY ${record.bookedDay}`]: moved,
      [`staff ${world.a.owner._id} MONTH ${month}`]: moved,
      [`city lahore DAY ${record.bookedDay}`]: cityMoved,
      [`city lahore MONTH ${month}`]: cityMoved,
    });

    const twice = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0].code).toBe('CANCEL_NOT_ALLOWED');

    const rebooked = await book(await bodyFor(order.id));
    expect(rebooked.status, JSON.stringify(rebooked.body)).toBe(200);
    expect(rebooked.body.booking.tracking_number).not.toBe(tn);
    const claim = (await world.deps.attempts.claims(world.a.shop._id, [order.id])).get(order.id)!;
    expect(claim).toMatchObject({ state: 'booked', attempt: 2, trackingNumber: rebooked.body.booking.tracking_number });
    const open = simOrder(order.id).fulfillments.filter((f) => f.status === 'SUCCESS');
    expect(open.map((f) => f.tracking[0]?.number)).toEqual(open.map(() => rebooked.body.booking.tracking_number));
  });

  it('says plainly when the courier refuses to cancel, and changes nothing', async () => {
    const order = freshOrder();
    const tn = (await book(await bodyFor(order.id))).body.booking.tracking_number;
    world.couriers.sims.LEOPARD.control.failNext('reject', 1, 'cancel');
    const res = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('COURIER_CANCEL_REFUSED');
    expect(res.body.errors[0].msg).toMatch(/^The courier refused to cancel this booking/);
    expect((await world.deps.bookings.get(world.a.shop._id, tn))?.status).toBe('FULFILLED');
    expect(simOrder(order.id).fulfillments.every((f) => f.status === 'SUCCESS')).toBe(true);
  });

  it('deletes cancelled bookings only', async () => {
    const res = await book(await bodyFor(freshOrder().id));
    const { _id: id, tracking_number: tn } = res.body.booking;
    const early = await call(world.deps, 'booking.delete', { token: world.a.ownerToken, body: { orderId: id } });
    expect(early.status).toBe(400);
    expect(early.body.errors[0]).toEqual({ msg: 'Only cancelled bookings can be deleted', code: 'DELETE_NOT_ALLOWED' });
    await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    const done = await call(world.deps, 'booking.delete', { token: world.a.ownerToken, body: { orderId: id } });
    expect(done).toMatchObject({ status: 200, body: { msg: 'Order has been deleted' } });
    const gone = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(gone.status).toBe(404);
  });
});

describe('cancelled in the Shopify admin', () => {
  /** The simulator's last delivery of the topic for shop A, handed to the app's real webhook route. */
  async function deliver(topic: string) {
    const delivered = world.shopify.control.deliveries({ shop: world.a.shop.domain, topic });
    const last = delivered[delivered.length - 1]!;
    const headers = Object.fromEntries(Object.entries(last.headers).map(([k, v]) => [k.toLowerCase(), v]));
    return call(world.deps, 'shopify.webhook', { rawBytes: Buffer.from(last.body), headers });
  }

  it('an order cancelled in Shopify marks its booking for the merchant', async () => {
    const order = freshOrder();
    const tn = (await book(await bodyFor(order.id))).body.booking.tracking_number;
    world.shopify.control.trigger(world.a.shop.domain, 'orders/cancelled', { order: order.id });
    expect((await deliver('orders/cancelled')).status).toBe(200);
    const page = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(page.body.booking.attention).toEqual([{
      reason: 'ORDER_CANCELLED_IN_SHOPIFY', order_name: order.name, at: expect.any(String),
      message: `Order ${order.name} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`,
    }]);
    expect(page.body.booking.status).toBe('FULFILLED');
  });

  it('a fulfillment cancelled in Shopify marks the booking; Dakiya\'s own cancel does not', async () => {
    const order = freshOrder();
    const tn = (await book(await bodyFor(order.id))).body.booking.tracking_number;
    const fulfillment = simOrder(order.id).fulfillments[0]!;
    await world.deps.shopifyFor(world.a.shop).cancelFulfillment(fulfillment.id);
    await deliver('fulfillments/update');
    const page = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(page.body.booking.attention.map((a: { reason: string }) => a.reason)).toEqual(['FULFILLMENT_CANCELLED_IN_SHOPIFY']);

    const other = freshOrder();
    const tn2 = (await book(await bodyFor(other.id))).body.booking.tracking_number;
    await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn2 } });
    await deliver('fulfillments/update');
    const page2 = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn2 } });
    expect(page2.body.booking.attention).toEqual([]);
  });

  it('booking again after the order was cancelled in Shopify says it is cancelled there; the cancelled booking asks to cancel nothing', async () => {
    const order = freshOrder();
    const tn = (await book(await bodyFor(order.id))).body.booking.tracking_number;
    // the reason as the webhook's REST body spells it
    world.shopify.control.trigger(world.a.shop.domain, 'orders/cancelled', { order: order.id, reason: 'customer' });
    expect((await deliver('orders/cancelled')).status).toBe(200);
    const cancelled = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.booking.attention).toEqual([{ reason: 'ORDER_CANCELLED_IN_SHOPIFY', order_name: order.name, at: expect.any(String), message: `Order ${order.name} was cancelled in Shopify.` }]);
    const page = await call(world.deps, 'booking.get', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(page.body.booking).toMatchObject({ status: 'CANCELLED', cancellable: false, attention: [{ message: `Order ${order.name} was cancelled in Shopify.` }] });

    // Book again opens the booking form, whose lookup says why (not 'Shopify did not answer'), every time
    for (let i = 0; i < 2; i++) {
      const lookup = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: order.id } });
      expect(lookup).toMatchObject({ status: 409, body: { errors: [{ code: 'ORDER_CANCELLED', param: 'id', msg: 'This order is cancelled on Shopify. Restore it in Shopify to book it.' }] } });
    }
  });
});

describe('the booking form\'s lookup of an order Dakiya booked', () => {
  it('answers ORDER_ALREADY_BOOKED with the booking\'s tracking number (a merge\'s orders too), not only "already fulfilled"', async () => {
    const order = freshOrder();
    const res = await book(await bodyFor(order.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tn = res.body.booking.tracking_number as string;
    const lookup = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: order.id } });
    expect(lookup.status).toBe(409);
    expect(lookup.body).toEqual({
      errors: [{ code: 'ORDER_ALREADY_BOOKED', param: 'id', msg: `This order is already booked with Dakiya (tracking number ${tn}). Open the booking to track or cancel it.` }],
      tracking_number: tn,
    });

    const [a, b] = [freshOrder(), freshOrder()];
    const merged = await book(await bodyFor([a.id, b.id]));
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const second = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: `gid://shopify/Order/${b.id}` } });
    expect(second).toMatchObject({ status: 409, body: { errors: [{ code: 'ORDER_ALREADY_BOOKED' }], tracking_number: merged.body.booking.tracking_number } });

    // once the booking is cancelled the order is free again: the lookup no longer points at it
    const cancelled = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: order.id } });
    expect(after.body.errors?.[0]?.code).not.toBe('ORDER_ALREADY_BOOKED');
    expect(after.body.tracking_number).toBeUndefined();
  });
});

describe('the store-orders list of orders Dakiya booked', () => {
  it('shows in "All open orders" the tracking number of an order Dakiya booked, from the claims in one read for the page', async () => {
    const order = freshOrder();
    const tn = (await book(await bodyFor(order.id))).body.booking.tracking_number as string;
    // the table reads of orders' claims (keys.orderClaim's ORDER#), counted by request whatever they hold
    let reads = 0;
    const stack = world.deps.db.middlewareStack;
    stack.add((next) => async (args) => {
      const items = (args.input as { RequestItems?: Record<string, { Keys?: { sk?: string }[] }> }).RequestItems?.[world.deps.env.TABLE_NAME];
      const key = (args.input as { Key?: { sk?: string } }).Key;
      if (items?.Keys?.some((k) => k.sk?.startsWith('ORDER#')) || key?.sk?.startsWith('ORDER#')) reads += 1;
      return next(args);
    }, { step: 'initialize', name: 'countBatchReads' });
    try {
      const page = await call(world.deps, 'storeOrders.list', { token: world.a.ownerToken, query: { filter: 'all_open', search: order.name } });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.orders.find((o: { id: string }) => o.id === order.id)?.booking).toEqual({ tracking_number: tn });
      // a whole page of orders nobody booked: no booking named, still one read
      const all = await call(world.deps, 'storeOrders.list', { token: world.a.ownerToken, query: { filter: 'all_open', limit: '50' } });
      const rows = all.body.orders as { id: string; booking?: unknown }[];
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.filter((o) => !taken.has(o.id)).every((o) => o.booking === undefined)).toBe(true);
      expect(reads).toBe(2);
    } finally {
      stack.remove('countBatchReads');
    }
    // once its booking is cancelled the order is to book again
    await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: tn } });
    const after = await call(world.deps, 'storeOrders.list', { token: world.a.ownerToken, query: { filter: 'all_open', search: order.name } });
    expect(after.body.orders.find((o: { id: string }) => o.id === order.id)).not.toHaveProperty('booking');
  });
});

describe('the plan limit and contention', () => {
  it('a free shop at its 5000 orders gets plan_limit_error before any courier call; concurrent bookings never pass the limit', async () => {
    const free = world.free.shop;
    const account = await seedAccount(world.deps, free._id, { credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
    const month = monthlyUsage(world.deps.usage).monthOf(free, new Date());
    const orders = bookableOrders(world.shopify, free.domain).slice(0, 4);
    // the month holds 4998 orders: two more fit
    await world.deps.db.send(new PutCommand({ TableName: world.deps.env.TABLE_NAME, Item: { ...keys.usageCounter(free._id, month), count: 4998 } }));
    const before = bookCalls('LEOPARD');
    const results = await Promise.all(orders.map(async (o) => book({ ...(await bodyFor(o.id)), tracking_account: account._id }, world.free.ownerToken)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toMatchObject({ status: 403, body: { errors: [{ code: 'PLAN_LIMIT_REACHED', msg: 'Kindly upgrade your plan' }], plan_limit_error: true, message: 'Kindly upgrade your plan' } });
    }
    expect(bookCalls('LEOPARD') - before).toBe(2);
    expect(await monthlyUsage(world.deps.usage).read(free, month)).toBe(5000);
    const refused = orders.filter((_, i) => results[i]!.status !== 200).map((o) => o.id);
    const claims = await world.deps.attempts.claims(free._id, refused);
    expect([...claims.values()].map((c) => c.state)).toEqual(refused.map(() => 'free'));
  });

  it('transactions cancelled by contention (AWS does it, DynamoDB Local never does) are retried: every order booked once, counters exact', async () => {
    const orders = [freshOrder(), freshOrder(), freshOrder(), freshOrder(), freshOrder()];
    let injected = 0;
    const stack = world.deps.db.middlewareStack;
    stack.add((next) => async (args) => {
      const input = args.input as { TransactItems?: unknown[] };
      if (input.TransactItems && injected < 6) {
        injected += 1;
        throw Object.assign(new Error('Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict, None]'), {
          name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
        });
      }
      return next(args);
    }, { step: 'initialize', name: 'injectTransactionConflicts' });
    const today = (await world.deps.bookings.get(world.a.shop._id, (await book(await bodyFor(freshOrder().id))).body.booking.tracking_number))!.bookedDay;
    const fulfilledBefore = await countOf(world.deps, world.a.shop._id, { kind: 'shop', period: 'DAY', at: today }, count.status('FULFILLED'));
    const before = bookCalls('LEOPARD');
    try {
      const results = await Promise.all(orders.map(async (o) => book(await bodyFor(o.id))));
      expect(results.map((r) => r.status)).toEqual(orders.map(() => 200));
    } finally {
      stack.remove('injectTransactionConflicts');
    }
    expect(injected).toBe(6);
    expect(bookCalls('LEOPARD') - before).toBe(5);
    const fulfilledAfter = await countOf(world.deps, world.a.shop._id, { kind: 'shop', period: 'DAY', at: today }, count.status('FULFILLED'));
    expect(fulfilledAfter - fulfilledBefore).toBe(5);
  });
});
