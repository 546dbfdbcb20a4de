import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { seedAccount, seedShop, testDeps, type SeededShop, type TestDeps } from '../../test-support/harness';
import { bookingRecord, changeBooking, writeBooking } from '../../test-support/bookings';
import { countersOfShop } from '../../test-support/counters';
import { migrateCounters } from '../../domain/booking/migrate-counters';
import type { BookingRecord } from '../../domain/ports/bookings';
import type { Deps } from '../../domain/ports/deps';
import type { AccountRecord } from '../../domain/records';
import { keys } from '../../adapters/dynamo/keys';

/**
 * The counters migration on DynamoDB Local: bookings written through the repositories (so their
 * counters are what the live path writes), then turned back into the first version's layout (no
 * cityKey, mergedAt or delivered keys, no counter items, old COUNT# items and day marks). The
 * migration must bring back exactly what the live path wrote, in several resumed runs.
 */
let deps: TestDeps;
let seeded: SeededShop;
let account: AccountRecord;
const written: BookingRecord[] = [];
let live: Record<string, Record<string, number>>;
const HOUR = 3_600_000;
const START = Date.parse('2026-09-20T04:00:00.000Z');

async function skOf(prefix: string): Promise<string[]> {
  const { Items } = await deps.db.send(new QueryCommand({
    TableName: deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.shop(seeded.shop._id).pk, ':p': prefix }, ConsistentRead: true,
  }));
  return (Items ?? []).map((i) => String(i.sk));
}

/** The first version's table: bookings without the new keys, no counter items, its own COUNT# items and day marks. */
async function asFirstVersion() {
  const table = deps.env.TABLE_NAME;
  for (const b of written) {
    await deps.db.send(new UpdateCommand({
      TableName: table, Key: { pk: keys.shop(seeded.shop._id).pk, sk: `BOOKING#${b.trackingNumber}` },
      UpdateExpression: 'REMOVE cityKey, mergedAt, gsi8pk, gsi8sk, gsi9pk, gsi9sk, gsi10pk, gsi10sk',
    }));
  }
  for (const sk of [...await skOf('CNT#'), ...await skOf('DELIVERED#')]) {
    await deps.db.send(new DeleteCommand({ TableName: table, Key: { pk: keys.shop(seeded.shop._id).pk, sk } }));
  }
  for (const sk of ['COUNT#2026-09-20#status#FULFILLED', 'COUNT#2026-09-20#account#x', 'COUNT#2026-09-21#status#DELIVERED']) {
    await deps.db.send(new PutCommand({ TableName: table, Item: { pk: keys.shop(seeded.shop._id).pk, sk, count: 3 } }));
  }
  await deps.db.send(new PutCommand({ TableName: table, Item: { pk: 'RECOUNT#2026-09-20', sk: `SHOP#${seeded.shop._id}`, type: 'recountMark' } }));
}

const atNow = (nowMs: number): Deps => ({ ...deps, now: () => new Date(nowMs) });

beforeAll(async () => {
  deps = await testDeps();
  seeded = await seedShop(deps);
  account = await seedAccount(deps, seeded.shop._id, { company: 'POSTEX' });
  const { shop } = seeded;
  for (let i = 0; i < 24; i++) {
    const bookedAt = new Date(START + 9 * HOUR * i).toISOString();
    const status = (['FULFILLED', 'DELIVERED', 'RTS', 'INPROCESS'] as const)[i % 4]!;
    const arrivedAt = status === 'DELIVERED' || status === 'RTS' ? new Date(Date.parse(bookedAt) + (1 + (i % 5)) * 24 * HOUR).toISOString() : undefined;
    written.push(await writeBooking(deps, shop, bookingRecord(shop, account, {
      trackingNumber: `PX${String(500000 + i)}`, bookedAt, status, destinationCity: i % 3 === 0 ? 'Karachi' : 'Lahore', tag: i % 7 === 0 ? 'MERGED' : '',
      paymentStatus: i % 2 ? 'PAID' : 'UNPAID', cod: 1000 + i * 10,
      ...(arrivedAt ? { deliveredAt: arrivedAt } : {}),
      ...(status === 'DELIVERED' ? { deliveryDays: 1 + (i % 5) } : {}),
    })));
  }
  live = await countersOfShop(deps, shop._id);
  await asFirstVersion();
}, 120_000);

describe('the counters migration (bookings.migrate)', () => {
  it('brings back exactly the counters and index keys the live path writes, resuming run after run', async () => {
    const nowMs = Date.now() + 10 * 60_000;
    expect(await countersOfShop(deps, seeded.shop._id)).toEqual({});
    expect((await deps.bookings.indexPage(seeded.shop._id, { index: 'byCity', value: 'karachi' }, {}, 100)).keys).toEqual([]);

    // Act: runs cut short after one page each, as runs that reach their deadline are
    const runs = [];
    for (let i = 0; i < 200; i++) {
      const progress = await migrateCounters(atNow(nowMs), { maxPages: 1, scanPage: 7 });
      runs.push(progress.phase);
      if (progress.phase === 'done') break;
    }

    // Assess
    expect(runs.filter((p) => p === 'scan').length).toBeGreaterThan(2);
    expect(runs.at(-1)).toBe('done');
    const progress = (await deps.countersMigration.progress())!;
    expect(progress).toMatchObject({ phase: 'done', bookings: 24, removed: 4 });
    // booking days: 24 bookings 9 hours apart from 2026-09-20 09:00 Karachi; arrival days of 12 ended parcels
    expect(progress.days).toBeGreaterThan(0);
    expect(await countersOfShop(deps, seeded.shop._id)).toEqual(live);
    expect(await skOf('COUNT#')).toEqual([]);
    const karachi = (await deps.bookings.indexPage(seeded.shop._id, { index: 'byCity', value: 'karachi' }, {}, 100)).keys.map((k) => k.trackingNumber);
    expect(karachi.sort()).toEqual(written.filter((_, i) => i % 3 === 0).map((b) => b.trackingNumber).sort());
    const merged = (await deps.bookings.indexPage(seeded.shop._id, { index: 'merged' }, {}, 100)).keys.map((k) => k.trackingNumber);
    expect(merged.sort()).toEqual(['PX500000', 'PX500007', 'PX500014', 'PX500021']);
    const returned = (await deps.bookings.indexPage(seeded.shop._id, { index: 'delivered', value: 'RTS' }, {}, 100)).keys;
    expect(returned).toHaveLength(6);
    const { Items } = await deps.db.send(new QueryCommand({
      TableName: deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'RECOUNT#2026-09-20' },
    }));
    expect(Items).toEqual([]);
  });

  it('once done, a run reads its progress and nothing else', async () => {
    const sent: string[] = [];
    deps.db.middlewareStack.add((next, context) => async (args) => {
      sent.push(String(context.commandName));
      return next(args);
    }, { step: 'initialize', name: 'countMigrationCommands' });
    try {
      expect((await migrateCounters(deps)).phase).toBe('done');
    } finally {
      deps.db.middlewareStack.remove('countMigrationCommands');
    }
    expect(sent).toEqual(['GetItemCommand']);
  });

  it('leaves a day with a live change for a later run, then rebuilds it', async () => {
    // Prepare: a fresh migration over a table where one day just changed
    await deps.countersMigration.saveProgress({ phase: 'scan', bookings: 0, removed: 0, days: 0, startedAt: new Date().toISOString() });
    const moved = await changeBooking(deps, seeded.shop, written[0]!, { status: 'INPROCESS', lastStatusAt: new Date().toISOString() });
    const expected = await countersOfShop(deps, seeded.shop._id);

    // Act: now, the day is busy; six minutes later it is quiet
    const busyRun = await migrateCounters(deps);
    const leftMarked = await deps.countersMigration.markedDays(10);
    const laterRun = await migrateCounters(atNow(Date.now() + 6 * 60_000));

    // Assess
    expect(busyRun.phase).toBe('days');
    expect(leftMarked).toContainEqual({ shopId: seeded.shop._id, kind: 'booked', day: '2026-09-20' });
    expect(await deps.countersMigration.markedDays(10)).toEqual([]);
    expect(laterRun.phase).toBe('done');
    expect(moved.status).toBe('INPROCESS');
    expect(await countersOfShop(deps, seeded.shop._id)).toEqual(expected);
  });
});
