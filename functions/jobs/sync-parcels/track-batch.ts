import { SyncBatch, syncBatch } from '../../domain/sync/batch';
import type { QueueWorker } from '../../platform/job-chain';

/**
 * The status sync's second stage: one batch, one bulk tracking call (domain/sync/batch.ts). A batch
 * the courier failed on is thrown back to SQS, which retries it with backoff and after the row's
 * receives moves it to the dead-letter queue; a repeated ask changes nothing the second time.
 */
export const trackBatch: QueueWorker<'sync.parcels'> = async (message, ctx, deps) => {
  const outcome = await syncBatch(SyncBatch.parse(message), deps);
  if (outcome.errors > 0) throw new Error(`${message.courier} failed on ${outcome.errors} of ${outcome.polled} parcels`);
  ctx.log.info('status sync batch', { courier: message.courier, ...outcome });
};
