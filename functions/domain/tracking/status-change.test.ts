import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fake-deps';
import { MemoryCounters } from '../../test-support/memory-counters';
import type { AttentionItem, AttentionStore } from '../ports/attention';
import type { AttemptLedger, BookingChange, BookingRecord, BookingRepo, TimelineEvent } from '../ports/bookings';
import { ShopifyError, type ShopifyAdmin } from '../ports/shopify';
import type { TrackingResult } from '../ports/courier';
import type { ShopRecord } from '../records';
import { applyCourierReading } from './status-change';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const shop = { _id: 'shop-1', domain: 'demo.myshopify.com', iana_time_zone: 'Asia/Karachi' } as ShopRecord;

function booking(fields: Partial<BookingRecord> = {}): BookingRecord {
  return {
    shopId: shop._id, trackingNumber: 'LE1', bookingId: 'b1', orderIds: ['1'], orderNames: ['#1001'], tag: '', accountId: 'a1', accountName: 'A',
    company: 'LEOPARD', status: 'FULFILLED', paymentStatus: 'UNPAID', bookedAt: '2026-11-20T06:00:00.000Z', bookedDay: '2026-11-20', bookedBy: 'u1',
    bookedByTag: '', lastStatusAt: '2026-11-20T06:00:00.000Z', consignee: { name: 'n', phone: '03001234567', address: 'x' }, destinationCity: 'Lahore',
    cod: 1500, weight: 500, pieces: 1, productsList: 'p', remarks: '', lineItems: [], fulfillments: [], attention: [], ...fields,
  };
}

function reading(fields: Partial<TrackingResult>): TrackingResult {
  return { trackingNumber: 'LE1', found: true, status: null, returning: false, rawStatus: null, events: [], ...fields };
}

/**
 * The booking port as one stored booking: a change is written only while the stored status is the one
 * the caller holds, like the conditional update. `race` changes the stored booking just before the
 * next write, as another writer would.
 */
function world(stored: BookingRecord, race?: BookingChange, shopify: { down?: boolean } = {}) {
  const state = {
    stored, writes: [] as BookingChange[], events: [] as TimelineEvent[], raised: [] as AttentionItem[], resolved: [] as string[],
    freed: [] as string[][], fulfillmentsCancelled: [] as string[], shopifyCalls: 0,
  };
  let pendingRace = race;
  const bookings = {
    change: async (held: BookingRecord, change: BookingChange) => {
      if (pendingRace) {
        state.stored = { ...state.stored, ...pendingRace };
        pendingRace = undefined;
      }
      if (state.stored.status !== held.status) return undefined;
      state.writes.push(change);
      const { clearDeliveryDays, ...fields } = change;
      state.stored = { ...state.stored, ...fields };
      if (clearDeliveryDays) delete state.stored.deliveryDays;
      return state.stored;
    },
    recordCancelStep: async (_held: BookingRecord, step: Partial<BookingRecord>) => { state.stored = { ...state.stored, ...step }; },
    finishCancel: async () => {
      const { cancelPendingFrom: _done, ...rest } = state.stored;
      state.stored = rest;
      return state.stored;
    },
    get: async () => state.stored,
    addEvents: async (_shopId: string, _tn: string, events: TimelineEvent[]) => { state.events.push(...events); },
  } as unknown as BookingRepo;
  const attention = {
    raise: async (_shopId: string, item: AttentionItem) => { state.raised.push(item); },
    resolve: async (_shopId: string, subject: AttentionItem['subject'], reason?: string) => { state.resolved.push(`${subject.kind === 'booking' ? subject.trackingNumber : subject.attemptId}#${reason ?? ''}`); },
  } as unknown as AttentionStore;
  const attempts = { freeOrders: async (b: BookingRecord) => { state.freed.push(b.orderIds); } } as unknown as AttemptLedger;
  const shopifyFor = () => ({
    cancelFulfillment: async (id: string) => {
      state.shopifyCalls += 1;
      if (shopify.down) throw new ShopifyError('SERVER', 'Shopify is down', { status: 503, retryable: true });
      state.fulfillmentsCancelled.push(id);
      return { id, status: 'CANCELLED' };
    },
  }) as unknown as ShopifyAdmin;
  const counters = new MemoryCounters();
  // no usage port: a cancel the courier made keeps the month's plan slot
  const deps = fakeDeps({ bookings, attention, counters, attempts, shopifyFor, now: () => NOW });
  return { state, counters, deps };
}

const scans = [
  { at: '2026-11-21T05:00:00.000Z', status: 'Dispatched', message: 'Left Karachi' },
  { at: '2026-11-23T11:00:00.000Z', status: 'Delivered', message: 'Received by Ali', location: 'Lahore' },
];

describe('the status-change function', () => {
  it('records a delivery: status, deliveredAt, delivery days in the shop\'s days, new scans and the counters moved', async () => {
    // Prepare
    const { state, counters, deps } = world(booking());
    // Act
    const out = await applyCourierReading(shop, booking(), reading({ status: 'DELIVERED', rawStatus: 'Delivered', events: scans, deliveredAt: scans[1]!.at }), deps);
    // Assess
    expect(out).toMatchObject({ written: true, movedFrom: 'FULFILLED', booking: { status: 'DELIVERED', deliveredAt: '2026-11-23T11:00:00.000Z', deliveryDays: 3 } });
    expect(state.writes).toEqual([{
      status: 'DELIVERED', lastStatusAt: NOW.toISOString(), changedAt: NOW.toISOString(), deliveredAt: '2026-11-23T11:00:00.000Z', deliveryDays: 3,
      courierStatus: 'Delivered', lastScanAt: '2026-11-23T11:00:00.000Z',
    }]);
    expect(state.events.map((e) => [e.seq, e.status])).toEqual([[1, 'Dispatched'], [2, 'Delivered']]);
    expect(counters.counts('shop DAY 2026-11-20')).toEqual({ 's.F': -1, 's.D': 1, 'a.a1.F': -1, 'a.a1.D': 1, 'cod.d': 1500 });
    expect(counters.counts('shop MONTH 2026-11')).toEqual({ 's.F': -1, 's.D': 1, 'a.a1.F': -1, 'a.a1.D': 1, 'cod.d': 1500 });
    expect(counters.counts('staff u1 DAY 2026-11-20')).toEqual({ 's.F': -1, 's.D': 1 });
    expect(counters.counts('city lahore DAY 2026-11-20')).toEqual({ 'c.LEOPARD.F': -1, 'c.LEOPARD.D': 1, dn: 1, dd: 3 });
    expect(counters.counts('courierDays lahore DAY 2026-11-20')).toEqual({ 'h.LEOPARD.3': 1 });
    expect(counters.counts('delivered 2026-11-23')).toEqual({ 'd.LEOPARD': 1, 'ds.LEOPARD': 3, cod: 1500 });
    expect(state.raised).toEqual([]);
    // six days booked: it may have been stuck, and a move is the end of that
    expect(state.resolved).toEqual([`${booking().trackingNumber}#STUCK`]);
  });

  it('counts a return by the day it came back, with no delivery days', async () => {
    const { state, counters, deps } = world(booking({ status: 'INPROCESS' }));
    const out = await applyCourierReading(shop, booking({ status: 'INPROCESS' }), reading({ status: 'RTS', rawStatus: 'Returned to shipper', returnedAt: '2026-11-25T20:00:00.000Z' }), deps);
    expect(out).toMatchObject({ written: true, movedFrom: 'INPROCESS', booking: { status: 'RTS', deliveredAt: '2026-11-25T20:00:00.000Z' } });
    expect(state.writes[0]).not.toHaveProperty('deliveryDays');
    // 20:00 UTC is the next day in Karachi
    expect(counters.counts('delivered 2026-11-26')).toEqual({ 'r.LEOPARD': 1 });
  });

  it.each([
    ['a delivered parcel never goes back to moving', 'DELIVERED', 'INPROCESS'],
    ['a returned parcel is not delivered later', 'RTS', 'DELIVERED'],
    ['a cancelled booking does not start moving', 'CANCELLED', 'INPROCESS'],
    ['in process never goes back to just fulfilled', 'INPROCESS', 'FULFILLED'],
  ] as const)('%s', async (_name, from, to) => {
    const { state, counters, deps } = world(booking({ status: from, courierStatus: 'same' }));
    const out = await applyCourierReading(shop, booking({ status: from, courierStatus: 'same' }), reading({ status: to, rawStatus: 'same' }), deps);
    expect(out).toEqual({ booking: booking({ status: from, courierStatus: 'same' }), written: false });
    expect(state.writes).toEqual([]);
    expect(await counters.all()).toEqual([]);
  });

  it('applies scans in the courier\'s event order, whatever order its answer lists them in', async () => {
    const { state, deps } = world(booking());
    const out = await applyCourierReading(shop, booking(), reading({ status: 'DELIVERED', rawStatus: 'Delivered', events: [scans[1]!, scans[0]!] }), deps);
    expect(out.booking).toMatchObject({ status: 'DELIVERED', lastScanAt: scans[1]!.at, deliveredAt: scans[1]!.at, deliveryDays: 3 });
    expect(state.events.map((e) => [e.seq, e.status])).toEqual([[1, 'Dispatched'], [2, 'Delivered']]);
  });

  it('lets an unknown courier text move nothing, but keeps the text and its new scans', async () => {
    const { state, counters, deps } = world(booking());
    const out = await applyCourierReading(shop, booking(), reading({ status: null, rawStatus: 'Held at hub (weather)', events: scans.slice(0, 1) }), deps);
    expect(out).toMatchObject({ written: true, booking: { status: 'FULFILLED', courierStatus: 'Held at hub (weather)' } });
    expect(out.movedFrom).toBeUndefined();
    expect(state.writes).toEqual([{ courierStatus: 'Held at hub (weather)', lastScanAt: scans[0]!.at }]);
    expect(await counters.all()).toEqual([]);
  });

  it('writes nothing when the reading says what is stored already (scans up to lastScanAt are old)', async () => {
    const held = booking({ status: 'INPROCESS', courierStatus: 'Dispatched', lastScanAt: scans[0]!.at });
    const { state, deps } = world(held);
    const out = await applyCourierReading(shop, held, reading({ status: 'INPROCESS', rawStatus: 'Dispatched', events: scans.slice(0, 1) }), deps);
    expect(out).toEqual({ booking: held, written: false });
    expect(state.writes).toEqual([]);
    expect(state.events).toEqual([]);
  });

  it('applies the reading again to what another writer stored first, and counts the move once', async () => {
    // Prepare: between our read and our write, the status sync moved the parcel to INPROCESS
    const { state, counters, deps } = world(booking(), { status: 'INPROCESS', lastStatusAt: '2026-11-26T09:59:00.000Z' });
    const out = await applyCourierReading(shop, booking(), reading({ status: 'DELIVERED', rawStatus: 'Delivered', events: scans, deliveredAt: scans[1]!.at }), deps);
    expect(out).toMatchObject({ written: true, movedFrom: 'INPROCESS', booking: { status: 'DELIVERED' } });
    expect(state.writes).toHaveLength(1);
    // the other writer's own counter move is not ours: we move INPROCESS -> DELIVERED only
    expect(counters.counts('staff u1 DAY 2026-11-20')).toEqual({ 's.I': -1, 's.D': 1 });
  });

  it('puts a delivery after a cancel before a person and leaves the booking cancelled', async () => {
    const held = booking({ status: 'CANCELLED', cancelledAt: '2026-11-21T00:00:00.000Z', courierStatus: 'Delivered' });
    const { state, deps } = world(held);
    const out = await applyCourierReading(shop, held, reading({ status: 'DELIVERED', rawStatus: 'Delivered' }), deps);
    expect(out.written).toBe(false);
    expect(state.raised).toEqual([expect.objectContaining({ reason: 'DELIVERED_AFTER_CANCEL', orderName: '#1001', subject: { kind: 'booking', trackingNumber: 'LE1' } })]);
  });

  it('finishes a cancel the courier made on its own: fulfillment cancelled, order freed, counted once, a person told what Dakiya did', async () => {
    // Prepare: PostEx let the booking expire
    const held = booking({ company: 'POSTEX', fulfillments: [{ orderId: '1', fulfillmentId: 'gid://shopify/Fulfillment/9' }] });
    const { state, counters, deps } = world(held);
    // Act
    const out = await applyCourierReading(shop, held, reading({ status: 'CANCELLED', rawStatus: 'Expired' }), deps);
    // Assess
    expect(out).toMatchObject({ written: true, movedFrom: 'FULFILLED', booking: { status: 'CANCELLED' } });
    expect(out.booking.cancelPendingFrom).toBeUndefined();
    expect(out.booking.cancelledAt).toBeUndefined();
    expect(state.writes).toEqual([expect.objectContaining({ status: 'CANCELLED', cancelPendingFrom: 'FULFILLED', courierStatus: 'Expired' })]);
    expect(state.fulfillmentsCancelled).toEqual(['gid://shopify/Fulfillment/9']);
    expect(state.stored.fulfillmentsCancelledAt).toBe(NOW.toISOString());
    expect(state.freed).toEqual([['1']]);
    expect(counters.counts('shop MONTH 2026-11')).toEqual({ 's.F': -1, 's.C': 1, 'a.a1.F': -1, 'a.a1.C': 1 });
    expect(state.raised).toEqual([expect.objectContaining({ reason: 'COURIER_CANCELLED', orderName: '#1001' })]);
    expect(state.raised[0]!.message).toBe("The courier cancelled the parcel of #1001 on its own ('Expired'). Dakiya cancelled its fulfillment in Shopify and freed the order, so it can be booked again; the cancelled booking still counts in this month's plan.");
  });

  it('finishes a courier\'s cancel on the next reading when Shopify failed, without moving the status or the counters twice', async () => {
    const held = booking({ fulfillments: [{ orderId: '1', fulfillmentId: 'F1' }] });
    const down = world(held, undefined, { down: true });
    await expect(applyCourierReading(shop, held, reading({ status: 'CANCELLED', rawStatus: '48 Hours Auto Canceled' }), down.deps)).rejects.toThrow('Shopify did not answer');
    expect(down.state.stored).toMatchObject({ status: 'CANCELLED', cancelPendingFrom: 'FULFILLED' });
    expect(down.state.freed).toEqual([]);
    expect(await down.counters.all()).toEqual([]);
    // the retry reads the booking as stored, with Shopify back
    const { state, counters, deps } = world(down.state.stored);
    const out = await applyCourierReading(shop, down.state.stored, reading({ status: 'CANCELLED', rawStatus: '48 Hours Auto Canceled' }), deps);
    expect(out).toMatchObject({ written: true, booking: { status: 'CANCELLED' } });
    expect(out.booking.cancelPendingFrom).toBeUndefined();
    expect(state.writes).toEqual([]);
    expect(state.fulfillmentsCancelled).toEqual(['F1']);
    expect(state.freed).toEqual([['1']]);
    expect(counters.counts('staff u1 DAY 2026-11-20')).toEqual({ 's.F': -1, 's.C': 1 });
    // and once finished, the same reading again does nothing
    const again = world(state.stored);
    expect(await applyCourierReading(shop, state.stored, reading({ status: 'CANCELLED', rawStatus: '48 Hours Auto Canceled' }), again.deps)).toMatchObject({ written: false });
    expect(again.state.shopifyCalls + again.state.writes.length + again.state.freed.length).toBe(0);
  });

  it('believes a courier\'s correction from delivered to returned: counters move from the delivery to the return, delivered fields follow', async () => {
    const held = booking({ status: 'DELIVERED', deliveredAt: '2026-11-23T11:00:00.000Z', deliveryDays: 3, courierStatus: 'Delivered' });
    const { state, counters, deps } = world(held);
    const out = await applyCourierReading(shop, held, reading({ status: 'RTS', rawStatus: 'Returned to shipper', returnedAt: '2026-11-25T06:00:00.000Z' }), deps);
    expect(out).toMatchObject({ written: true, movedFrom: 'DELIVERED', booking: { status: 'RTS', deliveredAt: '2026-11-25T06:00:00.000Z' } });
    expect(out.booking.deliveryDays).toBeUndefined();
    expect(state.writes[0]).toMatchObject({ status: 'RTS', deliveredAt: '2026-11-25T06:00:00.000Z', clearDeliveryDays: true });
    expect(counters.counts('delivered 2026-11-23')).toEqual({ 'd.LEOPARD': -1, 'ds.LEOPARD': -3, cod: -1500 });
    expect(counters.counts('delivered 2026-11-25')).toEqual({ 'r.LEOPARD': 1 });
    expect(counters.counts('shop DAY 2026-11-20')).toEqual({ 's.D': -1, 's.R': 1, 'a.a1.D': -1, 'a.a1.R': 1, 'cod.d': -1500 });
    expect(counters.counts('city lahore DAY 2026-11-20')).toEqual({ 'c.LEOPARD.D': -1, 'c.LEOPARD.R': 1, dn: -1, dd: -3 });
    expect(counters.counts('courierDays lahore DAY 2026-11-20')).toEqual({ 'h.LEOPARD.3': -1 });
  });

  it('leaves our own cancel under way to the cancel: nothing moves and nobody is asked', async () => {
    const held = booking({ cancelledAt: '2026-11-26T09:00:00.000Z', courierStatus: 'Cancelled' });
    const { state, deps } = world(held);
    const out = await applyCourierReading(shop, held, reading({ status: 'CANCELLED', rawStatus: 'Cancelled' }), deps);
    expect(out.written).toBe(false);
    expect(state.raised).toEqual([]);
  });
});
