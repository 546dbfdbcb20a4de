import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncBatchMessage, type CourierId } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../../local/simulators/couriers';
import { seedAccount } from '../../test-support/harness';
import { bookOneOrder } from '../../test-support/book-one';
import { makeWorld, type World } from '../../test-support/world';
import type { AccountRecord } from '../../domain/records';
import { queueSlot } from '../sync-schedule/queue-slot';

/**
 * The status sync end to end on DynamoDB Local, fauxqs and the courier and Shopify simulators: the
 * slot, its first stage and the worker run through the local poller exactly as in local mode (the
 * job chain, partial batch failures, the queues' receive limits and dead-letter queues).
 */
let world: World;
beforeAll(async () => { world = await makeWorld({ orders: 12 }); }, 120_000);
afterAll(async () => { await world?.stop(); });

const taken = new Set<string>();
const accounts = new Map<CourierId, AccountRecord>();

async function bookOne(company: CourierId) {
  if (!accounts.has(company)) {
    accounts.set(company, await seedAccount(world.deps, world.a.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string> }));
  }
  const account = accounts.get(company)!;
  return bookOneOrder(world, account._id, taken);
}

/** One pass over every moving parcel of the paid shops, run to the end by the poller. */
async function pass() {
  await queueSlot(world.deps.now(), world.deps, { everyParcel: true });
  await world.deps.poller.drain({ only: ['sync.accounts', 'sync.parcels'] });
}

const status = async (tn: string) => (await world.deps.bookings.get(world.a.shop._id, tn))?.status;
const advance = (company: CourierId, ms: number) => world.couriers.sims[company].control.advance(ms);

describe('the status sync, slot to worker', () => {
  it('moves a paid shop\'s parcels on its own once the couriers scanned them', async () => {
    const leopard = await bookOne('LEOPARD');
    const tcs = await bookOne('TCS');
    await pass();
    expect([await status(leopard), await status(tcs)]).toEqual(['FULFILLED', 'FULFILLED']);
    advance('LEOPARD', 5 * 86_400_000);
    advance('TCS', 5 * 86_400_000);
    await pass();
    expect([await status(leopard), await status(tcs)]).toEqual(['DELIVERED', 'DELIVERED']);
  }, 120_000);

  it('ends a faulty courier\'s batch in retries and then the dead-letter queue, writing nothing, and the next pass after it recovers loses nothing', async () => {
    const tn = await bookOne('POSTEX');
    advance('POSTEX', 5 * 86_400_000);
    const sim = world.couriers.sims.POSTEX.control;
    sim.clearCalls();
    sim.failNext('http-500', 1000);
    try {
      await pass();
      // every allowed receive asked the courier once (each call retried inside by the adapter at most as it does)
      expect(sim.calls().filter((c) => c.fault).length).toBeGreaterThanOrEqual(4);
      expect(await status(tn)).toBe('FULFILLED');
      const { Messages = [] } = await world.deps.sqs.send(new ReceiveMessageCommand({
        QueueUrl: world.deps.queues.deadLetterUrls['sync.parcels']!, MaxNumberOfMessages: 10, WaitTimeSeconds: 0,
      }));
      const dead = Messages.map((m) => SyncBatchMessage.parse(JSON.parse(m.Body!)));
      expect(dead.flatMap((b) => b.trackingNumbers)).toContain(tn);
    } finally {
      sim.clearFaults();
    }
    await pass();
    expect(await status(tn)).toBe('DELIVERED');
  }, 120_000);
});
