import { z } from '../zod';
import { COURIER_IDS } from '../couriers';
import { ObjectId } from './common';

/**
 * The status sync's first stage: one tracking account's parcels due in one slot of the schedule.
 * `from` is the oldest status change the slot reads (absent: every moving parcel, the daily slot);
 * `watch` also reads the account's watch items (parcels that stopped moving a few days ago);
 * `cursor` continues a pass that stopped near its deadline.
 */
/** An instant as toISOString writes it. */
const Instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

export const SyncAccountMessage = z.object({
  shopId: ObjectId,
  accountId: ObjectId,
  courier: z.enum(COURIER_IDS),
  slot: Instant,
  from: Instant.optional(),
  watch: z.boolean(),
  /** Where a continued pass is: the moving parcels, then the watch items. */
  stage: z.enum(['moving', 'watched']).default('moving'),
  cursor: z.string().min(1).max(600).optional(),
  /** Batches this pass has queued before the cursor (the run's count of parcels scheduled adds them up). */
  queued: z.number().int().min(0).default(0),
});
export type SyncAccountMessage = z.infer<typeof SyncAccountMessage>;

/**
 * The second stage: one bulk tracking call's worth of parcels of one account, sized to the courier's
 * batch limit. No job record stands behind it: a lost message is made again by the next slot.
 */
export const SyncBatchMessage = z.object({
  shopId: ObjectId,
  accountId: ObjectId,
  courier: z.enum(COURIER_IDS),
  trackingNumbers: z.array(z.string().min(1).max(60)).min(1).max(200),
});
export type SyncBatchMessage = z.infer<typeof SyncBatchMessage>;
