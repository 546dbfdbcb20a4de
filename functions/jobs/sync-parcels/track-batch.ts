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
  // most batches move nothing (TCS alone sends a message a parcel): their line is a debug one, and the
  // metrics count them; a line a message at INFO would be most of the sync's CloudWatch bill
  if (outcome.moved > 0) ctx.log.info('status sync batch', { courier: message.courier, ...outcome });
  else ctx.log.debug('status sync batch', { courier: message.courier, ...outcome });
};
