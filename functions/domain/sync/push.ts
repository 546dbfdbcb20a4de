import type { OrderTags } from '@dakiya/shared';
import type { TrackingResult } from '../ports/courier';
import type { Deps } from '../ports/deps';
import type { AccountRecord, ShopRecord } from '../records';
import { isPaid } from '../billing/plan-check';
import { applyCourierReading } from '../tracking/status-change';
import { showOnShopify, showWithWrite } from './on-shopify';

/** What one push did: scans applied (something written), scans that changed nothing, scans of parcels not this account's. */
export interface PushOutcome {
  applied: number;
  unchanged: number;
  unknown: number;
}

/**
 * A courier's pushed scans of one account's parcels (issue 22), each one reading of its parcel, through
 * the one status-change function a poll uses: a scan the booking already holds (its time at or before the
 * last scan stored, whether a poll or an earlier push brought it) is old news and writes nothing, so a
 * replayed push, or a push and a poll of one scan in either order, changes the parcel once. Scans of one
 * parcel go in the courier's time order. A number that is not a booking of this account is left alone.
 * The Shopify half follows as after a poll, on paid plans only (a FREE shop's parcels still move).
 */
export async function applyPushedReadings(shop: ShopRecord, account: AccountRecord, readings: TrackingResult[], deps: Deps): Promise<PushOutcome> {
  const outcome: PushOutcome = { applied: 0, unchanged: 0, unknown: 0 };
  const byNumber = new Map<string, TrackingResult[]>();
  for (const reading of readings) byNumber.set(reading.trackingNumber, [...(byNumber.get(reading.trackingNumber) ?? []), reading]);
  const held = (await deps.bookings.getMany(shop._id, [...byNumber.keys()], { consistent: true })).filter((b) => b.accountId === account._id);
  outcome.unknown = readings.length - held.reduce((n, b) => n + byNumber.get(b.trackingNumber)!.length, 0);
  let tags: Promise<OrderTags> | undefined;
  const tagsOnce = () => (tags ??= deps.settings.get(shop._id).then((s) => s.tags));
  for (const booking of held) {
    let current = booking;
    const scans = byNumber.get(booking.trackingNumber)!.sort((a, b) => latest(a).localeCompare(latest(b)));
    for (const [i, reading] of scans.entries()) {
      if (current.lastScanAt && latest(reading) <= current.lastScanAt) {
        outcome.unchanged += 1;
        continue;
      }
      // on paid plans the step the parcel's last scan leads to is shown and recorded in that scan's own write
      const shopify = isPaid(shop) && i === scans.length - 1 ? showWithWrite(shop, tagsOnce, deps) : undefined;
      const applied = await applyCourierReading(shop, current, reading, deps, shopify ? { before: shopify.before } : {});
      current = applied.booking;
      if (applied.written) outcome.applied += 1;
      else outcome.unchanged += 1;
      if (shopify?.failed) throw shopify.failed;
    }
    if (isPaid(shop)) await showOnShopify(shop, current, tagsOnce, deps);
  }
  return outcome;
}

const latest = (reading: TrackingResult) => reading.events.reduce((a, e) => (e.at > a ? e.at : a), '');
