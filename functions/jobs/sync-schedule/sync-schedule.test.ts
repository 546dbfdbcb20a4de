import { DeleteMessageBatchCommand, PurgeQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { jobNeeds, PUSH_FRESH_HOURS, slotRange, SyncBatchMessage, windowOf, type SyncAccountMessage } from '@dakiya/shared';
import { seedAccount, seedShop, testDeps, type TestDeps } from '../../test-support/harness';
import { bookingRecord, writeBooking } from '../../test-support/bookings';
import type { AccountRecord, ShopRecord } from '../../domain/records';
import { ANSWER_MARGIN_MS, runInvocation } from '../../ground/invocation';
import { queueAccountBatches } from '../sync-accounts/queue-batches';
import { queueSlot } from './queue-slot';
import { keys } from '../../adapters/dynamo/keys';

/**
 * The status sync's scheduler on DynamoDB Local and fauxqs, on a fixed clock: the hourly slot reads
 * billing's paid list and each shop's accounts, the first stage reads the moving index's range due
 * in the slot and queues batches of the courier's limit on the second stage's queue, which this
 * test reads itself (the worker is domain/sync/batch.ts's, tested with it).
 */
let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });

const HOUR = 3_600_000;
/** A Monday's midnight UTC: the daily slot; the hours after it are the others. */
const DAY = Date.parse('2026-11-23T00:00:00.000Z');
const at = (hours: number) => new Date(DAY + hours * HOUR);

/** Every batch waiting on the second stage's queue (taken off it). */
async function takeBatches(): Promise<SyncBatchMessage[]> {
  const url = deps.queues.urls['sync.parcels']!;
  const out: SyncBatchMessage[] = [];
  for (;;) {
    const { Messages = [] } = await deps.sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 600 }));
    if (!Messages.length) return out;
    out.push(...Messages.map((m) => SyncBatchMessage.parse(JSON.parse(m.Body!))));
    await deps.sqs.send(new DeleteMessageBatchCommand({ QueueUrl: url, Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }));
  }
}

/** One slot at `now`: queued, its first stage run by the poller, and the batches it made. */
async function slot(now: Date): Promise<SyncBatchMessage[]> {
  await queueSlot(now, deps);
  await deps.poller.drain({ only: ['sync.accounts'] });
  return takeBatches();
}

const numbersOf = (batches: SyncBatchMessage[], shopId?: string) =>
  batches.filter((b) => !shopId || b.shopId === shopId).flatMap((b) => b.trackingNumbers).sort();

async function paidShop(): Promise<ShopRecord> {
  const { shop } = await seedShop(deps);
  expect(await deps.billing.switchPlan(shop._id, 'FREE', 'MONTHLY', undefined, deps.now().toISOString())).toBe(true);
  return { ...shop, plan: 'MONTHLY' };
}

/** `count` parcels of an account whose status last changed `hoursAgo` before the reference hour 0. */
async function parcels(shop: ShopRecord, account: AccountRecord, prefix: string, count: number, hoursAgo: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const trackingNumber = `${prefix}${shop._id.slice(-5)}${String(i).padStart(4, '0')}`;
    await writeBooking(deps, shop, bookingRecord(shop, account, { trackingNumber, bookedAt: at(-hoursAgo - 1).toISOString(), lastStatusAt: at(-hoursAgo).toISOString() }));
    numbers.push(trackingNumber);
  }
  return numbers;
}

describe('the windows', () => {
  it('read, per slot, one range of the moving index: the hourly window always, the 3-hourly on hours 3k, the 6-hourly on 6k, every parcel daily', () => {
    expect(slotRange(at(1))).toEqual({ from: at(-5), below: at(1), watch: false });
    expect(slotRange(at(3))).toEqual({ from: at(3 - 72), below: at(3), watch: false });
    expect(slotRange(at(6))).toEqual({ from: at(6 - 240), below: at(6), watch: false });
    expect(slotRange(at(24))).toEqual({ below: at(24), watch: true });
    expect(windowOf(at(-5), at(0)).everyHours).toBe(1);
    expect(windowOf(at(-6), at(0)).everyHours).toBe(3);
    expect(windowOf(at(-100), at(0)).everyHours).toBe(6);
    expect(windowOf(at(-240), at(0)).everyHours).toBe(24);
  });

  it('never leave a parcel unasked longer than its window\'s interval (a week of slots)', () => {
    for (const age of [0.5, 5.5, 7, 40, 71, 73, 150, 239, 241, 2000]) {
      let last: number | undefined;
      let longest = 0;
      const changed = at(-age);
      for (let h = 0; h < 24 * 7; h++) {
        const range = slotRange(at(h));
        const due = (!range.from || changed >= range.from) && changed < range.below;
        if (!due) continue;
        if (last !== undefined) longest = Math.max(longest, h - last);
        last = h;
      }
      // held to the window the parcel is in when it is asked (it only gets older)
      expect(longest, `changed ${age} h before`).toBeLessThanOrEqual(windowOf(changed, at(24 * 7)).everyHours);
    }
  });
});

describe('the scheduler on DynamoDB Local and the SQS emulator', () => {
  it('queues, slot by slot, exactly the parcels of paid shops due in it, in full batches of the courier\'s limit, and nothing of a FREE shop', async () => {
    const shop = await paidShop();
    const leopard = await seedAccount(deps, shop._id, { company: 'LEOPARD' });
    const fresh = await parcels(shop, leopard, 'FR', 55, 2);
    const days = await parcels(shop, leopard, 'DY', 30, 30);
    const week = await parcels(shop, leopard, 'WK', 20, 120);
    const old = await parcels(shop, leopard, 'OL', 15, 480);
    const { shop: free } = await seedShop(deps);
    const freeAccount = await seedAccount(deps, free._id);
    await parcels(free, freeAccount, 'FE', 5, 2);

    const h1 = await slot(at(1));
    expect(numbersOf(h1)).toEqual([...fresh].sort());
    // Leopards tracks 50 a call: one full batch and the rest
    expect(h1.map((b) => b.trackingNumbers.length).sort((a, b) => b - a)).toEqual([50, 5]);
    expect(numbersOf(await slot(at(3)))).toEqual([...fresh, ...days].sort());
    expect(numbersOf(await slot(at(6)))).toEqual([...fresh, ...days, ...week].sort());
    const daily = await slot(at(24));
    expect(numbersOf(daily)).toEqual([...fresh, ...days, ...week, ...old].sort());
    expect(daily.length).toBe(Math.ceil(120 / 50));
    expect(numbersOf(daily, free._id)).toEqual([]);
  });

  it('watches a parcel that stopped moving, daily, until its watch expires, though TTL never deleted the item', async () => {
    const shop = await paidShop();
    const account = await seedAccount(deps, shop._id, { company: 'POSTEX' });
    const [delivered] = await parcels(shop, account, 'DL', 1, 30);
    const booking = (await deps.bookings.get(shop._id, delivered!))!;
    await deps.bookings.setStatus(booking, 'DELIVERED', at(-20).toISOString(), { deliveredAt: at(-20).toISOString() });

    // not moving: no hourly slot asks about it
    expect(numbersOf(await slot(at(3)), shop._id)).toEqual([]);
    // the daily slot reads the watch items too
    expect(numbersOf(await slot(at(24)), shop._id)).toEqual([delivered]);
    // four days after the delivery the watch has expired: still in the table here, never read again
    expect(numbersOf(await slot(at(24 * 4)), shop._id)).toEqual([]);
    const { Count } = await deps.db.send(new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
      TableName: deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': `SHOP#${shop._id}`, ':sk': `SYNCWATCH#${delivered}` },
    }));
    expect(Count).toBe(1);
  });

  it('keeps the paid list with every plan change: subscribe, upgrade, cancel, and the uninstall\'s FREE', async () => {
    const shop = await paidShop();
    const listed = async () => (await deps.billing.paidShops()).find((p) => p.shopId === shop._id)?.plan;
    expect(await listed()).toBe('MONTHLY');
    await deps.billing.switchPlan(shop._id, 'MONTHLY', 'YEARLY', undefined, deps.now().toISOString());
    expect(await listed()).toBe('YEARLY');
    // a switch from a plan the shop is no longer on changes nothing, on the list either
    expect(await deps.billing.switchPlan(shop._id, 'MONTHLY', 'FREE', undefined, deps.now().toISOString())).toBe(false);
    expect(await listed()).toBe('YEARLY');
    await deps.billing.switchPlan(shop._id, 'YEARLY', 'FREE', undefined, deps.now().toISOString());
    expect(await listed()).toBeUndefined();
    await deps.billing.switchPlan(shop._id, 'FREE', 'MONTHLY', undefined, deps.now().toISOString());
    expect(await listed()).toBe('MONTHLY');
    await deps.shops.update(shop._id, { status: 'OFF', plan: 'FREE', updatedAt: deps.now().toISOString() });
    expect(await listed()).toBeUndefined();
  });

  it('puts shops that paid before the list existed onto it once (the shops.paid job), and polls no shop whose item says FREE', async () => {
    const { shop: before } = await seedShop(deps, { plan: 'YEARLY' });
    const account = await seedAccount(deps, before._id);
    const [parcel] = await parcels({ ...before, plan: 'YEARLY' }, account, 'BF', 1, 2);
    expect((await deps.billing.paidShops()).map((p) => p.shopId)).not.toContain(before._id);
    await deps.poller.runScheduled('shops.paid');
    expect((await deps.billing.paidShops()).find((p) => p.shopId === before._id)?.plan).toBe('YEARLY');
    expect(await deps.billing.paidListProgress()).toEqual({ done: true });
    expect(numbersOf(await slot(at(1)), before._id)).toEqual([parcel]);
    // the plan written on the shop alone (as a listing racing a downgrade would leave it): the slot reads the shop and skips it
    await deps.db.send(new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
      TableName: deps.env.TABLE_NAME, Key: { pk: `SHOP#${before._id}`, sk: 'SHOP' }, UpdateExpression: 'SET #p = :f', ExpressionAttributeNames: { '#p': 'plan' }, ExpressionAttributeValues: { ':f': 'FREE' },
    }));
    expect(numbersOf(await slot(at(2)), before._id)).toEqual([]);
  });

  it('leaves an account that receives pushes to the daily slot, and polls it hourly again once its pushes stop', async () => {
    const shop = await paidShop();
    const pushed = await seedAccount(deps, shop._id, { company: 'LEOPARD' });
    const polled = await seedAccount(deps, shop._id, { company: 'LEOPARD' });
    const [viaPush] = await parcels(shop, pushed, 'PU', 1, 2);
    const [viaPoll] = await parcels(shop, polled, 'PO', 1, 2);
    // its last push an hour before the 01:00 slot: the hourly, 3-hourly and 6-hourly slots skip it
    await deps.accounts.update(shop._id, pushed._id, { lastPushAt: at(0).toISOString() });
    for (const hour of [1, 3, 6]) {
      const numbers = numbersOf(await slot(at(hour)), shop._id);
      expect(numbers, `slot ${hour}`).toContain(viaPoll);
      expect(numbers, `slot ${hour}`).not.toContain(viaPush);
    }
    // the daily slot is its check that no push was missed
    expect(numbersOf(await slot(at(24)), shop._id)).toEqual(expect.arrayContaining([viaPush, viaPoll]));
    // still within PUSH_FRESH_HOURS of the push at 21:00 (a 3-hourly slot that reaches both parcels); none for that long: back on the windows
    const late = numbersOf(await slot(at(21)), shop._id);
    expect(late).toContain(viaPoll);
    expect(late).not.toContain(viaPush);
    await deps.accounts.update(shop._id, pushed._id, { lastPushAt: at(-PUSH_FRESH_HOURS).toISOString() });
    expect(numbersOf(await slot(at(1)), shop._id)).toEqual(expect.arrayContaining([viaPush, viaPoll]));
  });

  it('makes a lost message again at the next slot, and a pass near its deadline continues from its cursor with no parcel twice or missed', async () => {
    const shop = await paidShop();
    const account = await seedAccount(deps, shop._id, { company: 'MNP' });
    const all = await parcels(shop, account, 'LM', 45, 2);
    await queueSlot(at(1), deps);
    // the emulator forgets its messages on a restart: gone before the first stage ran
    await deps.sqs.send(new PurgeQueueCommand({ QueueUrl: deps.queues.urls['sync.accounts']! }));
    expect(numbersOf(await takeBatches(), shop._id)).toEqual([]);
    expect(numbersOf(await slot(at(2)), shop._id)).toEqual([...all].sort());

    // a pass with a minute left: it reads a page, queues it, and hands the rest on with its cursor
    const message: SyncAccountMessage = {
      shopId: shop._id, accountId: account._id, courier: 'MNP', slot: at(2).toISOString(), from: at(-4).toISOString(), watch: false, stage: 'moving', queued: 0,
    };
    const pass = await runInvocation(
      { name: 'sync-accounts', needs: jobNeeds('sync.accounts'), deadline: Date.now() + 59_000 + ANSWER_MARGIN_MS },
      () => queueAccountBatches(message, deps, 20),
    );
    expect(pass).toEqual({ queued: 20, continued: true });
    await deps.poller.drain({ only: ['sync.accounts'] });
    const batches = await takeBatches();
    expect(numbersOf(batches, shop._id)).toEqual([...all].sort());
  });

  it("finds each paid shop's active accounts in its shop item's directory, reading no accounts; a shop without one reads them once; one with a pushing courier's account reads them for its last push, except in the daily slot", async () => {
    const reads = new Map<string, number>();
    deps.db.middlewareStack.add((next) => async (args) => {
      const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues;
      if (values?.[':prefix'] === 'ACCOUNT#') reads.set(String(values[':pk']), (reads.get(String(values[':pk'])) ?? 0) + 1);
      return next(args);
    }, { step: 'initialize', name: 'countAccountReadsOfSlot' });
    const readsOf = (shopId: string) => reads.get(keys.shop(shopId).pk) ?? 0;
    const shop = await paidShop();
    const older = await paidShop();
    const pushing = await paidShop();
    await deps.db.send(new UpdateCommand({ TableName: deps.env.TABLE_NAME, Key: keys.shop(older._id), UpdateExpression: 'REMOVE accountDirectory' }));
    const queued = async (shopId: string) => sent.filter((m) => m.shopId === shopId).map((m) => `${m.courier}:${m.accountId}`).sort();
    const [postex, mnp] = [await seedAccount(deps, shop._id, { company: 'POSTEX' }), await seedAccount(deps, shop._id, { company: 'MNP' })];
    await seedAccount(deps, shop._id, { company: 'LEOPARD', inactive: true });
    const tcs = await seedAccount(deps, older._id, { company: 'TCS' });
    await seedAccount(deps, older._id, { company: 'LEOPARD', inactive: true });
    const leopard = await seedAccount(deps, pushing._id, { company: 'LEOPARD' });
    // the messages are looked at here, not sent, so no later slot of this file sees them
    let sent: SyncAccountMessage[] = [];
    const send = vi.spyOn(deps.jobs, 'send').mockImplementation(async (_job, messages) => { sent = messages as SyncAccountMessage[]; });
    try {
      await queueSlot(at(1), deps);
      expect(await queued(shop._id)).toEqual([`MNP:${mnp._id}`, `POSTEX:${postex._id}`].sort());
      expect(await queued(older._id)).toEqual([`TCS:${tcs._id}`]);
      expect(await queued(pushing._id)).toEqual([`LEOPARD:${leopard._id}`]);
      expect([readsOf(shop._id), readsOf(older._id), readsOf(pushing._id)]).toEqual([0, 1, 1]);
      await queueSlot(at(2), deps);
      expect(await queued(older._id)).toEqual([`TCS:${tcs._id}`]);
      expect([readsOf(shop._id), readsOf(older._id), readsOf(pushing._id)]).toEqual([0, 1, 2]);
      // the daily slot polls every account, pushed or not: no last push to read
      await queueSlot(at(0), deps);
      expect(await queued(pushing._id)).toEqual([`LEOPARD:${leopard._id}`]);
      expect(readsOf(pushing._id)).toBe(2);
    } finally {
      send.mockRestore();
    }
  });
});
