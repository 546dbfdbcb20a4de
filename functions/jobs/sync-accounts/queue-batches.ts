import { courierDefinition, type SyncAccountMessage, type SyncBatchMessage } from '@dakiya/shared';
import type { Deps } from '../../domain/ports/deps';
import type { DuePage } from '../../domain/ports/sync';
import { timeLeftMs } from '../../ground/invocation';
import type { QueueWorker } from '../../platform/job-chain';

/** Keys read per page of the index (keys only: about 100 bytes each, so a page is a few read units). */
const PAGE = 1000;
/** A pass stops this long before its deadline and queues the rest of the account with its cursor. */
const STOP_BEFORE_MS = 60_000;

export interface AccountPass {
  /** Parcels queued by this pass and the passes it continues. */
  queued: number;
  /** Set when the pass stopped near its deadline and queued its continuation. */
  continued: boolean;
}

/**
 * The status sync's first stage for one tracking account and slot: reads the slot's range of the
 * moving index (and, on the daily slot, the account's watch items) a page at a time and queues the
 * parcels in batches of the courier's tracking limit, one bulk call each. Only the last batch of a
 * pass may be short, so courier calls stay at the minimum the limits allow. Near its deadline a pass
 * queues its own continuation with the cursor, so an account of 100,000 moving parcels never nears
 * Lambda's 15 minutes. A repeated delivery queues the same batches again: the second stage's asks
 * change nothing the second time.
 */
export async function queueAccountBatches(message: SyncAccountMessage, deps: Deps, page: number = PAGE): Promise<AccountPass> {
  const size = courierDefinition(message.courier).booking.trackBatchSize;
  const { shopId, accountId, courier } = message;
  let { stage, cursor, queued } = message;
  let buffer: string[] = [];

  const flush = async (all: boolean) => {
    const batches: SyncBatchMessage[] = [];
    while (buffer.length >= size || (all && buffer.length > 0)) {
      batches.push({ shopId, accountId, courier, trackingNumbers: buffer.slice(0, size) });
      buffer = buffer.slice(size);
    }
    await deps.jobs.send('sync.parcels', batches);
    const count = batches.reduce((n, b) => n + b.trackingNumbers.length, 0);
    queued += count;
    deps.metrics.count('SyncParcelsScheduled', count);
  };

  const read = (): Promise<DuePage> => (stage === 'moving'
    ? deps.syncWorkList.moving(shopId, accountId, { ...(message.from ? { from: message.from } : {}), below: message.slot }, page, cursor)
    // watches still unexpired at the slot: the same parcels whichever minute the pass runs in
    : deps.syncWorkList.watched(shopId, accountId, message.slot, page, cursor));

  for (;;) {
    const read1 = await read();
    buffer.push(...read1.parcels.map((p) => p.trackingNumber));
    cursor = read1.cursor;
    if (!cursor) {
      if (stage === 'moving' && message.watch) {
        stage = 'watched';
        continue;
      }
      break;
    }
    await flush(false);
    if (timeLeftMs() < STOP_BEFORE_MS) {
      await flush(true);
      await deps.jobs.send('sync.accounts', [{ ...message, stage, cursor, queued }]);
      return { queued, continued: true };
    }
  }
  await flush(true);
  // how late the slot's last batch left: what the parcels' freshness loses to the pipeline itself
  deps.metrics.count('SyncLagSeconds', Math.max(0, Math.round((deps.now().getTime() - Date.parse(message.slot)) / 1000)));
  return { queued, continued: false };
}

export const queueBatches: QueueWorker<'sync.accounts'> = async (message, ctx, deps) => {
  const pass = await queueAccountBatches(message, deps);
  ctx.log.info('status sync account queued', { accountId: message.accountId, courier: message.courier, slot: message.slot, queued: pass.queued, continued: pass.continued });
};
