import type { BookingStatus } from '@dakiya/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { rangeParts } from '../domain/analytics/periods';
import type { CounterStore } from '../domain/ports/counters';
import type { Deps } from '../domain/ports/deps';

type TestDeps = Awaited<ReturnType<typeof testDeps>>;
let deps: TestDeps;
let s: SeededShop;
let staff: { user: { _id: string }; token: string };
let admin: { user: { _id: string } };

/** Bookings: day (in the shop's zone), who booked, status. Spread over two years, month ends and both members. */
const GONE = '0123456789abcdef01234567';
const PLAN: [string, 'owner' | 'staff' | 'admin' | 'gone', BookingStatus][] = [
  ['2025-01-01', 'owner', 'DELIVERED'], ['2025-06-15', 'staff', 'RTS'], ['2025-12-31', 'staff', 'FULFILLED'],
  ['2026-01-01', 'owner', 'CANCELLED'], ['2026-02-28', 'staff', 'INPROCESS'], ['2026-03-01', 'staff', 'DELIVERED'],
  ['2026-10-31', 'owner', 'DELIVERED'], ['2026-11-01', 'staff', 'RTS'], ['2026-11-20', 'staff', 'CANCELLED'],
  ['2026-11-20', 'admin', 'FULFILLED'], ['2026-11-21', 'owner', 'INPROCESS'], ['2026-11-27', 'staff', 'FULFILLED'],
  // booked by someone no longer in the shop
  ['2026-11-21', 'gone', 'DELIVERED'], ['2025-06-15', 'gone', 'CANCELLED'],
];

beforeAll(async () => {
  deps = await testDeps();
  s = await seedShop(deps, { plan: 'MONTHLY' });
  staff = await seedUser(deps, s.shop._id, { role: 'USER', scopes: ['READ_ORDERS'] });
  admin = await seedUser(deps, s.shop._id, { role: 'ADMIN' });
  const account = await seedAccount(deps, s.shop._id);
  const by = { owner: s.owner._id, staff: staff.user._id, admin: admin.user._id, gone: GONE };
  let n = 0;
  for (const [day, who, status] of PLAN) {
    // noon in Karachi: the booking day is the day written
    const rec = bookingRecord(s.shop, account, { trackingNumber: `KI${700000 + n++}`, bookedAt: `${day}T07:00:00.000Z`, bookedBy: by[who], status });
    await writeBooking(deps, s.shop, rec);
  }
});

const expected = (who: string, start: string, end: string) => {
  const by = { owner: s.owner._id, staff: staff.user._id, admin: admin.user._id, gone: GONE } as Record<string, string>;
  const mine = PLAN.filter(([day, w]) => by[w] === who && day >= start && day <= end).map(([, , st]) => st);
  const n = (st: BookingStatus) => mine.filter((x) => x === st).length;
  const booked = n('FULFILLED') + n('INPROCESS') + n('DELIVERED');
  return {
    fulfilled: n('FULFILLED'), inprocess: n('INPROCESS'), delivered: n('DELIVERED'), cancelled: n('CANCELLED'), rts: n('RTS'),
    booked, cancelledTotal: n('CANCELLED') + n('RTS'), total: mine.length,
  };
};

/** Deps whose counter reads are recorded: which series and period each range read asked for. */
function recording(): { deps: Deps; reads: string[] } {
  const reads: string[] = [];
  const counters: CounterStore = Object.create(deps.counters);
  counters.range = (shopId, of, from, to, opts) => {
    reads.push(`${of.kind} ${'period' in of ? of.period : ''} ${from}..${to}`);
    return deps.counters.range(shopId, of, from, to, opts);
  };
  return { deps: Object.assign(Object.create(Object.getPrototypeOf(deps)), deps, { counters }), reads };
}

describe('rangeParts', () => {
  it('reads whole months from month items and the cut days at either end from day items', () => {
    expect(rangeParts('2026-11-27', '2026-11-27')).toEqual({ days: [['2026-11-27', '2026-11-27']] });
    expect(rangeParts('2026-11-01', '2026-11-30')).toEqual({ days: [], months: ['2026-11', '2026-11'] });
    expect(rangeParts('2025-01-01', '2025-12-31')).toEqual({ days: [], months: ['2025-01', '2025-12'] });
    expect(rangeParts('2026-01-15', '2026-11-27')).toEqual({ days: [['2026-01-15', '2026-01-31'], ['2026-11-01', '2026-11-27']], months: ['2026-02', '2026-10'] });
    expect(rangeParts('2026-10-15', '2026-11-10')).toEqual({ days: [['2026-10-15', '2026-11-10']] });
    expect(rangeParts('2024-02-01', '2024-02-29')).toEqual({ days: [], months: ['2024-02', '2024-02'] });
  });

  it('takes the month of a range that reaches today whole: no booking is later than today', () => {
    expect(rangeParts('2026-01-15', '2026-11-20', '2026-11-20')).toEqual({ days: [['2026-01-15', '2026-01-31']], months: ['2026-02', '2026-11'] });
    expect(rangeParts('2026-11-01', '2026-11-20', '2026-11-20')).toEqual({ days: [], months: ['2026-11', '2026-11'] });
    expect(rangeParts('2026-11-03', '2026-11-20', '2026-11-20')).toEqual({ days: [['2026-11-03', '2026-11-20']] });
    expect(rangeParts('2026-01-15', '2026-11-19', '2026-11-20')).toEqual({ days: [['2026-01-15', '2026-01-31'], ['2026-11-01', '2026-11-19']], months: ['2026-02', '2026-10'] });
  });
});

describe('GET /staff/table-order-count', () => {
  it.each([
    ['2026-11-20', '2026-11-20'], ['2026-11-21', '2026-11-27'], ['2026-11-01', '2026-11-27'], ['2025-01-01', '2025-12-31'],
    ['2025-06-15', '2026-03-01'], ['2024-01-01', '2026-12-31'],
  ])('counts each member over %s..%s, with a totals row, as the orders list counts them', async (start, end) => {
    const res = await call(deps, 'users.staffTable', { token: s.ownerToken, query: { start, end } });
    expect(res.status).toBe(200);
    expect(res.body.range).toEqual({ start, end });
    const rows = res.body.stats as { _id: string; total: number }[];
    expect(rows.map((r) => r._id).sort()).toEqual([s.owner._id, staff.user._id, admin.user._id].sort());
    for (const row of rows) {
      expect(row).toMatchObject(expected(row._id, start, end));
      const list = await call(deps, 'orders.list', { token: s.ownerToken, query: { bookedBy: row._id, bookingFrom: start, bookingTo: end } });
      expect(list.body.totalOrders).toBe(row.total);
    }
    const all = PLAN.filter(([day]) => day >= start && day <= end);
    expect(res.body.totals.total).toBe(all.length);
    expect(res.body.totals.booked + res.body.totals.cancelledTotal).toBe(all.length);
    // what people no longer in the shop booked is its own line, so rows and former add up to the totals
    const gone = expected(GONE, start, end);
    if (gone.total) expect(res.body.former).toEqual(gone);
    else expect(res.body.former).toBeUndefined();
    const list = await call(deps, 'orders.list', { token: s.ownerToken, query: { bookingFrom: start, bookingTo: end } });
    expect(list.body.totalOrders).toBe(res.body.totals.total);
  });

  it('a year reads twelve month items per member and the shop\'s, not 365 days', async () => {
    const { deps: counting, reads } = recording();
    await call(counting, 'users.staffTable', { token: s.ownerToken, query: { start: '2025-01-01', end: '2025-12-31' } });
    expect(reads.sort()).toEqual(['shop MONTH 2025-01..2025-12', ...Array(3).fill('staff MONTH 2025-01..2025-12')]);
  });

  it('a range cut inside months reads its end days and the whole months between', async () => {
    const { deps: counting, reads } = recording();
    await call(counting, 'users.staffTable', { token: s.ownerToken, query: { start: '2025-01-15', end: '2025-11-27' } });
    expect([...new Set(reads)].sort()).toEqual([
      'shop DAY 2025-01-15..2025-01-31', 'shop DAY 2025-11-01..2025-11-27', 'shop MONTH 2025-02..2025-10',
      'staff DAY 2025-01-15..2025-01-31', 'staff DAY 2025-11-01..2025-11-27', 'staff MONTH 2025-02..2025-10',
    ]);
    expect(reads).toHaveLength(12);
  });

  it('reads this month so far as its one month item: no booking is later than today', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(deps.now());
    const month = today.slice(0, 7);
    const { deps: counting, reads } = recording();
    await call(counting, 'users.staffTable', { token: s.ownerToken, query: { start: `${month}-01`, end: today } });
    expect([...new Set(reads)].sort()).toEqual([`shop MONTH ${month}..${month}`, `staff MONTH ${month}..${month}`]);
  });

  it('defaults to today in the shop\'s time zone', async () => {
    const res = await call(deps, 'users.staffTable', { token: s.ownerToken });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(deps.now());
    expect(res.body.range).toEqual({ start: today, end: today });
  });

  it('refuses a range that ends before it starts, and bad dates, with the field\'s message', async () => {
    const back = await call(deps, 'users.staffTable', { token: s.ownerToken, query: { start: '2026-11-27', end: '2026-11-01' } });
    expect(back.status).toBe(400);
    expect(back.body.errors[0]).toMatchObject({ msg: 'Start date must be on or before end date', param: 'end' });
    const bad = await call(deps, 'users.staffTable', { token: s.ownerToken, query: { start: '2026-02-30' } });
    expect(bad.body.errors[0]).toMatchObject({ msg: 'Start date must be a date like 2026-11-23', param: 'start' });
  });

  it('is for ADMINs only', async () => {
    const res = await call(deps, 'users.staffTable', { token: staff.token, query: {} });
    expect(res.status).toBe(403);
  });
});

describe('charts and one member\'s counts', () => {
  it('charts a short range by day and a long one by month, the points summing to the table', async () => {
    const week = await call(deps, 'users.staffMemberChart', { token: s.ownerToken, params: { id: staff.user._id }, query: { start: '2026-11-21', end: '2026-11-27' } });
    expect(week.body.period).toBe('DAY');
    expect(week.body.points.map((p: { at: string }) => p.at)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(week.body.points.at(-1)).toEqual({ at: '2026-11-27', booked: 1, cancelled: 0, total: 1 });

    const span = await call(deps, 'users.staffMemberChart', { token: s.ownerToken, params: { id: staff.user._id }, query: { start: '2025-06-15', end: '2026-03-01' } });
    expect(span.body.period).toBe('MONTH');
    expect(span.body.points).toHaveLength(10);
    expect(span.body.points[0]).toEqual({ at: '2025-06', booked: 0, cancelled: 1, total: 1 });
    expect(span.body.points.reduce((n: number, p: { total: number }) => n + p.total, 0)).toBe(expected(staff.user._id, '2025-06-15', '2026-03-01').total);

    const shop = await call(deps, 'users.staffChart', { token: s.ownerToken, query: { start: '2026-11-01', end: '2026-11-30' } });
    expect(shop.body.points.reduce((n: number, p: { total: number }) => n + p.total, 0)).toBe(PLAN.filter(([d]) => d.startsWith('2026-11')).length);
  });

  it('counts a member over a preset, a range, and all time', async () => {
    const all = await call(deps, 'users.staffAllCounts', { token: s.ownerToken, params: { id: staff.user._id } });
    expect(all.body.counts).toEqual(expected(staff.user._id, '0000-01-01', '9999-12-31'));
    expect(all.body.user).toMatchObject({ _id: staff.user._id, role: 'USER' });
    const range = await call(deps, 'users.staffCount', { token: s.ownerToken, params: { id: staff.user._id }, query: { from: '2026-11-01', to: '2026-11-27' } });
    expect(range.body.counts).toEqual(expected(staff.user._id, '2026-11-01', '2026-11-27'));
    const preset = await call(deps, 'users.staffCount', { token: s.ownerToken, params: { id: staff.user._id }, query: { flag: 'lastYear' } });
    const year = String(Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(deps.now()).slice(0, 4)) - 1);
    expect(preset.body.range).toEqual({ start: `${year}-01-01`, end: `${year}-12-31` });
    const badFlag = await call(deps, 'users.staffCount', { token: s.ownerToken, params: { id: staff.user._id }, query: { flag: 'forever' } });
    expect(badFlag.status).toBe(400);
  });

  it('answers 404 for a member of no shop of the caller', async () => {
    const other = await seedShop(deps);
    const res = await call(deps, 'users.staffAllCounts', { token: s.ownerToken, params: { id: other.owner._id } });
    expect(res.status).toBe(404);
  });
});

