import { COURIER_IDS, courierDefinition, z, type CourierId, type OrderTags, type StoreSettings, type StuckSettings } from '@dakiya/shared';
import type { Log } from '../../ground/log';
import type { BookingRecord } from '../ports/bookings';
import type { TrackingResult } from '../ports/courier';
import type { CounterChange } from '../ports/counters';
import type { Deps } from '../ports/deps';
import { isPaid } from '../billing/plan-check';
import { sumChanges } from '../booking/counters';
import type { ShopRecord } from '../records';
import { applyCourierReading } from '../tracking/status-change';
import { credentialsOf } from './credentials-cache';
import { withinCourierCap } from './in-flight';
import { showOnShopify, showWithWrite } from './on-shopify';
import { reviewStuck } from './stuck';

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

/** Courier texts this container has logged as unknown: each is logged once, not once per parcel per poll. */
const unknownTexts = new Set<string>();

/**
 * Asks the courier about one batch of parcels and applies what moved (issue 21 §2): the contract for
 * the queue's producer (the scheduler) and its consumer (the sync.parcels row, functions/jobs/sync-parcels).
 *
 * One BatchGet of the bookings, one bulk tracking call (within the courier's cap of calls in flight),
 * each reading through the one status-change function, which writes only what changed, the Shopify
 * half of what moved recorded in that same write (./on-shopify.ts), then the stuck review (./stuck.ts). Only a paid shop's batch runs (a FREE shop's parcels move when opened).
 * A courier error throws before anything is written, so the message is retried and ends in the
 * dead-letter queue; a parcel the courier does not find, or leaves out of its answer, stays as it is.
 * The same message twice changes nothing the second time: the stored booking already says it.
 */
export async function syncBatch(batch: SyncBatch, deps: Deps): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { polled: 0, moved: 0, unchanged: 0, errors: 0 };
  const log = deps.log.child({ courier: batch.courier, accountId: batch.accountId });
  const shop = await deps.shops.get(batch.shopId);
  if (!shop || shop.status !== 'ACTIVE' || !isPaid(shop)) {
    log.info('status sync: batch of a shop without automatic updates ignored', { shopId: batch.shopId });
    return outcome;
  }
  const account = await deps.accounts.get(batch.shopId, batch.accountId);
  if (!account || account.company !== batch.courier) {
    log.warn('status sync: batch of an account that is gone or another courier\'s ignored', { shopId: batch.shopId });
    return outcome;
  }
  const held = (await deps.bookings.getMany(batch.shopId, [...new Set(batch.trackingNumbers)])).filter((b) => b.accountId === account._id);
  if (!held.length) return outcome;
  const adapter = deps.courier(account.company, await credentialsOf(account, deps));
  let readings: TrackingResult[];
  try {
    readings = await withinCourierCap(account.company, () => adapter.track(held.map((b) => b.trackingNumber)));
  } catch (error) {
    deps.metrics.count('CourierErrors');
    throw error;
  }
  outcome.polled = held.length;
  deps.metrics.count('ParcelsPolled', held.length);
  const byNumber = new Map(readings.map((r) => [r.trackingNumber, r]));
  // one settings read per batch at most, for the status tags and the stuck rules alike
  let settings: Promise<StoreSettings> | undefined;
  const settingsOnce = () => (settings ??= deps.settings.get(shop._id));
  const tagsOnce = () => settingsOnce().then((s) => s.tags);
  const stuckOnce = () => settingsOnce().then((s) => s.stuck_days);
  // the batch's moves counted together: a counter item several of them touch (the shop's month and
  // year, a day, a member, a city) is written once, after the bookings
  const counted: CounterChange[] = [];
  try {
    await applyAll(shop, held, byNumber, { counted, tagsOnce, stuckOnce, log, courier: account.company }, outcome, deps);
  } finally {
    const changes = sumChanges(counted);
    if (changes.length) await deps.counters.apply(shop._id, changes, deps.now().getTime());
  }
  deps.metrics.count('ParcelsMoved', outcome.moved);
  return outcome;
}

interface BatchContext {
  counted: CounterChange[];
  tagsOnce: () => Promise<OrderTags>;
  stuckOnce: () => Promise<StuckSettings>;
  log: Log;
  courier: CourierId;
}

async function applyAll(shop: ShopRecord, held: BookingRecord[], byNumber: Map<string, TrackingResult>, ctx: BatchContext, outcome: SyncOutcome, deps: Deps): Promise<void> {
  const { counted, tagsOnce, stuckOnce, log } = ctx;
  for (const booking of held) {
    try {
      const reading = byNumber.get(booking.trackingNumber);
      let current = booking;
      // new scans without a status move: the status change itself resolves a stuck item on a move
      let scanned = false;
      if (reading?.found) {
        noteUnknown(ctx.courier, reading, log);
        // the step shown on Shopify is recorded in the reading's own write
        const shopify = showWithWrite(shop, tagsOnce, deps);
        const applied = await applyCourierReading(shop, booking, reading, deps, { before: shopify.before, counted });
        current = applied.booking;
        scanned = applied.written && !applied.movedFrom;
        if (applied.movedFrom) outcome.moved += 1;
        else outcome.unchanged += 1;
        if (shopify.failed) throw shopify.failed;
      } else {
        outcome.unchanged += 1;
      }
      // a step still unshown (Shopify failed before, a courier's cancel just finished): shown and recorded apart
      await showOnShopify(shop, current, tagsOnce, deps);
      await reviewStuck(shop, current, scanned, stuckOnce, deps);
    } catch (error) {
      outcome.errors += 1;
      log.warn('status sync: a parcel could not be brought up to date', { trackingNumber: booking.trackingNumber, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

function noteUnknown(courier: string, reading: TrackingResult, log: Log): void {
  if (reading.status !== null || !reading.rawStatus) return;
  const key = `${courier}#${reading.rawStatus}`;
  if (unknownTexts.has(key)) return;
  unknownTexts.add(key);
  log.warn('status sync: a courier status text Dakiya does not know moves nothing', { courierStatus: reading.rawStatus });
}
