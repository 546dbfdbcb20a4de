import type { Deps } from '@dakiya/functions/domain/ports/deps';
import type { DueParcel } from '@dakiya/functions/domain/ports/sync';
import { queueSlot } from '@dakiya/functions/jobs/sync-schedule/queue-slot';
import type { JobPoller } from './job-poller';

export interface SyncMove {
  shopId: string;
  trackingNumber: string;
  from: string;
  to: string;
}

export interface SyncPassReport {
  accounts: number;
  /** Parcels asked about (moving and watched). */
  asked: number;
  moved: SyncMove[];
  /** A pass over named parcels: the worker's batches that failed (the courier did not answer), their parcels left as they were. */
  failedBatches?: number;
  ms: number;
}

/** Every parcel an account's pass would ask about, read the way the first stage reads it. */
async function dueOf(deps: Deps, shopId: string, accountId: string, now: string): Promise<DueParcel[]> {
  const found: DueParcel[] = [];
  for (const stage of ['moving', 'watched'] as const) {
    let cursor: string | undefined;
    do {
      const page = stage === 'moving'
        ? await deps.syncWorkList.moving(shopId, accountId, { below: now }, 1000, cursor)
        : await deps.syncWorkList.watched(shopId, accountId, now, 1000, cursor);
      found.push(...page.parcels);
      cursor = page.cursor;
    } while (cursor);
  }
  return found;
}

async function statuses(deps: Deps, due: Map<string, string[]>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [shopId, numbers] of due) {
    for (const booking of await deps.bookings.getMany(shopId, numbers)) out.set(`${shopId}/${booking.trackingNumber}`, booking.status);
  }
  return out;
}

/**
 * `./dakiya sync` and the tests: one pass of the status sync now, through the same two queues and
 * workers as the hourly slot, over every moving and watched parcel of every paid shop (not only the
 * windows due this hour), and what moved, read from the bookings before and after.
 */
export async function runSyncPass(deps: Deps, poller: JobPoller): Promise<SyncPassReport> {
  const started = Date.now();
  const now = deps.now();
  const due = new Map<string, string[]>();
  for (const { shopId } of await deps.billing.paidShops()) {
    for (const account of await deps.accounts.listOfShop(shopId)) {
      if (account.in_active) continue;
      const numbers = (await dueOf(deps, shopId, account._id, now.toISOString())).map((p) => p.trackingNumber);
      due.set(shopId, [...(due.get(shopId) ?? []), ...numbers]);
    }
  }
  const before = await statuses(deps, due);
  const queued = await queueSlot(now, deps, { everyParcel: true });
  await poller.drain({ only: ['sync.accounts', 'sync.parcels'] });
  const after = await statuses(deps, due);
  const moved: SyncMove[] = [];
  for (const [key, to] of after) {
    const from = before.get(key);
    if (from !== undefined && from !== to) {
      const [shopId, trackingNumber] = key.split('/') as [string, string];
      moved.push({ shopId, trackingNumber, from, to });
    }
  }
  return { accounts: queued.accounts, asked: [...due.values()].reduce((n, l) => n + l.length, 0), moved, ms: Date.now() - started };
}
