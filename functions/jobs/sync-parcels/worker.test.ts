import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context, SQSEvent } from 'aws-lambda';
import { COURIER_IDS, type CourierId } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../../local/simulators/couriers';
import { call, seedAccount } from '../../test-support/harness';
import { bookingRecord, writeBooking } from '../../test-support/bookings';
import { bookableOrders } from '../../test-support/shopify-shops';
import { makeWorld, type World } from '../../test-support/world';
import type { SyncBatch } from '../../domain/sync/batch';
import type { AccountRecord } from '../../domain/records';
import { queueHandler } from '../../platform/job-chain';
import { trackBatch } from './track-batch';

/**
 * The status-sync worker against DynamoDB Local, the four courier simulators and the Shopify
 * simulator: parcels booked through the API (so Shopify holds their fulfillments), moved on the
 * couriers' clocks, then brought up to date by SQS messages handed to the handler as Lambda would.
 */
let world: World;
const DAY = 86_400_000;
const TAGS = { inprocess_tag: 'dk-moving', delivered_tag: 'dk-delivered', cancelled_tag: 'dk-cancelled', rts_tag: 'dk-returned' };

beforeAll(async () => {
  world = await makeWorld({ orders: 40 });
  await world.deps.settings.save(world.a.shop._id, { tags: TAGS }, new Date().toISOString());
}, 120_000);
afterAll(async () => { await world?.stop(); });
beforeEach(() => {
  for (const sim of Object.values(world.couriers.sims)) sim.control.clearFaults();
  world.shopify.control.clearFaults();
});

const taken = new Set<string>();
function freshOrder(domain = world.a.shop.domain) {
  const order = bookableOrders(world.shopify, domain).find((o) => !taken.has(o.id));
  if (!order) throw new Error('no bookable order left');
  taken.add(order.id);
  return order;
}

const accounts = new Map<string, AccountRecord>();
async function accountOf(company: CourierId, shopId = world.a.shop._id): Promise<AccountRecord> {
  const key = `${shopId}#${company}`;
  if (!accounts.has(key)) accounts.set(key, await seedAccount(world.deps, shopId, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string>, name: `${company} main` }));
  return accounts.get(key)!;
}

/** Books a fresh order of shop A with the courier through the API; its tracking number and order. */
async function bookOne(company: CourierId, orderId = freshOrder().id) {
  const account = await accountOf(company);
  const res = await call(world.deps, 'booking.book', {
    token: world.a.ownerToken,
    body: {
      tracking_account: account._id, order_id: orderId, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x', products_list: 'Lawn suit x 1',
      consignee_name: 'Ayesha Khan', consignee_phone: '+92 300 1234567', consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { tn: res.body.booking.tracking_number as string, orderId, account };
}

let message = 0;
function sqsEvent(batches: SyncBatch[]): SQSEvent {
  return {
    Records: batches.map((b) => ({
      messageId: `m-${++message}`, receiptHandle: 'r', body: JSON.stringify(b), attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {},
      md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:sync', awsRegion: 'us-east-1',
    })),
  } as unknown as SQSEvent;
}
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 60_000 } as unknown as Context;
const run = (batches: SyncBatch[]) => queueHandler('sync.parcels', trackBatch, () => world.deps)(sqsEvent(batches), context);
const batchOf = (account: AccountRecord, trackingNumbers: string[]): SyncBatch => ({ shopId: account.shopId, accountId: account._id, courier: account.company, trackingNumbers });

const stored = (tn: string, shopId = world.a.shop._id) => world.deps.bookings.get(shopId, tn);
const simOrder = (id: string) => world.shopify.control.orders(world.a.shop.domain).find((o) => o.id === id)!;
const trackCalls = (company: CourierId) => world.couriers.sims[company].control.calls().filter((c) => /track|Track/.test(c.path)).length;
const advanceAll = (ms: number) => { for (const sim of Object.values(world.couriers.sims)) sim.control.advance(ms); };

describe('the status-sync worker', () => {
  it('moves parcels of all four couriers with one tracking call each, shows them on Shopify, and a second delivery of the message changes nothing', async () => {
    // Prepare: one parcel per courier, delivered on the couriers' clocks since
    const parcels = [];
    for (const company of COURIER_IDS) parcels.push(await bookOne(company));
    advanceAll(5 * DAY);
    const calls = Object.fromEntries(COURIER_IDS.map((c) => [c, trackCalls(c)]));
    // Act
    const out = await run(parcels.map((p) => batchOf(p.account, [p.tn])));
    // Assess
    expect(out).toEqual({ batchItemFailures: [] });
    for (const p of parcels) {
      const booking = (await stored(p.tn))!;
      expect(booking, p.account.company).toMatchObject({ status: 'DELIVERED', shopifyStep: 'DELIVERED' });
      expect(booking.deliveredAt).toBeDefined();
      expect(booking.deliveryDays).toBeGreaterThanOrEqual(0);
      expect(trackCalls(p.account.company) - calls[p.account.company]!, p.account.company).toBeGreaterThanOrEqual(1);
      const order = simOrder(p.orderId);
      expect(order.tags).toContain('dk-delivered');
      const events = order.fulfillments.flatMap((f) => f.events ?? []);
      expect(events.map((e) => e.status)).toEqual(['DELIVERED']);
    }
    // the same message again: nothing written, nothing sent to Shopify
    const before = await Promise.all(parcels.map((p) => stored(p.tn)));
    expect(await run(parcels.map((p) => batchOf(p.account, [p.tn])))).toEqual({ batchItemFailures: [] });
    expect(await Promise.all(parcels.map((p) => stored(p.tn)))).toEqual(before);
    for (const p of parcels) expect(simOrder(p.orderId).fulfillments.flatMap((f) => f.events ?? [])).toHaveLength(1);
  }, 120_000);

  it('shows each step on Shopify as the parcel moves: an event per step, the new status tag added and the one before removed', async () => {
    const { tn, orderId, account } = await bookOne('LEOPARD');
    world.couriers.sims.LEOPARD.control.setScenario(tn, 'return');
    advanceAll(10 * 3_600_000);
    expect(await run([batchOf(account, [tn])])).toEqual({ batchItemFailures: [] });
    expect(await stored(tn)).toMatchObject({ status: 'INPROCESS', shopifyStep: 'IN_TRANSIT' });
    expect(simOrder(orderId).tags).toContain('dk-moving');
    advanceAll(10 * DAY);
    expect(await run([batchOf(account, [tn])])).toEqual({ batchItemFailures: [] });
    expect(await stored(tn)).toMatchObject({ status: 'RTS', shopifyStep: 'FAILURE' });
    const order = simOrder(orderId);
    expect(order.tags).toContain('dk-returned');
    expect(order.tags).not.toContain('dk-moving');
    for (const f of order.fulfillments) expect((f.events ?? []).map((e) => e.status)).toEqual(['IN_TRANSIT', 'FAILURE']);
  }, 60_000);

  it('rewrites the booking once per reading that changes it: the step shown on Shopify rides in the move\'s own write', async () => {
    // Prepare: an M&P parcel, whose forward journey ends on 'Out for Delivery' (a new step with no status move)
    const { tn, orderId, account } = await bookOne('MNP');
    expect(world.couriers.sims.MNP.control.setScenario(tn, 'happy')).toBe(true);
    const sk = `BOOKING#${tn}`;
    let writes = 0;
    world.deps.db.middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { Key?: { sk?: string }; Item?: { sk?: string } };
      if (/Put|Update|Delete/.test(String(context.commandName)) && (input.Key?.sk ?? input.Item?.sk) === sk) writes += 1;
      return next(args);
    }, { step: 'initialize', name: 'countBookingWrites' });
    const steps: string[] = [];
    try {
      for (let tick = 0; tick < 12 && (await stored(tn))!.status !== 'DELIVERED'; tick++) {
        world.couriers.sims.MNP.control.tick();
        const before = (await stored(tn))!;
        writes = 0;
        // Act
        expect(await run([batchOf(account, [tn])])).toEqual({ batchItemFailures: [] });
        // Assess: a reading that changed the booking wrote it once, with the step it leads to
        const after = (await stored(tn))!;
        expect(writes, `tick ${tick}: ${before.courierStatus} -> ${after.courierStatus}`).toBe(isDeepStrictEqual(before, after) ? 0 : 1);
        if (after.shopifyStep && after.shopifyStep !== steps.at(-1)) steps.push(after.shopifyStep);
      }
    } finally {
      world.deps.db.middlewareStack.remove('countBookingWrites');
    }
    expect(steps).toEqual(['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(simOrder(orderId).fulfillments.flatMap((f) => (f.events ?? []).map((e) => e.status))).toEqual(steps);
    expect(simOrder(orderId).tags).toContain('dk-delivered');
  }, 120_000);

  it('counts a batch\'s moves together: each counter item they share is written once, and counts both', async () => {
    // Prepare: two Leopards parcels of one day, one member and one city, delivered since
    const parcels = [await bookOne('LEOPARD'), await bookOne('LEOPARD')];
    advanceAll(5 * DAY);
    const held = (await world.deps.bookings.getMany(world.a.shop._id, parcels.map((p) => p.tn)));
    const day = held[0]!.bookedDay;
    expect(held.map((b) => [b.bookedDay, b.bookedBy, b.destinationCity])).toEqual([[day, held[0]!.bookedBy, 'Lahore'], [day, held[0]!.bookedBy, 'Lahore']]);
    const monthOf = async () => (await world.deps.counters.read(world.a.shop._id, [{ kind: 'shop', period: 'MONTH', at: day.slice(0, 7) }], { consistent: true }))[0]!.counts;
    const before = await monthOf();
    const written = new Map<string, number>();
    world.deps.db.middlewareStack.add((next, context) => async (args) => {
      const sk = String((args.input as { Key?: { sk?: string } }).Key?.sk ?? '');
      if (/Update/.test(String(context.commandName)) && /^(CNT|DELIVERED)#/.test(sk)) written.set(sk, (written.get(sk) ?? 0) + 1);
      return next(args);
    }, { step: 'initialize', name: 'countCounterWrites' });
    try {
      // Act
      expect(await run([batchOf(parcels[0]!.account, parcels.map((p) => p.tn))])).toEqual({ batchItemFailures: [] });
    } finally {
      world.deps.db.middlewareStack.remove('countCounterWrites');
    }
    // Assess: both delivered and counted, the shop's day, month and year, the member's, the city's and the delivered day's items once each
    for (const p of parcels) expect(await stored(p.tn)).toMatchObject({ status: 'DELIVERED' });
    expect([...written.values()].every((n) => n === 1), JSON.stringify([...written])).toBe(true);
    expect(written.size).toBeGreaterThanOrEqual(8);
    const after = await monthOf();
    expect((after['s.D'] ?? 0) - (before['s.D'] ?? 0)).toBe(2);
    expect((after['s.F'] ?? 0) - (before['s.F'] ?? 0)).toBe(-2);
  }, 60_000);

  it('changes nothing for a parcel the courier does not find, beside one it answers for', async () => {
    const { tn, account } = await bookOne('LEOPARD');
    advanceAll(5 * DAY);
    await writeBooking(world.deps, world.a.shop, bookingRecord(world.a.shop, account, { trackingNumber: 'KI999999999', bookedAt: new Date().toISOString() }));
    const ghost = (await stored('KI999999999'))!;
    const calls = trackCalls('LEOPARD');
    expect(await run([batchOf(account, [tn, ghost.trackingNumber])])).toEqual({ batchItemFailures: [] });
    expect(trackCalls('LEOPARD') - calls).toBe(1);
    expect(await stored(tn)).toMatchObject({ status: 'DELIVERED' });
    expect(await stored(ghost.trackingNumber)).toEqual(ghost);
  }, 60_000);

  it('fails the message on a courier error, writing nothing, and its retry applies the reading', async () => {
    const { tn, account } = await bookOne('POSTEX');
    advanceAll(5 * DAY);
    const held = await stored(tn);
    world.couriers.sims.POSTEX.control.failNext('http-500', 5);
    const failed = await run([batchOf(account, [tn])]);
    expect(failed.batchItemFailures).toHaveLength(1);
    expect(await stored(tn)).toEqual(held);
    world.couriers.sims.POSTEX.control.clearFaults();
    expect(await run([batchOf(account, [tn])])).toEqual({ batchItemFailures: [] });
    expect(await stored(tn)).toMatchObject({ status: 'DELIVERED' });
  }, 60_000);

  it('fails only the faulty message of an invocation: the other courier\'s batch is applied', async () => {
    const leopard = await bookOne('LEOPARD');
    const mnp = await bookOne('MNP');
    advanceAll(5 * DAY);
    world.couriers.sims.MNP.control.failNext('garbage', 5);
    const out = await run([batchOf(leopard.account, [leopard.tn]), batchOf(mnp.account, [mnp.tn])]);
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: `m-${message}` }]);
    expect(await stored(leopard.tn)).toMatchObject({ status: 'DELIVERED' });
    expect(await stored(mnp.tn)).toMatchObject({ status: 'FULFILLED' });
    world.couriers.sims.MNP.control.clearFaults();
  }, 60_000);

  it('finishes a cancel the courier made: fulfillment cancelled on Shopify, the order freed and booked again, a person told', async () => {
    const { tn, orderId, account } = await bookOne('LEOPARD');
    expect(world.couriers.sims.LEOPARD.control.setScenario(tn, 'courier-cancel')).toBe(true);
    advanceAll(3 * DAY);
    expect(await run([batchOf(account, [tn])])).toEqual({ batchItemFailures: [] });
    const booking = (await stored(tn))!;
    expect(booking).toMatchObject({ status: 'CANCELLED', courierStatus: '48 Hours Auto Canceled', shopifyStep: 'CANCELLED' });
    expect(booking.cancelPendingFrom).toBeUndefined();
    const order = simOrder(orderId);
    expect(order.fulfillments.length).toBeGreaterThan(0);
    expect(order.fulfillments.every((f) => f.status === 'CANCELLED')).toBe(true);
    expect(order.tags).toContain('dk-cancelled');
    expect((await world.deps.attempts.claims(world.a.shop._id, [orderId])).get(orderId)?.state).toBe('free');
    const attention = await world.deps.attention.list(world.a.shop._id);
    expect(attention.find((a) => a.subject.kind === 'booking' && a.subject.trackingNumber === tn)?.message).toMatch(/cancelled the parcel .* on its own .*Dakiya cancelled its fulfillment in Shopify and freed the order/);
    // the order is free: booked again as a new parcel
    const again = await bookOne('LEOPARD', orderId);
    expect(again.tn).not.toBe(tn);
    // the new parcel's status is the order's one status tag
    advanceAll(5 * DAY);
    expect(await run([batchOf(account, [again.tn, tn])])).toEqual({ batchItemFailures: [] });
    expect(await stored(again.tn)).toMatchObject({ status: 'DELIVERED', shopifyStep: 'DELIVERED' });
    expect(simOrder(orderId).tags).toContain('dk-delivered');
    expect(simOrder(orderId).tags).not.toContain('dk-cancelled');
  }, 60_000);

  it('keeps the status when Shopify fails, and the next pass does the Shopify half alone', async () => {
    const { tn, orderId, account } = await bookOne('TCS');
    advanceAll(5 * DAY);
    world.shopify.control.failNext('500', 50);
    expect((await run([batchOf(account, [tn])])).batchItemFailures).toHaveLength(1);
    const moved = (await stored(tn))!;
    expect(moved.status).toBe('DELIVERED');
    expect(moved.shopifyStep).toBeUndefined();
    world.shopify.control.clearFaults();
    expect(await run([batchOf(account, [tn])])).toEqual({ batchItemFailures: [] });
    const shown = (await stored(tn))!;
    expect(shown).toMatchObject({ status: 'DELIVERED', shopifyStep: 'DELIVERED', lastStatusAt: moved.lastStatusAt, changedAt: moved.changedAt });
    expect(simOrder(orderId).tags).toContain('dk-delivered');
  }, 120_000);

  it('ignores a FREE shop\'s batch: no courier call, nothing written', async () => {
    const account = await accountOf('LEOPARD', world.free.shop._id);
    await writeBooking(world.deps, world.free.shop, bookingRecord(world.free.shop, account, { trackingNumber: 'KI123123123', bookedAt: new Date().toISOString() }));
    const held = (await stored('KI123123123', world.free.shop._id))!;
    const calls = trackCalls('LEOPARD');
    expect(await run([batchOf(account, [held.trackingNumber])])).toEqual({ batchItemFailures: [] });
    expect(trackCalls('LEOPARD')).toBe(calls);
    expect(await stored(held.trackingNumber, world.free.shop._id)).toEqual(held);
  }, 30_000);

  it('sends a message that is not a batch, or too big a batch for its courier, to retries and the dead-letter queue', async () => {
    const account = await accountOf('TCS');
    const out = await run([batchOf(account, ['1', '2'])]);
    expect(out.batchItemFailures).toHaveLength(1);
  });
});
