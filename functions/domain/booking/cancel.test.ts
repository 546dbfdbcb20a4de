import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@dakiya/shared';
import { fakeDeps } from '../../test-support/fake-deps';
import type { AttentionStore } from '../ports/attention';
import type { AttemptLedger, BookingRecord, BookingRepo } from '../ports/bookings';
import type { CounterChange, CounterStore } from '../ports/counters';
import type { CancelResult, CourierAdapter } from '../ports/courier';
import type { AccountRepo } from '../ports/repos';
import type { SecretBox } from '../ports/secrets';
import { ShopifyUserErrors, type ShopifyAdmin } from '../ports/shopify';
import type { AccountRecord, ShopRecord } from '../records';
import { cancelBooking, CANCELLED_MESSAGE, deleteBooking } from './cancel';

const shop = { _id: 'shop-1', iana_time_zone: 'Asia/Karachi' } as ShopRecord;
const account = { _id: 'acc-1', shopId: 'shop-1', company: 'LEOPARD', credentials: 'sealed' } as AccountRecord;

function booking(status: BookingStatus, extra: Partial<BookingRecord> = {}): BookingRecord {
  return {
    shopId: 'shop-1', trackingNumber: 'LE123', bookingId: '0123456789abcdef01234567', orderIds: ['1001'], orderNames: ['#1001'], tag: '',
    accountId: 'acc-1', accountName: 'Leopards Karachi', company: 'LEOPARD', status, paymentStatus: 'UNPAID',
    bookedAt: '2026-11-26T10:00:00.000Z', bookedDay: '2026-11-26', bookedBy: 'user-1', bookedByTag: 'ops', lastStatusAt: '2026-11-26T10:00:00.000Z',
    consignee: { name: 'Ayesha Khan', phone: '03001234567', address: 'House 12, Gulberg III' }, destinationCity: 'Lahore',
    cod: 2500, weight: 500, pieces: 1, productsList: 'Lawn suit x 1', remarks: '', lineItems: [],
    fulfillments: [{ fulfillmentId: 'gid://shopify/Fulfillment/1' }, { fulfillmentId: 'gid://shopify/Fulfillment/2' }] as BookingRecord['fulfillments'],
    attention: [], ...extra,
  };
}

/**
 * The ports cancel and delete touch, each recording what was asked of it. Only the booking repository
 * is given unless `reach` opens the rest, so a refusal that asks the courier or Shopify fails loudly.
 */
function world(record: BookingRecord, { reach = true, courierSays = { kind: 'cancelled' } as CancelResult, shopifyRefuses = [] as string[] } = {}) {
  const asked: string[] = [];
  /** Each `counters.apply`: the shop, its changes and its clock; `asked` says where it came in the order. */
  const counted: { shopId: string; changes: CounterChange[]; nowMs: number }[] = [];
  const bookings: Partial<BookingRepo> = {
    get: async (_shop, tn) => (tn === record.trackingNumber ? record : undefined),
    trackingNumberOf: async (_shop, id) => (id === record.bookingId ? record.trackingNumber : undefined),
    recordCancelStep: async (_b, step) => { asked.push(`booking step ${Object.entries(step).map(([k, v]) => `${k} ${v}`).join()}`); },
    setStatus: async (b, status, at, extra) => {
      asked.push(`booking ${status} at ${at}, cancelledAt ${extra?.cancelledAt}, from ${extra?.cancelPendingFrom}`);
      return { ...b, status, ...extra };
    },
    finishCancel: async (b) => { asked.push('booking cancel finished'); const { cancelPendingFrom: _from, ...rest } = b; return rest; },
    change: async (b, change) => { asked.push(`booking ${b.trackingNumber} changing at ${change.changedAt}`); return { ...record, ...b, ...change }; },
    remove: async (b) => { asked.push(`booking ${b.trackingNumber} removed`); },
  };
  const reached = reach ? {
    accounts: { get: async () => account } as Partial<AccountRepo> as AccountRepo,
    secrets: { decrypt: async () => '{}' } as Partial<SecretBox> as SecretBox,
    courier: () => ({
      cancel: async (tn: string) => { asked.push(`courier cancel ${tn}`); return courierSays; },
      // the courier's tracking still shows the parcel moving: a refusal is not a cancel already done
      track: async (tns: string[]) => { asked.push(`courier track ${tns.join()}`); return tns.map((tn) => ({ trackingNumber: tn, found: true, status: 'INPROCESS' })); },
    }) as Partial<CourierAdapter> as CourierAdapter,
    shopifyFor: () => ({
      cancelFulfillment: async (id: string) => {
        asked.push(`shopify cancel ${id}`);
        if (shopifyRefuses.includes(id)) throw new ShopifyUserErrors('fulfillmentCancel', [{ field: null, message: 'Fulfillment is already cancelled' }]);
        return {};
      },
    }) as Partial<ShopifyAdmin> as ShopifyAdmin,
    attempts: { freeOrders: async (b) => { asked.push(`orders ${b.orderIds.join(',')} free`); } } as Partial<AttemptLedger> as AttemptLedger,
    attention: {
      resolve: async (_shop, subject) => { asked.push(`attention ${subject.kind} ${'trackingNumber' in subject ? subject.trackingNumber : ''} resolved`); },
    } as Partial<AttentionStore> as AttentionStore,
  } : {};
  const deps = fakeDeps({
    bookings: bookings as BookingRepo,
    counters: {
      apply: async (shopId, changes, nowMs) => { asked.push('counters moved'); counted.push({ shopId, changes, nowMs }); },
    } as Partial<CounterStore> as CounterStore,
    ...reached,
  });
  return { deps, asked, counted };
}

/** The counter changes of booking() moving from `from` to CANCELLED, every item of its day and month, and the shop's year. */
const movedTo = (from: 'F' | 'I' | 'R') => [...['DAY', 'MONTH'].flatMap((period) => {
  const at = period === 'DAY' ? '2026-11-26' : '2026-11';
  return [
    { item: { kind: 'shop', period, at }, adds: { 's.C': 1, 'a.acc-1.C': 1, [`s.${from}`]: -1, [`a.acc-1.${from}`]: -1 } },
    { item: { kind: 'staff', period, at, userId: 'user-1' }, adds: { 's.C': 1, [`s.${from}`]: -1 } },
    { item: { kind: 'city', period, at, cityKey: 'lahore' }, adds: { 'c.LEOPARD.C': 1, [`c.LEOPARD.${from}`]: -1 } },
  ];
}), { item: { kind: 'shop', period: 'YEAR', at: '2026' }, adds: { 's.C': 1, 'a.acc-1.C': 1, [`s.${from}`]: -1, [`a.acc-1.${from}`]: -1 } }];

const refusalOf = (promise: Promise<unknown>) => promise.then(() => 'done', (error: { code: string }) => error.code);

describe('cancelling a booking', () => {
  it('is refused once the booking is cancelled or delivered, before the courier or Shopify is asked', async () => {
    for (const status of ['CANCELLED', 'DELIVERED'] as const) {
      // Prepare: the booking repository and counters only
      const { deps, asked, counted } = world(booking(status), { reach: false });
      // Act
      const outcome = await refusalOf(cancelBooking(shop, 'LE123', deps));
      // Assess
      expect(outcome).toBe('CANCEL_NOT_ALLOWED');
      expect([asked, counted]).toEqual([[], []]);
    }
  });

  it('is allowed while the booking is fulfilled, in process or returning', async () => {
    for (const status of ['FULFILLED', 'INPROCESS', 'RTS'] as const) {
      const { deps } = world(booking(status));
      expect((await cancelBooking(shop, 'LE123', deps)).status).toBe('CANCELLED');
    }
  });

  it("asks the courier, cancels each Shopify fulfillment, frees the orders, resolves the mark and moves every counter item once from the status to CANCELLED", async () => {
    const { deps, asked, counted } = world(booking('INPROCESS'));
    const cancelled = await cancelBooking(shop, 'LE123', deps);
    expect(asked).toEqual([
      'courier cancel LE123',
      'booking step cancelledAt 2026-11-26T10:00:00.000Z',
      'shopify cancel gid://shopify/Fulfillment/1',
      'shopify cancel gid://shopify/Fulfillment/2',
      'booking step fulfillmentsCancelledAt 2026-11-26T10:00:00.000Z',
      'booking CANCELLED at 2026-11-26T10:00:00.000Z, cancelledAt 2026-11-26T10:00:00.000Z, from INPROCESS',
      'orders 1001 free',
      'attention booking LE123 resolved',
      'counters moved',
      'booking cancel finished',
    ]);
    // one update per item the booking counts in, each with all its ADDs; its COD and payment status stay
    expect(counted).toEqual([{ shopId: 'shop-1', nowMs: Date.parse('2026-11-26T10:00:00.000Z'), changes: movedTo('I') }]);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledAt: '2026-11-26T10:00:00.000Z' });
    expect(CANCELLED_MESSAGE).toBe('Order has been cancelled from courier and unfulfilled from Shopify');
  });

  it('stops at a courier that refuses, changing nothing, and says what the courier said', async () => {
    const { deps, asked, counted } = world(booking('FULFILLED'), { courierSays: { kind: 'refused', messages: ['Already picked up'] } });
    await expect(cancelBooking(shop, 'LE123', deps)).rejects.toMatchObject({
      code: 'COURIER_CANCEL_REFUSED', message: 'The courier refused to cancel this booking: Already picked up',
    });
    expect([asked, counted]).toEqual([['courier cancel LE123', 'courier track LE123'], []]);
  });

  it('goes on without the courier when it has no cancel, and past a fulfillment Shopify has cancelled already', async () => {
    const { deps, asked } = world(booking('FULFILLED'), { courierSays: { kind: 'unsupported' }, shopifyRefuses: ['gid://shopify/Fulfillment/1'] });
    expect((await cancelBooking(shop, 'LE123', deps)).status).toBe('CANCELLED');
    expect(asked).toContain('shopify cancel gid://shopify/Fulfillment/2');
  });

  it('does not ask the courier again on a retry after the courier had cancelled', async () => {
    const { deps, asked } = world(booking('FULFILLED', { cancelledAt: '2026-11-26T09:00:00.000Z' }));
    await cancelBooking(shop, 'LE123', deps);
    expect(asked.filter((a) => a.startsWith('courier'))).toEqual([]);
    expect(asked).toContain('booking CANCELLED at 2026-11-26T10:00:00.000Z, cancelledAt 2026-11-26T09:00:00.000Z, from FULFILLED');
  });

  it('finishes a cancel that stopped after the booking was CANCELLED: neither courier nor Shopify asked, counters moved once from the status it left', async () => {
    // Prepare: a cancel that died after writing CANCELLED, before freeing the orders and moving the counters
    const stopped = booking('CANCELLED', { cancelledAt: '2026-11-26T09:00:00.000Z', fulfillmentsCancelledAt: '2026-11-26T09:00:00.000Z', cancelPendingFrom: 'RTS' });
    const { deps, asked, counted } = world(stopped);
    // Act
    const finished = await cancelBooking(shop, 'LE123', deps);
    // Assess
    expect(asked).toEqual(['orders 1001 free', 'attention booking LE123 resolved', 'counters moved', 'booking cancel finished']);
    expect(counted).toEqual([{ shopId: 'shop-1', nowMs: Date.parse('2026-11-26T10:00:00.000Z'), changes: movedTo('R') }]);
    expect(finished).toMatchObject({ status: 'CANCELLED', cancelledAt: '2026-11-26T09:00:00.000Z' });
    expect(finished.cancelPendingFrom).toBeUndefined();
  });

  it('answers NOT_FOUND for a tracking number the shop does not have', async () => {
    const { deps } = world(booking('FULFILLED'), { reach: false });
    expect(await refusalOf(cancelBooking(shop, 'LE999', deps))).toBe('NOT_FOUND');
  });
});

describe('deleting a booking', () => {
  it('is for a cancelled booking only, marked as changing, and takes its counts off its day and month', async () => {
    for (const status of ['FULFILLED', 'INPROCESS', 'DELIVERED', 'RTS'] as const) {
      const { deps, asked } = world(booking(status), { reach: false });
      expect(await refusalOf(deleteBooking(shop, '0123456789abcdef01234567', deps))).toBe('DELETE_NOT_ALLOWED');
      expect(asked).toEqual([]);
    }
    const { deps, asked, counted } = world(booking('CANCELLED', { paymentStatus: 'PAID' }), { reach: false });
    await deleteBooking(shop, '0123456789abcdef01234567', deps);
    expect(asked).toEqual(['booking LE123 changing at 2026-11-26T10:00:00.000Z', 'counters moved', 'booking LE123 removed']);
    expect(counted).toEqual([{
      shopId: 'shop-1', nowMs: Date.parse('2026-11-26T10:00:00.000Z'),
      changes: [...['DAY', 'MONTH'].flatMap((period) => {
        const at = period === 'DAY' ? '2026-11-26' : '2026-11';
        return [
          { item: { kind: 'shop', period, at }, adds: { 's.C': -1, 'p.PAID': -1, 'a.acc-1.C': -1, 'cod.b': -2500 } },
          { item: { kind: 'staff', period, at, userId: 'user-1' }, adds: { 's.C': -1 } },
          { item: { kind: 'city', period, at, cityKey: 'lahore' }, adds: { 'c.LEOPARD.C': -1 } },
        ];
      }), { item: { kind: 'shop', period: 'YEAR', at: '2026' }, adds: { 's.C': -1, 'p.PAID': -1, 'a.acc-1.C': -1, 'cod.b': -2500 } }],
    }]);
    expect(await refusalOf(deleteBooking(shop, 'ffffffffffffffffffffffff', deps))).toBe('NOT_FOUND');
  });
});
