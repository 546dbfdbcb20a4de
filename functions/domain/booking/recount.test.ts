import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fake-deps';
import { MemoryCounters } from '../../test-support/memory-counters';
import type { BookingIndex, BookingRecord, BookingRepo, IndexWindow } from '../ports/bookings';
import type { ShopRecord } from '../records';
import { recountBookedDay, recountDeliveredDay } from './recount';
import { recountMarked } from './recount-marked';

const DAY = '2026-11-20';
const NOW = new Date('2026-11-26T10:00:00.000Z');
const shop = { _id: 'shop-1', iana_time_zone: 'Asia/Karachi' } as ShopRecord;

function booking(tn: string, fields: Partial<BookingRecord>): BookingRecord {
  return {
    shopId: shop._id, trackingNumber: tn, bookingId: tn, orderIds: ['1'], orderNames: [`#${tn}`], tag: '', accountId: 'a1', accountName: 'A',
    company: 'LEOPARD', status: 'FULFILLED', paymentStatus: 'UNPAID', bookedAt: '2026-11-20T06:00:00.000Z', bookedDay: DAY, bookedBy: 'u1', bookedByTag: '',
    lastStatusAt: '2026-11-20T06:00:00.000Z', consignee: { name: 'n', phone: '03001234567', address: 'x' }, destinationCity: 'Lahore', cod: 1000,
    weight: 500, pieces: 1, productsList: 'p', remarks: '', lineItems: [], fulfillments: [], attention: [], ...fields,
  };
}

/** The two indexes the recount reads, over a fixed list of bookings, newest first within the window. */
function repoOf(bookings: BookingRecord[]): BookingRepo {
  const sortOf = (b: BookingRecord, index: BookingIndex) => `${index.index === 'delivered' ? b.deliveredAt : b.bookedAt}#${b.trackingNumber}`;
  return {
    indexPage: async (_shopId: string, index: BookingIndex, window: IndexWindow, limit: number) => {
      const listed = bookings
        .filter((b) => index.index !== 'delivered' || (b.status === index.value && b.deliveredAt))
        .map((b) => ({ trackingNumber: b.trackingNumber, sort: sortOf(b, index) }))
        .filter((k) => (!window.from || k.sort >= window.from) && (!window.below || k.sort < window.below))
        .sort((a, b) => (a.sort < b.sort ? 1 : -1));
      return { keys: listed.slice(0, limit), more: listed.length > limit };
    },
    getMany: async (_shopId: string, numbers: string[]) => bookings.filter((b) => numbers.includes(b.trackingNumber)),
  } as unknown as BookingRepo;
}

const twoBookings = () => [
  booking('T1', {}),
  booking('T2', {
    status: 'DELIVERED', paymentStatus: 'PAID', destinationCity: 'Karachi', cod: 2000, deliveredAt: '2026-11-22T09:00:00.000Z', deliveryDays: 2,
    changedAt: '2026-11-22T09:00:00.000Z',
  }),
];

describe('the recount of a shop\'s day', () => {
  it('repairs only the counter items that drifted, by exactly the difference, and their months and the shop\'s year follow', async () => {
    // Prepare: the shop's day item with one FULFILLED too many and a stale RTS; Karachi's day item missing
    const counters = new MemoryCounters();
    counters.set({ kind: 'shop', period: 'DAY', at: DAY }, {
      's.F': 2, 's.D': 1, 's.R': 1, 'p.UNPAID': 1, 'p.PAID': 1, 'a.a1.F': 1, 'a.a1.D': 1, 'cod.b': 3000, 'cod.d': 2000,
    });
    counters.set({ kind: 'shop', period: 'MONTH', at: '2026-11' }, {
      's.F': 2, 's.D': 1, 's.R': 1, 'p.UNPAID': 1, 'p.PAID': 1, 'a.a1.F': 1, 'a.a1.D': 1, 'cod.b': 3000, 'cod.d': 2000,
    });
    counters.set({ kind: 'shop', period: 'YEAR', at: '2026' }, {
      's.F': 2, 's.D': 1, 's.R': 1, 'p.UNPAID': 1, 'p.PAID': 1, 'a.a1.F': 1, 'a.a1.D': 1, 'cod.b': 3000, 'cod.d': 2000,
    });
    counters.set({ kind: 'staff', period: 'DAY', at: DAY, userId: 'u1' }, { 's.F': 1, 's.D': 1 });
    counters.set({ kind: 'staff', period: 'MONTH', at: '2026-11', userId: 'u1' }, { 's.F': 1, 's.D': 1 });
    counters.set({ kind: 'city', period: 'DAY', at: DAY, cityKey: 'lahore' }, { 'c.LEOPARD.F': 1 });
    counters.set({ kind: 'city', period: 'MONTH', at: '2026-11', cityKey: 'lahore' }, { 'c.LEOPARD.F': 1 });
    const deps = fakeDeps({ bookings: repoOf(twoBookings()), counters, now: () => NOW });

    // Act
    const result = await recountBookedDay(shop, DAY, deps);

    // Assess
    expect(counters.repairs).toEqual([
      { item: `shop DAY ${DAY}`, adds: { 's.F': -1, 's.R': -1 } },
      { item: `city karachi DAY ${DAY}`, adds: { 'c.LEOPARD.D': 1, dn: 1, dd: 2 } },
      { item: `courierDays karachi DAY ${DAY}`, adds: { 'h.LEOPARD.2': 1 } },
      { item: 'shop MONTH 2026-11', adds: { 's.F': -1, 's.R': -1 } },
      { item: 'city karachi MONTH 2026-11', adds: { 'c.LEOPARD.D': 1, dn: 1, dd: 2 } },
      { item: 'courierDays karachi MONTH 2026-11', adds: { 'h.LEOPARD.2': 1 } },
      { item: 'shop YEAR 2026', adds: { 's.F': -1, 's.R': -1 } },
    ]);
    expect(result).toEqual({ outcome: 'repaired', repaired: 7 });
    expect(counters.counts(`shop DAY ${DAY}`)).toEqual({ 's.F': 1, 's.D': 1, 'p.UNPAID': 1, 'p.PAID': 1, 'a.a1.F': 1, 'a.a1.D': 1, 'cod.b': 3000, 'cod.d': 2000 });
  });

  it('rebuilds a city item of the first shape: its histogram per city goes, its count and sum of delivery days and the histogram per courier come', async () => {
    const counters = new MemoryCounters();
    const delivered = booking('T2', { status: 'DELIVERED', destinationCity: 'Karachi', deliveredAt: '2026-11-22T09:00:00.000Z', deliveryDays: 2 });
    counters.set({ kind: 'shop', period: 'DAY', at: DAY }, { 's.D': 1, 'p.UNPAID': 1, 'a.a1.D': 1, 'cod.b': 1000, 'cod.d': 1000 });
    counters.set({ kind: 'shop', period: 'MONTH', at: '2026-11' }, { 's.D': 1, 'p.UNPAID': 1, 'a.a1.D': 1, 'cod.b': 1000, 'cod.d': 1000 });
    counters.set({ kind: 'shop', period: 'YEAR', at: '2026' }, { 's.D': 1, 'p.UNPAID': 1, 'a.a1.D': 1, 'cod.b': 1000, 'cod.d': 1000 });
    counters.set({ kind: 'staff', period: 'DAY', at: DAY, userId: 'u1' }, { 's.D': 1 });
    counters.set({ kind: 'staff', period: 'MONTH', at: '2026-11', userId: 'u1' }, { 's.D': 1 });
    counters.set({ kind: 'city', period: 'DAY', at: DAY, cityKey: 'karachi' }, { 'c.LEOPARD.D': 1, 'h.2': 1 });
    counters.set({ kind: 'city', period: 'MONTH', at: '2026-11', cityKey: 'karachi' }, { 'c.LEOPARD.D': 1, 'h.2': 1 });
    const deps = fakeDeps({ bookings: repoOf([delivered]), counters, now: () => NOW });

    expect(await recountBookedDay(shop, DAY, deps)).toEqual({ outcome: 'repaired', repaired: 4 });

    expect(counters.repairs).toEqual([
      { item: `city karachi DAY ${DAY}`, adds: { dn: 1, dd: 2 }, removes: ['h.2'] },
      { item: `courierDays karachi DAY ${DAY}`, adds: { 'h.LEOPARD.2': 1 } },
      { item: 'city karachi MONTH 2026-11', adds: { dn: 1, dd: 2 }, removes: ['h.2'] },
      { item: 'courierDays karachi MONTH 2026-11', adds: { 'h.LEOPARD.2': 1 } },
    ]);
    // taken out, not left at zero: the dashboard pays for every byte of a city item it reads
    expect(Object.keys((await counters.read(shop._id, [{ kind: 'city', period: 'MONTH', at: '2026-11', cityKey: 'karachi' }]))[0]!.counts).sort()).toEqual(['c.LEOPARD.D', 'dd', 'dn']);
  });

  it('repairs a month whose own update was lost while its days are right', async () => {
    const counters = new MemoryCounters();
    counters.set({ kind: 'staff', period: 'DAY', at: DAY, userId: 'u1' }, { 's.F': 1 });
    counters.set({ kind: 'staff', period: 'DAY', at: '2026-11-21', userId: 'u1' }, { 's.F': 3 });
    counters.set({ kind: 'staff', period: 'MONTH', at: '2026-11', userId: 'u1' }, { 's.F': 3 });
    counters.set({ kind: 'shop', period: 'DAY', at: DAY }, { 's.F': 1, 'p.UNPAID': 1, 'a.a1.F': 1, 'cod.b': 1000 });
    counters.set({ kind: 'shop', period: 'MONTH', at: '2026-11' }, { 's.F': 1, 'p.UNPAID': 1, 'a.a1.F': 1, 'cod.b': 1000 });
    counters.set({ kind: 'shop', period: 'YEAR', at: '2026' }, { 's.F': 1, 'p.UNPAID': 1, 'a.a1.F': 1, 'cod.b': 1000 });
    counters.set({ kind: 'city', period: 'DAY', at: DAY, cityKey: 'lahore' }, { 'c.LEOPARD.F': 1 });
    counters.set({ kind: 'city', period: 'MONTH', at: '2026-11', cityKey: 'lahore' }, { 'c.LEOPARD.F': 1 });
    const deps = fakeDeps({ bookings: repoOf([booking('T1', {})]), counters, now: () => NOW });

    await recountBookedDay(shop, DAY, deps);

    expect(counters.repairs).toEqual([{ item: 'staff u1 MONTH 2026-11', adds: { 's.F': 1 } }]);
  });

  it('leaves a day alone while a booking on it changed minutes ago, or a counter of it was just written', async () => {
    const counters = new MemoryCounters();
    const recent = booking('T3', { changedAt: new Date(NOW.getTime() - 60_000).toISOString() });
    const deps = fakeDeps({ bookings: repoOf([recent]), counters, now: () => NOW });
    expect(await recountBookedDay(shop, DAY, deps)).toEqual({ outcome: 'busy', repaired: 0 });

    counters.set({ kind: 'shop', period: 'DAY', at: DAY }, { 's.F': 5 }, NOW.getTime() - 60_000);
    const quiet = fakeDeps({ bookings: repoOf([booking('T1', {})]), counters, now: () => NOW });
    expect(await recountBookedDay(shop, DAY, quiet)).toEqual({ outcome: 'busy', repaired: 0 });
    expect(counters.repairs).toEqual([]);
  });

  it('never applies a repair after another write reached the item since it was read', async () => {
    const counters = new MemoryCounters();
    counters.set({ kind: 'shop', period: 'DAY', at: DAY }, { 's.F': 5 });
    const read = counters.read.bind(counters);
    // a booking's update lands between the recount's read and its repair
    counters.read = async (...args) => {
      const found = await read(...args);
      await counters.apply(shop._id, [{ item: { kind: 'shop', period: 'DAY', at: DAY }, adds: { 's.F': 1 } }], 0);
      return found;
    };
    const deps = fakeDeps({ bookings: repoOf([booking('T1', {})]), counters, now: () => NOW });
    expect(await recountBookedDay(shop, DAY, deps)).toEqual({ outcome: 'busy', repaired: 0 });
    expect(counters.counts(`shop DAY ${DAY}`)).toEqual({ 's.F': 6 });
  });

  it('counts deliveries and returns by the day they arrived, per courier, with delivery days and COD', async () => {
    const counters = new MemoryCounters();
    const arrived = [
      booking('D1', { status: 'DELIVERED', deliveredAt: '2026-11-22T09:00:00.000Z', deliveryDays: 2, cod: 2000 }),
      booking('D2', { status: 'DELIVERED', company: 'POSTEX', deliveredAt: '2026-11-22T12:00:00.000Z', deliveryDays: 5, cod: 700, bookedDay: '2026-11-17' }),
      booking('R1', { status: 'RTS', deliveredAt: '2026-11-22T15:00:00.000Z' }),
      booking('D3', { status: 'DELIVERED', deliveredAt: '2026-11-23T15:00:00.000Z', deliveryDays: 3 }),
    ];
    const deps = fakeDeps({ bookings: repoOf(arrived), counters, now: () => NOW });
    expect(await recountDeliveredDay(shop, '2026-11-22', deps)).toEqual({ outcome: 'repaired', repaired: 1 });
    expect(counters.counts('delivered 2026-11-22')).toEqual({ 'd.LEOPARD': 1, 'ds.LEOPARD': 2, 'd.POSTEX': 1, 'ds.POSTEX': 5, cod: 2700, 'r.LEOPARD': 1 });
  });
});

describe('the nightly run', () => {
  it('recounts every day marked since the last run, however old, and marks again the days it had to leave', async () => {
    const counters = new MemoryCounters();
    const old = booking('T1', { bookedDay: '2026-03-02', bookedAt: '2026-03-02T06:00:00.000Z', lastStatusAt: '2026-03-02T06:00:00.000Z' });
    const busy = booking('T2', { changedAt: new Date(NOW.getTime() - 2 * 60_000).toISOString() });
    // a move yesterday on a booking of March (its day's count lost), and a booking of the 20th still being written
    await counters.mark([{ shopId: shop._id, kind: 'booked', day: '2026-03-02' }], NOW.getTime() - 20 * 3_600_000);
    await counters.mark([{ shopId: shop._id, kind: 'booked', day: DAY }], NOW.getTime() - 3_600_000);
    counters.through = Math.floor(NOW.getTime() / 3_600_000) - 30;
    const deps = fakeDeps({ bookings: repoOf([old, busy]), counters, shops: { getMany: async () => [shop] } as never, now: () => NOW });

    expect(await recountMarked(deps)).toEqual({ days: 2, repaired: 7, busy: 1 });

    expect(counters.counts('shop DAY 2026-03-02')).toEqual({ 's.F': 1, 'p.UNPAID': 1, 'a.a1.F': 1, 'cod.b': 1000 });
    expect(counters.counts('shop YEAR 2026')).toEqual({ 's.F': 1, 'p.UNPAID': 1, 'a.a1.F': 1, 'cod.b': 1000 });
    expect(counters.marks.get(Math.floor(NOW.getTime() / 3_600_000))).toEqual([{ shopId: shop._id, kind: 'booked', day: DAY }]);
    expect(counters.through).toBe(Math.floor(NOW.getTime() / 3_600_000) - 1);
  });
});
