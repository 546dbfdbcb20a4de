import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourierId } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { makeWorld, type World } from '../test-support/world';
import type { CourierAdapter } from '../domain/ports/courier';
import { count } from '../domain/booking/counters';
import { recountMarked } from '../domain/booking/recount-marked';
import { counterDiff, countersOfShop } from '../test-support/counters';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { parse, type OperationDefinitionNode } from 'graphql';
import { keys } from '../adapters/dynamo/keys';
import { ORDER_DUES, ORDER_NAMES } from '../adapters/shopify/documents';
import { totals } from '../../local/simulators/shopify/order-math';
import { schema as shopifySchema } from '../../local/simulators/shopify/graphql-endpoint';
import { requestedQueryCost } from '../../local/simulators/shopify/cost';
import { monthlyUsage } from '../domain/billing/usage';

let world: World;
beforeAll(async () => {
  world = await makeWorld();
  world.shopify.control.seedShop({ shop: world.a.shop.domain, orders: 40, seed: 23 });
});
afterAll(async () => { await world?.stop(); });

const taken = new Set<string>();
/** Orders no test took yet; `unweighed`: only orders Shopify has no weight for (their own weight would come first). */
function freshOrders(n: number, opts: { cod?: boolean; unweighed?: boolean } = {}) {
  const orders = bookableOrders(world.shopify, world.a.shop.domain)
    .filter((o) => !taken.has(o.id) && o.shippingAddress && (!opts.cod || o.financialStatus === 'PENDING'))
    .filter((o) => !opts.unweighed || o.lineItems.every((li) => li.grams === 0)).slice(0, n);
  expect(orders, 'the simulator has enough such orders').toHaveLength(n);
  for (const o of orders) taken.add(o.id);
  return orders;
}

async function account(company: CourierId) {
  return (await seedAccount(world.deps, world.a.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string>, name: `${company} bulk` }))._id;
}

/** Bookings in flight per courier, at most, while the job runs. */
function watchCouriers() {
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const real = world.deps.courier;
  world.deps.courier = (company, credentials) => {
    const adapter = real(company, credentials);
    const book: CourierAdapter['book'] = async (request) => {
      inFlight.set(company, (inFlight.get(company) ?? 0) + 1);
      most.set(company, Math.max(most.get(company) ?? 0, inFlight.get(company)!));
      try { return await adapter.book(request); } finally { inFlight.set(company, inFlight.get(company)! - 1); }
    };
    return { ...adapter, book };
  };
  return { most, restore: () => { world.deps.courier = real; } };
}

const progress = async (jobId: string) => (await call(world.deps, 'booking.bulkProgress', { token: world.a.ownerToken, params: { jobId } })).body;

describe('bulk booking', () => {
  it('books every order as a job, in parallel for PostEx and one at a time for M&P, with a result per order and the progress to poll', async () => {
    const postex = freshOrders(6);
    // M&P books cash on delivery only: prepaid orders it refuses (the next test's kind of row)
    const mnp = freshOrders(3, { cod: true });
    world.couriers.sims.POSTEX.control.setLatency(60);
    world.couriers.sims.MNP.control.setLatency(30);
    const startedPostex = await call(world.deps, 'booking.bookMany', {
      token: world.a.ownerToken, body: { tracking_account: await account('POSTEX'), order_id: postex.map((o) => o.id).join(', '), order_name: postex.map((o) => o.name).join(',') },
    });
    expect(startedPostex.status, JSON.stringify(startedPostex.body)).toBe(200);
    expect(startedPostex.body).toMatchObject({ total: 6, msg: 'Booking 6 orders. You can follow the progress here or leave this page.' });
    const mnpAccount = await account('MNP');
    const startedMnp = await call(world.deps, 'booking.bulkFulfil', {
      token: world.a.ownerToken, body: { ordersData: mnp.map((o) => ({ order_id: o.id, tracking_account: mnpAccount })) },
    });
    expect(startedMnp.status, JSON.stringify(startedMnp.body)).toBe(200);

    const before = await progress(startedPostex.body.jobId);
    expect(before).toMatchObject({ status: 'queued', total: 6, booked: 0, failed: 0, check: 0 });
    expect(before.rows.map((r: { order_id: string; state: string }) => [r.order_id, r.state])).toEqual(postex.map((o) => [o.id, 'queued']));

    const watch = watchCouriers();
    try {
      await world.deps.drainJobs();
    } finally {
      watch.restore();
      world.couriers.sims.POSTEX.control.setLatency(0);
      world.couriers.sims.MNP.control.setLatency(0);
    }
    const done = await progress(startedPostex.body.jobId);
    expect(done).toMatchObject({ status: 'done', total: 6, booked: 6, failed: 0 });
    for (const [i, row] of (done.rows as { order_name: string; tracking_number: string; state: string }[]).entries()) {
      expect(row).toMatchObject({ state: 'booked', order_name: postex[i]!.name });
      const order = world.shopify.control.orders(world.a.shop.domain).find((o) => o.id === postex[i]!.id)!;
      expect(order.fulfillments.map((f) => f.tracking[0]?.number)).toEqual(order.fulfillmentOrders.filter((fo) => fo.status === 'CLOSED').map(() => row.tracking_number));
    }
    const doneMnp = await progress(startedMnp.body.jobId);
    expect(doneMnp, JSON.stringify(doneMnp.rows)).toMatchObject({ status: 'done', booked: 3 });
    expect(watch.most.get('MNP')).toBe(1);
    expect(watch.most.get('POSTEX')).toBeGreaterThan(1);
    expect(watch.most.get('POSTEX')).toBeLessThanOrEqual(8);
  });

  it('a row that cannot be booked says why and the others go on; a job run again books nothing twice', async () => {
    const [good, booked] = freshOrders(2);
    const leopard = await account('LEOPARD');
    const first = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: leopard, order_id: booked!.id } });
    await world.deps.drainJobs();
    const firstRow = (await progress(first.body.jobId)).rows[0];
    expect(firstRow.state).toBe('booked');
    // Leopards' slip link from the booking answer is kept on a bulk's booking too
    expect((await world.deps.bookings.get(world.a.shop._id, firstRow.tracking_number))!.labelUrl).toMatch(new RegExp(`/slip/${firstRow.tracking_number}\\.pdf$`));

    const started = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: leopard, order_id: [good!.id, booked!.id, '99999999999991'] } });
    await world.deps.drainJobs();
    const result = await progress(started.body.jobId);
    expect(result).toMatchObject({ status: 'done', booked: 1, failed: 2 });
    expect(result.rows[1].message).toMatch(/^This order is already booked \(tracking number /);
    expect(result.rows[2]).toEqual({ order_id: '99999999999991', order_name: '', state: 'failed', message: 'Order not found', reason: 'not_found' });

    const calls = world.couriers.sims.LEOPARD.control.calls('bookPacket').length;
    const { runBulk } = await import('../domain/booking/bulk');
    await runBulk(world.a.shop._id, started.body.jobId, world.a.owner._id, world.deps);
    expect(world.couriers.sims.LEOPARD.control.calls('bookPacket').length).toBe(calls);
  });

  it('leaves a prepaid order out with reason prepaid when the courier books cash on delivery only', async () => {
    const prepaid = bookableOrders(world.shopify, world.a.shop.domain).find((o) => !taken.has(o.id) && o.shippingAddress && o.financialStatus === 'PAID')!;
    taken.add(prepaid.id);
    const started = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: await account('MNP'), order_id: prepaid.id } });
    await world.deps.drainJobs();
    const result = await progress(started.body.jobId);
    expect(result).toMatchObject({ status: 'done', booked: 0, failed: 1 });
    expect(result.rows[0]).toMatchObject({ state: 'failed', reason: 'prepaid', message: 'M&P books cash on delivery only: the COD amount must be more than 0' });
  });

  it('says why an order cannot be booked as Shopify has it: cancelled on Shopify, no shipping address, already booked (with its booking)', async () => {
    const [cancelled, noAddress, booked, good] = freshOrders(4);
    const leopard = await account('LEOPARD');
    const first = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: leopard, order_id: booked!.id } });
    await world.deps.drainJobs();
    const tn = (await progress(first.body.jobId)).rows[0].tracking_number as string;
    // cancelled in the Shopify admin, and without an address left: its cancellation is the reason, not the consignee's name
    world.shopify.control.trigger(world.a.shop.domain, 'orders/cancelled', { order: cancelled!.id });
    for (const order of [cancelled!, noAddress!]) world.shopify.control.orders(world.a.shop.domain).find((o) => o.id === order.id)!.shippingAddress = null;
    const calls = world.couriers.sims.LEOPARD.control.calls('bookPacket').length;

    const started = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: leopard, order_id: [cancelled!.id, noAddress!.id, booked!.id, good!.id] } });
    await world.deps.drainJobs();
    const result = await progress(started.body.jobId);
    expect(result).toMatchObject({ status: 'done', booked: 1, failed: 3 });
    expect(result.rows.slice(0, 3)).toEqual([
      { order_id: cancelled!.id, order_name: cancelled!.name, state: 'failed', reason: 'cancelled', message: 'This order is cancelled on Shopify. Restore it in Shopify to book it.' },
      {
        order_id: noAddress!.id, order_name: noAddress!.name, state: 'failed', reason: 'no_address',
        message: 'This order has no shipping address on Shopify. Book it on its own to enter the address, or add it in Shopify.',
      },
      { order_id: booked!.id, order_name: booked!.name, state: 'failed', reason: 'booked', tracking_number: tn, message: `This order is already booked (tracking number ${tn}).` },
    ]);
    expect(result.rows[3]).toMatchObject({ state: 'booked' });
    expect(world.couriers.sims.LEOPARD.control.calls('bookPacket').length - calls).toBe(1);
  });

  it('a busy Shopify (throttled past the port\'s own retries) makes a row wait and try again, not fail', async () => {
    const orders = freshOrders(2);
    const leopard = await account('LEOPARD');
    const started = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: leopard, order_id: orders.map((o) => o.id) } });
    world.shopify.control.failNext('throttled', 12);
    await world.deps.drainJobs();
    world.shopify.control.clearFaults();
    expect(await progress(started.body.jobId)).toMatchObject({ status: 'done', booked: 2, failed: 0 });
  }, 60_000);

  it('refuses an account of another shop or an inactive one before queuing anything', async () => {
    const inactive = (await seedAccount(world.deps, world.a.shop._id, { inactive: true }))._id;
    const res = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: inactive, order_id: freshOrders(1)[0]!.id } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ param: 'tracking_account' });
    const dup = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: inactive, order_id: '123456789012,123456789012' } });
    expect(dup.body.errors[0]).toMatchObject({ msg: 'An order is listed twice', param: 'order_id' });
  });
});

describe('the weight a bulk booking books at', () => {
  it("is the account's own, else the store's default weight, else 100 g while the store has saved none", async () => {
    // Prepare: two accounts made through create-account, one given a weight and one left without
    const created = async (weight: number | undefined) => {
      const res = await call(world.deps, 'accounts.create', {
        token: world.a.ownerToken,
        body: { company: 'LEOPARD', account_name: `Weight ${weight ?? 'none'}`, is_default: 'No', city: 'Lahore', ...DEMO_CREDENTIALS.LEOPARD, ...(weight === undefined ? {} : { weight }) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.account as { _id: string; weight: number };
    };
    const own = await created(750);
    const none = await created(undefined);
    expect([own.weight, none.weight]).toEqual([750, 0]);
    /** Books one fresh order with each account and answers the weights the saved bookings hold. */
    const booked = async () => {
      const orders = freshOrders(2, { unweighed: true });
      const started = await call(world.deps, 'booking.bulkFulfil', {
        token: world.a.ownerToken, body: { ordersData: [{ order_id: orders[0]!.id, tracking_account: own._id }, { order_id: orders[1]!.id, tracking_account: none._id }] },
      });
      await world.deps.drainJobs();
      const rows = (await progress(started.body.jobId)).rows as { state: string; tracking_number: string }[];
      expect(rows.map((r) => r.state)).toEqual(['booked', 'booked']);
      return Promise.all(rows.map(async (r) => (await world.deps.bookings.get(world.a.shop._id, r.tracking_number))!.weight));
    };

    // Act and Assess: no store weight saved yet
    expect(await booked()).toEqual([750, 100]);
    // the store saves its default weight
    const saved = await call(world.deps, 'settings.save', { token: world.a.ownerToken, body: { free_shipping_value: 0, default_weight: 300 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await booked()).toEqual([750, 300]);
  });
});

describe('the bulk form\'s list of the selected orders', () => {
  it('names each order with the COD the bulk will collect (0 when prepaid), totals the COD of those not cancelled, in one cheap query', async () => {
    const all = bookableOrders(world.shopify, world.a.shop.domain).filter((o) => !taken.has(o.id) && o.shippingAddress);
    const cod = all.find((o) => o.financialStatus === 'PENDING')!;
    const prepaid = all.find((o) => o.financialStatus === 'PAID')!;
    const cancelled = all.find((o) => o.financialStatus === 'PENDING' && o.id !== cod.id)!;
    for (const o of [cod, prepaid, cancelled]) taken.add(o.id);
    world.shopify.control.trigger(world.a.shop.domain, 'orders/cancelled', { order: cancelled.id });
    world.shopify.control.clearCalls();
    const res = await call(world.deps, 'storeOrders.selection', { token: world.a.ownerToken, query: { id: `${cod.id},${prepaid.id},99999999999994,${cancelled.id}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const owed = Math.round(totals(cod).outstanding * 100) / 100;
    expect(owed).toBeGreaterThan(0);
    expect(res.body).toEqual({
      orders: [
        { id: cod.id, name: cod.name, cod: owed, cancelled: false },
        { id: prepaid.id, name: prepaid.name, cod: 0, cancelled: false },
        { id: cancelled.id, name: cancelled.name, cod: 0, cancelled: true },
      ],
      missing: ['99999999999994'],
      total_cod: owed,
      currency: 'PKR',
    });
    expect(world.shopify.control.calls({ shop: world.a.shop.domain, kind: 'graphql' }).map((c) => c.operationName)).toEqual(['OrderDues']);
    const document = parse(ORDER_DUES);
    const ids = Array.from({ length: 100 }, (_, i) => `gid://shopify/Order/${1000 + i}`);
    // the adapter asks 100 at a time: under the 1000-point cap
    expect(requestedQueryCost(shopifySchema, document.definitions[0] as OperationDefinitionNode, [], { ids })).toBe(700);
  });
});

describe('bulk booking: names from Shopify and the plan limit', () => {
  it('reads the names from Shopify in one cheap query, never the client\'s; an id Shopify does not know is a failed row at once', async () => {
    const orders = freshOrders(2);
    const leopard = await account('LEOPARD');
    world.shopify.control.clearCalls();
    const started = await call(world.deps, 'booking.bookMany', {
      token: world.a.ownerToken, body: { tracking_account: leopard, order_id: [orders[0]!.id, '99999999999992', orders[1]!.id], order_name: ['#x', '#y', '#z'] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const graphql = world.shopify.control.calls({ shop: world.a.shop.domain, kind: 'graphql' });
    expect(graphql.map((c) => c.operationName)).toEqual(['OrderNames']);
    expect(await progress(started.body.jobId)).toEqual({
      jobId: started.body.jobId, status: 'running', total: 3, booked: 0, failed: 1, check: 0, createdAt: expect.any(String),
      rows: [
        { order_id: orders[0]!.id, order_name: orders[0]!.name, state: 'queued' },
        { order_id: '99999999999992', order_name: '', state: 'failed', message: 'Order not found', reason: 'not_found' },
        { order_id: orders[1]!.id, order_name: orders[1]!.name, state: 'queued' },
      ],
    });
    const [other] = freshOrders(1);
    const fulfil = await call(world.deps, 'booking.bulkFulfil', {
      token: world.a.ownerToken, body: { ordersData: [{ order_id: other!.id, order_name: '#x', tracking_account: leopard }] },
    });
    expect((await progress(fulfil.body.jobId)).rows).toEqual([{ order_id: other!.id, order_name: other!.name, state: 'queued' }]);
    await world.deps.drainJobs();
    const done = await progress(started.body.jobId);
    expect(done).toMatchObject({ status: 'done', booked: 2, failed: 1 });
    expect(done.rows.map((r: { order_name: string }) => r.order_name)).toEqual([orders[0]!.name, '', orders[1]!.name]);

    // one point per order: the largest bulk (250) costs 250 of the 1000-point cap
    const document = parse(ORDER_NAMES);
    const ids = Array.from({ length: 250 }, (_, i) => `gid://shopify/Order/${1000 + i}`);
    expect(requestedQueryCost(shopifySchema, document.definitions[0] as OperationDefinitionNode, [], { ids })).toBe(250);
  });

  it('a bulk only unknown ids start is done at once, with nothing queued', async () => {
    const started = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: await account('LEOPARD'), order_id: '99999999999993' } });
    expect(started.status).toBe(200);
    expect(await progress(started.body.jobId)).toMatchObject({ status: 'done', total: 1, failed: 1, rows: [{ state: 'failed', message: 'Order not found' }] });
  });

  it('a free shop with fewer orders left this month than the bulk holds is refused up front; a row the limit still refuses says so', async () => {
    const free = world.free.shop;
    const leopard = (await seedAccount(world.deps, free._id, { credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string>, name: 'free bulk' }))._id;
    const month = monthlyUsage(world.deps.usage).monthOf(free, world.deps.now());
    const setUsed = (count: number) => world.deps.db.send(new PutCommand({ TableName: world.deps.env.TABLE_NAME, Item: { ...keys.usageCounter(free._id, month), count } }));
    const orders = bookableOrders(world.shopify, free.domain).filter((o) => o.shippingAddress).slice(0, 3);
    await setUsed(4998);
    const before = world.couriers.sims.LEOPARD.control.calls('bookPacket').length;
    const refused = await call(world.deps, 'booking.bookMany', { token: world.free.ownerToken, body: { tracking_account: leopard, order_id: orders.map((o) => o.id) } });
    expect(refused).toMatchObject({ status: 403, body: { errors: [{ code: 'PLAN_LIMIT_REACHED', msg: 'Kindly upgrade your plan' }], plan_limit_error: true, message: 'Kindly upgrade your plan' } });
    const refusedRows = await call(world.deps, 'booking.bulkFulfil', {
      token: world.free.ownerToken, body: { ordersData: orders.map((o) => ({ order_id: o.id, tracking_account: leopard })) },
    });
    expect(refusedRows).toMatchObject({ status: 403, body: { plan_limit_error: true, message: 'Kindly upgrade your plan' } });
    await world.deps.drainJobs();
    expect(world.couriers.sims.LEOPARD.control.calls('bookPacket').length).toBe(before);
    expect(await monthlyUsage(world.deps.usage).read(free, month)).toBe(4998);

    // two fit and are accepted; a booking elsewhere takes one of them before the job runs
    const started = await call(world.deps, 'booking.bookMany', { token: world.free.ownerToken, body: { tracking_account: leopard, order_id: orders.slice(0, 2).map((o) => o.id) } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await setUsed(4999);
    await world.deps.drainJobs();
    const done = await progress2(started.body.jobId, world.free.ownerToken);
    expect(done).toMatchObject({ status: 'done', booked: 1, failed: 1 });
    expect(done.rows.find((r: { state: string }) => r.state === 'failed')).toMatchObject({
      state: 'failed', reason: 'plan_limit', message: "Plan limit reached: this month's orders of your plan are used. Upgrade your plan to book this order.",
    });
    expect(await monthlyUsage(world.deps.usage).read(free, month)).toBe(5000);
  });
});

const progress2 = async (jobId: string, token: string) => (await call(world.deps, 'booking.bulkProgress', { token, params: { jobId } })).body;

describe('the nightly recount', () => {
  it('repairs counters that drifted (a count lost after a booking) from the bookings themselves', async () => {
    const leopard = await account('LEOPARD');
    const [order] = freshOrders(1);
    const res = await call(world.deps, 'booking.book', {
      token: world.a.ownerToken,
      body: {
        tracking_account: leopard, order_id: order!.id, pieces: 1, weight: 500, cod_amount: 1000, order_name: order!.name, products_list: 'Kurta',
        consignee_name: 'Sana', consignee_phone: '03001234567', consignee_address: 'DHA Phase 5', destination_city: 'Karachi',
      },
    });
    const record = (await world.deps.bookings.get(world.a.shop._id, res.body.booking.tracking_number))!;
    const before = await countersOfShop(world.deps, world.a.shop._id);
    const shopDay = `shop DAY ${record.bookedDay}`;
    const cityDay = `city karachi DAY ${record.bookedDay}`;
    const n = (list: typeof before, name: string, key: string) => list[name]?.[key];
    const bookedHere = n(before, cityDay, count.courier('LEOPARD', 'FULFILLED'));
    // a count lost, and one counted twice
    const now = world.deps.now().getTime();
    const status = { item: { kind: 'shop', period: 'DAY', at: record.bookedDay }, adds: { [count.status('FULFILLED')]: -1 } } as const;
    const city = { item: { kind: 'city', period: 'DAY', at: record.bookedDay, cityKey: 'karachi' }, adds: { [count.courier('LEOPARD', 'FULFILLED')]: 1 } } as const;
    await world.deps.counters.apply(world.a.shop._id, [status, city], now);
    expect(counterDiff(before, await countersOfShop(world.deps, world.a.shop._id))).toEqual({
      [shopDay]: { [count.status('FULFILLED')]: -1 },
      [cityDay]: { [count.courier('LEOPARD', 'FULFILLED')]: 1 },
    });
    // the recount leaves a day alone while its last write is minutes old: it runs two hours later
    await recountMarked({ ...world.deps, now: () => new Date(now + 2 * 3_600_000) });
    const after = await countersOfShop(world.deps, world.a.shop._id);
    expect(n(after, shopDay, count.status('FULFILLED'))).toBe(n(before, shopDay, count.status('FULFILLED')));
    expect(n(after, cityDay, count.courier('LEOPARD', 'FULFILLED'))).toBe(bookedHere);
    expect(after).toEqual(before);
  });
});
