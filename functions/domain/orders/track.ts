import { trackingStep, type CourierCheck, type TrackOrderResult } from '@dakiya/shared';
import { isCourierUnavailable } from '../ports/courier';
import type { BookingRecord } from '../ports/bookings';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { loadBooking } from '../booking/cancel';
import { openCredentials } from '../accounts/credentials';
import { applyCourierReading } from '../tracking/status-change';

/** The modal and the public page ask the courier only about a status older than this, and at most once per parcel in it. */
export const ASK_GAP_MS = 10 * 60_000;
/** After an ask the courier did not answer, the next may come this soon (a consignee reloading meanwhile is told the courier is down). */
export const RETRY_ASK_MS = 60_000;

/**
 * Asks the courier about the parcel when its stored status is older than ten minutes and nobody
 * asked in that time (an expiring item, claimed with a conditional write), and stores what moved
 * through the status-change function. This is how a FREE shop, which has no automatic sync, sees
 * fresh statuses. A courier that does not answer leaves the stored status, said as such. The public
 * tracking page refreshes through this same function, so both share the one ask per ten minutes.
 */
export async function refresh(shop: ShopRecord, record: BookingRecord, deps: Deps): Promise<{ record: BookingRecord; check: CourierCheck; checkedAt: string | null }> {
  const nowMs = deps.now().getTime();
  if (nowMs - Date.parse(record.lastStatusAt) < ASK_GAP_MS) {
    const asked = await deps.trackingAsks.lastAsked(shop._id, record.trackingNumber);
    if (asked !== undefined) return { record, check: 'recent', checkedAt: new Date(asked).toISOString() };
    // a status the courier never gave (a booking minutes old) was not checked with it at all
    return { record, check: 'recent', checkedAt: record.courierStatus ? record.lastStatusAt : null };
  }
  const claim = await deps.trackingAsks.claim(shop._id, record.trackingNumber, nowMs, ASK_GAP_MS);
  const last = claim.lastAskedAt !== undefined ? new Date(claim.lastAskedAt).toISOString() : null;
  if (!claim.claimed) return { record, check: claim.lastAskFailed ? 'unavailable' : 'recent', checkedAt: last };
  const account = await deps.accounts.get(shop._id, record.accountId);
  if (!account) return { record, check: 'unavailable', checkedAt: last };
  try {
    const adapter = deps.courier(account.company, await openCredentials(account, deps));
    const [reading] = await adapter.track([record.trackingNumber]);
    const asked = new Date(nowMs).toISOString();
    if (!reading?.found) return { record, check: 'not-found', checkedAt: asked };
    return { record: (await applyCourierReading(shop, record, reading, deps)).booking, check: 'asked', checkedAt: asked };
  } catch (error) {
    if (!isCourierUnavailable(error)) throw error;
    deps.log.warn('tracking: the courier did not answer', { courier: account.company, reason: error.reason });
    await deps.trackingAsks.failed(shop._id, record.trackingNumber, nowMs, RETRY_ASK_MS, claim.lastAskedAt);
    return { record, check: 'unavailable', checkedAt: last };
  }
}

/** GET /track-order/{id}: the Order Tracking Info modal (spec 001 §2, §3). */
export async function trackOrder(shop: ShopRecord, trackingNumber: string, deps: Deps): Promise<TrackOrderResult> {
  const { record, check, checkedAt } = await refresh(shop, await loadBooking(shop._id, trackingNumber, deps), deps);
  const events = await deps.bookings.timeline(shop._id, trackingNumber);
  return {
    domain: shop.domain,
    store: shop.name,
    company: record.company,
    order_name: record.orderNames.join(', '),
    order: {
      consignee_name: record.consignee.name,
      track_number: record.trackingNumber,
      booking_date: record.bookedAt,
      current_status: trackingStep(record.status),
      details: events.map((e) => ({ status_message: e.message, name: e.status, status_date: e.at })),
    },
    status: record.status,
    customer_phone: record.consignee.phone,
    destination: record.destinationCity,
    current_courier_status: record.courierStatus ?? null,
    last_checked_at: checkedAt,
    courier_check: check,
  };
}
