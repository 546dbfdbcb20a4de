import { beforeAll, describe, expect, it } from 'vitest';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testDeps, type TestDeps } from '../../../test-support/harness';
import type { BookingAttempt, BookingRecord } from '../../../domain/ports/bookings';
import { newId } from '../../../ground/ids';
import { BOOKING_INDEXES } from '../table';
import { keys } from '../keys';

let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });

const shopId = newId();
const accountId = newId();

function record(tn: string, bookedAt: string, extra: Partial<BookingRecord> = {}): BookingRecord {
  return {
    shopId, trackingNumber: tn, bookingId: newId(), orderIds: [tn.replace(/\D/g, '')], orderNames: [`#${tn}`], tag: '', accountId, accountName: 'Leopards main',
    company: 'LEOPARD', status: 'FULFILLED', paymentStatus: 'UNPAID', bookedAt, bookedDay: bookedAt.slice(0, 10), bookedBy: 'u1', bookedByTag: 'packer',
    lastStatusAt: bookedAt, consignee: { name: 'Ayesha', phone: '03001234567', address: 'Gulberg' }, destinationCity: 'Lahore', cod: 100, weight: 500,
    pieces: 1, productsList: 'Lawn', remarks: '', lineItems: [{ image: null, title: 'Lawn', variant_title: null, price: '100.0', currentQuantity: 1 }],
    fulfillments: [], attention: [], ...extra,
  };
}

async function save(r: BookingRecord) {
  const attempt: BookingAttempt = {
    attemptId: newId(), shopId, orderIds: r.orderIds, attempts: Object.fromEntries(r.orderIds.map((id) => [id, 1])), stage: 'courier-booked',
    userId: 'u1', createdAt: r.bookedAt, leaseUntil: 1,
  };
  expect(await deps.attempts.start(attempt, new Map(), Date.now())).toBe(true);
  return saveFor(r, attempt);
}

/** As a booking is finished: the booking and its pointers, then its orders' claims. */
async function saveFor(r: BookingRecord, attempt: BookingAttempt) {
  const created = await deps.bookings.save(r);
  await deps.attempts.markBooked(attempt, r.trackingNumber, Date.now());
  return created;
}

const indexKeys = async (index: string, pk: string) => {
  const def = BOOKING_INDEXES.find((i) => i.name === index)!;
  const { Items } = await deps.db.send(new QueryCommand({
    TableName: deps.env.TABLE_NAME, IndexName: index, KeyConditionExpression: '#p = :p', ExpressionAttributeNames: { '#p': def.partition }, ExpressionAttributeValues: { ':p': pk },
  }));
  return Items ?? [];
};

describe('the booking entity and its named indexes', () => {
  it('the table has each booking index, copying keys only', async () => {
    const raw = new DynamoDBClient({ region: 'us-east-1', endpoint: deps.env.DYNAMO_ENDPOINT, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const { Table } = await raw.send(new DescribeTableCommand({ TableName: deps.env.TABLE_NAME }));
    for (const index of BOOKING_INDEXES) {
      expect(Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.name)?.Projection?.ProjectionType, index.name).toBe('KEYS_ONLY');
    }
  });

  it('one booking item per tracking number, found by every question; the moving list is sparse', async () => {
    expect(await save(record('LE100000001', '2026-11-20T10:00:00.000Z'))).toBe(true);
    expect(await save(record('LE100000002', '2026-11-21T10:00:00.000Z', { paymentStatus: 'PAID', bookedBy: 'u2' }))).toBe(true);
    const { Item } = await deps.db.send(new GetCommand({ TableName: deps.env.TABLE_NAME, Key: { pk: `SHOP#${shopId}`, sk: 'BOOKING#LE100000001' } }));
    expect(Item).toMatchObject({
      gsi2pk: `SHOP#${shopId}#BOOKINGS`, gsi2sk: '2026-11-20T10:00:00.000Z#LE100000001',
      gsi3pk: `SHOP#${shopId}#STATUS#FULFILLED`, gsi4pk: `SHOP#${shopId}#ACCOUNT#${accountId}`, gsi5pk: `SHOP#${shopId}#BY#u1`,
      gsi6pk: `SHOP#${shopId}#PAYMENT#UNPAID`, gsi7pk: `SHOP#${shopId}#MOVING#${accountId}`, gsi7sk: '2026-11-20T10:00:00.000Z#LE100000001',
    });
    expect((await indexKeys('bookingsByDate', `SHOP#${shopId}#BOOKINGS`)).map((i) => i.sk)).toEqual(['BOOKING#LE100000001', 'BOOKING#LE100000002']);
    expect(await indexKeys('bookingsByPaymentStatus', `SHOP#${shopId}#PAYMENT#PAID`)).toHaveLength(1);
    expect(await indexKeys('bookingsByBookedBy', `SHOP#${shopId}#BY#u2`)).toHaveLength(1);
    // keys only: no booking attribute is copied
    const [copy] = await indexKeys('bookingsByDate', `SHOP#${shopId}#BOOKINGS`);
    expect(Object.keys(copy!).sort()).toEqual(['gsi2pk', 'gsi2sk', 'pk', 'sk']);

    const first = (await deps.bookings.get(shopId, 'LE100000001'))!;
    await deps.bookings.setStatus(first, 'DELIVERED', '2026-11-22T09:00:00.000Z', { deliveredAt: '2026-11-22T09:00:00.000Z' });
    // the delivered parcel leaves the moving list; its watch item (the status sync's daily look for a correction) takes its place on the partition
    expect((await indexKeys('movingParcelsByAccount', `SHOP#${shopId}#MOVING#${accountId}`)).map((i) => i.sk)).toEqual(['BOOKING#LE100000002', 'SYNCWATCH#LE100000001']);
    expect(await indexKeys('bookingsByStatus', `SHOP#${shopId}#STATUS#DELIVERED`)).toHaveLength(1);
    expect(await indexKeys('bookingsByStatus', `SHOP#${shopId}#STATUS#FULFILLED`)).toHaveLength(1);

    const second = (await deps.bookings.get(shopId, 'LE100000002'))!;
    const inProcess = await deps.bookings.setStatus(second, 'INPROCESS', '2026-11-22T11:00:00.000Z');
    expect(inProcess.status).toBe('INPROCESS');
    expect((await indexKeys('movingParcelsByAccount', `SHOP#${shopId}#MOVING#${accountId}`)).map((i) => i.gsi7sk)).toEqual([
      '2026-11-22T11:00:00.000Z#LE100000002',
      // sorted after every parcel by its expiry, four days after the delivery
      '~WATCH#2026-11-26T09:00:00.000Z#LE100000001',
    ]);
  });

  it('saving the same booking again (a resumed attempt) keeps the first item and says it existed', async () => {
    const r = record('LE100000003', '2026-11-21T12:00:00.000Z');
    const attempt: BookingAttempt = {
      attemptId: newId(), shopId, orderIds: r.orderIds, attempts: { [r.orderIds[0]!]: 1 }, stage: 'courier-booked', userId: 'u1', createdAt: r.bookedAt, leaseUntil: 1,
    };
    expect(await deps.attempts.start(attempt, new Map(), Date.now())).toBe(true);
    expect(await saveFor(r, attempt)).toBe(true);
    expect(await saveFor({ ...r, bookingId: newId() }, attempt)).toBe(false);
    expect((await deps.bookings.get(shopId, r.trackingNumber))?.bookingId).toBe(r.bookingId);
    const { Item } = await deps.db.send(new GetCommand({ TableName: deps.env.TABLE_NAME, Key: keys.orderClaim(shopId, r.orderIds[0]!) }));
    expect(Item).toMatchObject({ state: 'booked', trackingNumber: r.trackingNumber, attempt: 1 });
  });

  it('pages a shop\'s bookings newest first through the keys-only index, with an opaque cursor', async () => {
    const first = await deps.bookings.listByDate(shopId, 2);
    expect(first.items.map((b) => b.trackingNumber)).toEqual(['LE100000003', 'LE100000002']);
    expect(first.items[0]).toMatchObject({ consignee: { name: 'Ayesha' }, lineItems: [{ title: 'Lawn' }] });
    const second = await deps.bookings.listByDate(shopId, 2, first.cursor);
    expect(second.items.map((b) => b.trackingNumber)).toEqual(['LE100000001']);
    expect(second.cursor).toBeUndefined();
  });
});

describe('the courier timeline', () => {
  const scan = (i: number) => ({ at: `2026-11-2${Math.floor(i / 10)}T1${i % 10}:00:00.000Z`, seq: i + 1, status: `Scan ${i}`, message: `Arrived at hub ${i}`, location: 'Lahore' });
  const events = (tn: string) => deps.db.send(new QueryCommand({
    TableName: deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': `SHOP#${shopId}`, ':sk': `EVENT#${tn}#` },
  }));

  it('keeps one reading\'s scans in items of one write unit each, and reads them back one event a scan, in order', async () => {
    const tn = 'KI000077001';
    await save(record(tn, '2026-11-20T09:00:00.000Z'));
    // Act: a reading of 12 scans, then one of a single scan, then the first reading again (a second reader of the same answer)
    await deps.bookings.addEvents(shopId, tn, Array.from({ length: 12 }, (_, i) => scan(i)));
    await deps.bookings.addEvents(shopId, tn, [scan(12)]);
    await deps.bookings.addEvents(shopId, tn, Array.from({ length: 12 }, (_, i) => scan(i)));
    // Assess: a few items (the booking's own first event, the reading's groups, the single scan), none over 1 KB
    const { Items = [] } = await events(tn);
    expect(Items.length).toBeGreaterThanOrEqual(4);
    expect(Items.length).toBeLessThanOrEqual(6);
    for (const item of Items) expect(JSON.stringify(item).length).toBeLessThan(1000);
    expect(await deps.bookings.timeline(shopId, tn)).toEqual([
      { at: '2026-11-20T09:00:00.000Z', status: 'BOOKED', message: 'Booked with Leopards main' },
      ...Array.from({ length: 13 }, (_, i) => { const { seq: _seq, ...e } = scan(i); return e; }),
    ]);
  });

  it('reads a timeline of one item per scan, as written before, the same way', async () => {
    const tn = 'KI000077002';
    await save(record(tn, '2026-11-20T09:00:00.000Z'));
    for (const i of [0, 1]) await deps.bookings.addEvents(shopId, tn, [scan(i)]);
    expect((await events(tn)).Items).toHaveLength(3);
    expect((await deps.bookings.timeline(shopId, tn)).map((e) => e.status)).toEqual(['BOOKED', 'Scan 0', 'Scan 1']);
  });
});

describe('the attempt ledger\'s lease', () => {
  const T0 = Date.parse('2026-11-26T10:00:00.000Z');

  it('records a step only for the request holding the lease: after a takeover the old holder is refused and changes nothing', async () => {
    // Prepare: an attempt whose request took a lease until T0 + 60 s, then died holding it
    const attempt: BookingAttempt = {
      attemptId: newId(), shopId, orderIds: ['7700001'], attempts: { '7700001': 1 }, stage: 'claimed', userId: 'u1',
      createdAt: new Date(T0).toISOString(), leaseUntil: T0 + 60_000,
    };
    expect(await deps.attempts.start(attempt, new Map(), T0)).toBe(true);
    const stageOf = async () => (await deps.attempts.get(shopId, attempt.attemptId))!;

    // Act and Assess: up to its last millisecond the lease holds; after it a second request takes over with its own
    expect(await deps.attempts.takeOver(shopId, attempt.attemptId, T0 + 60_000, T0 + 120_000)).toBeUndefined();
    expect(await deps.attempts.takeOver(shopId, attempt.attemptId, T0 + 60_001, T0 + 120_001)).toMatchObject({ stage: 'claimed', leaseUntil: T0 + 120_001 });
    expect(await deps.attempts.takeOver(shopId, attempt.attemptId, T0 + 60_002, T0 + 120_002)).toBeUndefined();

    // the old holder wakes: its step is refused, and its release leaves the new holder's lease alone
    await expect(deps.attempts.advance(shopId, attempt.attemptId, T0 + 60_000, { stage: 'calling', trackingNumber: 'LE-OLD' }))
      .rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await deps.attempts.releaseLease(shopId, attempt.attemptId, T0 + 60_000);
    expect(await stageOf()).toMatchObject({ stage: 'claimed', leaseUntil: T0 + 120_001 });
    expect((await stageOf()).trackingNumber).toBeUndefined();

    // the holder's step is recorded
    await deps.attempts.advance(shopId, attempt.attemptId, T0 + 120_001, { stage: 'courier-booked', trackingNumber: 'LE-NEW' });
    expect(await stageOf()).toMatchObject({ stage: 'courier-booked', trackingNumber: 'LE-NEW', leaseUntil: T0 + 120_001 });
  });
});
