import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, changeBooking, writeBooking } from '../test-support/bookings';
import { counterDiff, countersOfShop } from '../test-support/counters';
import type { BookingRecord, BookingRepo } from '../domain/ports/bookings';
import type { AccountRecord } from '../domain/records';

/**
 * POST /import-orders on DynamoDB Local: six bookings of one shop over two days (KI…1 to KI…4 on
 * 2026-11-02, KI…5 and KI…6 on 2026-11-03), two of them paid; every expectation is written out by hand.
 */
let deps: TestDeps;
let seeded: SeededShop;
let account: AccountRecord;
let other: SeededShop;
const tn = (i: number) => `KI70000000${i}`;

/** UpdateItem calls by kind of item written, counted by a middleware on the table's client. */
const writes = { bookings: 0, counters: 0 };

beforeAll(async () => {
  deps = await testDeps();
  seeded = await seedShop(deps, { plan: 'MONTHLY' });
  other = await seedShop(deps);
  account = await seedAccount(deps, seeded.shop._id);
  for (let i = 1; i <= 6; i++) {
    const bookedAt = i <= 4 ? `2026-11-02T0${i}:00:00.000Z` : `2026-11-03T0${i}:00:00.000Z`;
    await writeBooking(deps, seeded.shop, bookingRecord(seeded.shop, account, { trackingNumber: tn(i), bookedAt, paymentStatus: i === 2 || i === 4 ? 'PAID' : 'UNPAID', cod: 1000 * i }));
  }
  deps.db.middlewareStack.add((next) => async (args) => {
    const input = args.input as { UpdateExpression?: string; Key?: { sk?: string } };
    if (input.UpdateExpression && input.Key?.sk) {
      if (input.Key.sk.startsWith('BOOKING#')) writes.bookings++; else if (input.Key.sk.startsWith('CNT#') || input.Key.sk.startsWith('DELIVERED#')) writes.counters++;
    }
    return next(args);
  }, { step: 'initialize', name: 'countWrites' });
}, 120_000);

const stored = async (i: number) => (await deps.bookings.get(seeded.shop._id, tn(i)))!;
const importRows = (ordersData: unknown, token = seeded.ownerToken, using: TestDeps = deps) => call(using, 'orders.import', { token, body: { ordersData } });
const listed = async (payment: 'PAID' | 'UNPAID') => {
  const res = await call(deps, 'orders.list', { token: seeded.ownerToken, query: { payment_status: payment } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { total: res.body.totalOrders as number, numbers: (res.body.data as { tracking_number: string }[]).map((r) => r.tracking_number).sort() };
};

describe('POST /import-orders', () => {
  it('answers each row by itself, writes only the changed ones, and moves each counter item once', async () => {
    const before = await countersOfShop(deps, seeded.shop._id);
    writes.bookings = 0;
    writes.counters = 0;
    const res = await importRows([
      { tracking_number: tn(1), payment_status: 'PAID' },
      { tracking_number: tn(2), payment_status: 'paid' },
      { tracking_number: 'KI799999999', payment_status: 'PAID' },
      { tracking_number: tn(3), payment_status: 'SETTLED' },
      { tracking_number: '', payment_status: 'PAID' },
      { tracking_number: tn(3), payment_status: 'Paid' },
      { tracking_number: tn(4), payment_status: 'UNPAID' },
      { tracking_number: tn(5), payment_status: 'PAID' },
      { tracking_number: tn(5), payment_status: 'PAID' },
      { tracking_number: tn(6), payment_status: 'UNPAID' },
      { tracking_number: tn(1), payment_status: 'UNPAID' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      msg: '5 updated, 3 unchanged, 3 not matched', updated: 5, unchanged: 3, notMatched: 3,
      results: [
        { row: 0, result: 'UPDATED' }, { row: 1, result: 'UNCHANGED' }, { row: 2, result: 'NOT_FOUND' }, { row: 3, result: 'INVALID_STATUS' },
        { row: 4, result: 'NOT_FOUND' }, { row: 5, result: 'UPDATED' }, { row: 6, result: 'UPDATED' }, { row: 7, result: 'UPDATED' },
        { row: 8, result: 'UNCHANGED' }, { row: 9, result: 'UNCHANGED' }, { row: 10, result: 'UPDATED' },
      ],
    });
    // KI1 went PAID and back (rows 0 and 10), 3 and 5 are PAID now, 4 UNPAID; 2 was PAID already
    expect((await Promise.all([1, 2, 3, 4, 5, 6].map(stored))).map((b) => b.paymentStatus)).toEqual(['UNPAID', 'PAID', 'PAID', 'UNPAID', 'PAID', 'UNPAID']);
    expect(await listed('PAID')).toEqual({ total: 3, numbers: [tn(2), tn(3), tn(5)] });
    expect(await listed('UNPAID')).toEqual({ total: 3, numbers: [tn(1), tn(4), tn(6)] });
    // the 2nd: +1 PAID (KI3) -1 PAID (KI4); the 3rd: +1 PAID (KI5); months and the year sum both days
    expect(counterDiff(before, await countersOfShop(deps, seeded.shop._id))).toEqual({
      'shop DAY 2026-11-03': { 'p.PAID': 1, 'p.UNPAID': -1 },
      'shop MONTH 2026-11': { 'p.PAID': 1, 'p.UNPAID': -1 },
      'shop YEAR 2026': { 'p.PAID': 1, 'p.UNPAID': -1 },
    });
    // five booking writes; the day of 2026-11-02 summed to nothing and is not written at all
    expect(writes).toEqual({ bookings: 5, counters: 3 });
  });

  it('reads a booking again when another change got to it first, and never moves its counts twice', async () => {
    // someone marks KI6 paid, and the courier moves KI5, between the import's read and its write
    const injected = new Set<string>();
    const bookings: BookingRepo = Object.create(deps.bookings) as BookingRepo;
    bookings.change = async (booking: BookingRecord, change) => {
      if (!injected.has(booking.trackingNumber)) {
        injected.add(booking.trackingNumber);
        if (booking.trackingNumber === tn(6)) await changeBooking(deps, seeded.shop, booking, { paymentStatus: 'PAID' });
        if (booking.trackingNumber === tn(5)) await changeBooking(deps, seeded.shop, booking, { status: 'INPROCESS', lastStatusAt: '2026-11-04T10:00:00.000Z' });
      }
      return deps.bookings.change(booking, change);
    };
    const before = await countersOfShop(deps, seeded.shop._id);
    const res = await importRows([{ tracking_number: tn(6), payment_status: 'PAID' }, { tracking_number: tn(5), payment_status: 'UNPAID' }], seeded.ownerToken, { ...deps, bookings });
    expect(res.body).toEqual({
      msg: '1 updated, 1 unchanged, 0 not matched', updated: 1, unchanged: 1, notMatched: 0,
      results: [{ row: 0, result: 'UNCHANGED' }, { row: 1, result: 'UPDATED' }],
    });
    expect(await stored(6)).toMatchObject({ paymentStatus: 'PAID', status: 'FULFILLED' });
    expect(await stored(5)).toMatchObject({ paymentStatus: 'UNPAID', status: 'INPROCESS' });
    // KI6: +PAID once (the other change); KI5: F -> I (the courier's move), then PAID -> UNPAID (the import)
    // and the payment counts net to nothing: KI6 +1 PAID (the other change, not again by the import), KI5 -1 PAID (the import)
    const diff = counterDiff(before, await countersOfShop(deps, seeded.shop._id));
    for (const item of ['shop DAY 2026-11-03', 'shop MONTH 2026-11', 'shop YEAR 2026']) {
      expect(diff[item], item).toEqual({ 's.F': -1, 's.I': 1, [`a.${account._id}.F`]: -1, [`a.${account._id}.I`]: 1 });
    }
  });

  it('matches no booking of another shop, and tells nothing of it', async () => {
    const res = await importRows([{ tracking_number: tn(1), payment_status: 'PAID' }], other.ownerToken);
    expect(res.body).toEqual({ msg: '0 updated, 0 unchanged, 1 not matched', updated: 0, unchanged: 0, notMatched: 1, results: [{ row: 0, result: 'NOT_FOUND' }] });
    expect((await stored(1)).paymentStatus).toBe('UNPAID');
  });

  it('refuses a member without UPDATE_ORDERS and writes nothing', async () => {
    const { user } = await seedUser(deps, seeded.shop._id, { scopes: ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS', 'EXPORT_ORDERS'] });
    const { startSession } = await import('../domain/sessions');
    const res = await importRows([{ tracking_number: tn(1), payment_status: 'PAID' }], await startSession(user, seeded.shop, 'full', deps));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ msg: 'You do not have access to this area. Ask your admin for access.', code: 'MISSING_SCOPE' }] });
    expect((await stored(1)).paymentStatus).toBe('UNPAID');
  });

  it('refuses an empty chunk, a missing list and one over the chunk size with a catalogue 400, writing nothing', async () => {
    const before = await countersOfShop(deps, seeded.shop._id);
    for (const [ordersData, msg] of [
      [[], 'The file has no rows to import'],
      [undefined, 'ordersData must be a list of rows'],
      [[{ tracking_number: tn(1) }], 'payment_status is required'],
      [[{ tracking_number: tn(1), payment_status: 'PAID' }, ...Array.from({ length: 1000 }, (_, i) => ({ tracking_number: `KI8${i}`, payment_status: 'PAID' }))], 'Send at most 1000 rows at once'],
    ] as const) {
      const res = await importRows(ordersData);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', msg });
    }
    const huge = await call(deps, 'orders.import', { token: seeded.ownerToken, rawBody: JSON.stringify({ ordersData: [{ tracking_number: tn(1), payment_status: 'PAID'.padEnd(7 * 1024 * 1024) }] }) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ errors: [{ msg: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' }] });
    expect((await stored(1)).paymentStatus).toBe('UNPAID');
    expect(await countersOfShop(deps, seeded.shop._id)).toEqual(before);
  });

  it('reads a chunk\'s bookings once, a hundred at a time, and only the fields a change and the counters need', async () => {
    const reads: { command: string; fields?: string[] }[] = [];
    deps.db.middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { RequestItems?: Record<string, { Keys?: { sk?: string }[]; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }>; Key?: { sk?: string }; UpdateExpression?: string };
      const asked = Object.values(input.RequestItems ?? {})[0];
      if (asked?.Keys?.some((key) => key.sk?.startsWith('BOOKING#'))) reads.push({ command: 'BatchGet', fields: asked.ProjectionExpression?.split(', ').map((name) => asked.ExpressionAttributeNames?.[name] ?? name) });
      else if (!input.UpdateExpression && input.Key?.sk?.startsWith('BOOKING#')) reads.push({ command: String(context.commandName) });
      return next(args);
    }, { step: 'initialize', name: 'countReads' });
    // KI1 is UNPAID already; 249 numbers no booking has
    const rows = [{ tracking_number: tn(1), payment_status: 'UNPAID' }, ...Array.from({ length: 249 }, (_, i) => ({ tracking_number: `KI9${String(i).padStart(8, '0')}`, payment_status: 'PAID' }))];
    try {
      const res = await importRows(rows);
      expect(res.body).toMatchObject({ msg: '0 updated, 1 unchanged, 249 not matched', updated: 0, unchanged: 1, notMatched: 249 });
    } finally {
      deps.db.middlewareStack.remove('countReads');
    }
    const counted = ['shopId', 'trackingNumber', 'bookedDay', 'status', 'paymentStatus', 'accountId', 'company', 'destinationCity', 'bookedBy', 'cod', 'tag', 'lastStatusAt', 'deliveredAt', 'deliveryDays'];
    expect(reads).toEqual([1, 2, 3].map(() => ({ command: 'BatchGet', fields: counted })));
  });
});
