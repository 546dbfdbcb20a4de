import type { ConsigneeNoticeEvent } from '@dakiya/shared';
import type { BookingChange, BookingRecord } from '../ports/bookings';
import type { Deps } from '../ports/deps';
import { stepOf } from '../sync/on-shopify';

/**
 * The event a booking's state tells its consignee of (issue 22 §3): out for delivery by the courier's
 * own words (the step Shopify is shown), delivered, returned. Nothing while it is only booked or in
 * transit, nor for a cancel.
 */
export function noticeEventOf(booking: BookingRecord): ConsigneeNoticeEvent | undefined {
  switch (stepOf(booking)) {
    case 'OUT_FOR_DELIVERY': return 'OUT_FOR_DELIVERY';
    case 'DELIVERED': return 'DELIVERED';
    case 'FAILURE': return 'RTS';
    default: return undefined;
  }
}

/** The outbox key of one notice: one job record, so one mail, per booking and event. */
export const noticeKey = (trackingNumber: string, event: ConsigneeNoticeEvent) => `consignee-notice#${trackingNumber}#${event}`;

/**
 * The notice a change makes due, written with the change itself: an event the booking did not call for
 * before, to a consignee who gave an email, of a shop that turned notices on. The settings are read only
 * for such a change, so a poll that moves nothing reads nothing more.
 */
export async function noticeDueWith(booking: BookingRecord, change: BookingChange, deps: Deps): Promise<ConsigneeNoticeEvent | undefined> {
  const event = noticeEventOf({ ...booking, ...change });
  if (!event || event === noticeEventOf(booking) || !booking.consignee.email?.trim()) return undefined;
  return (await deps.settings.get(booking.shopId)).consignee_notices ? event : undefined;
}

/**
 * Puts a due notice in the mail outbox, keyed by booking and event (a conditional put: a second try,
 * from a retry, the modal, the public page or a push of the same scan, finds the record and sends
 * nothing), then removes the mark. The status is written before and never waits on this: a failure
 * leaves the mark, and the next reading of the parcel (the sync's next pass, the modal, the page)
 * queues it. The channel is the outbox's mail today; a WhatsApp channel is a second sender behind it.
 */
export async function queueDueNotice(booking: BookingRecord, deps: Deps): Promise<BookingRecord> {
  const event = booking.noticeDue;
  if (!event) return booking;
  try {
    await deps.jobs.enqueue(
      'mail.send',
      { kind: 'consignee-notice', shopId: booking.shopId, trackingNumber: booking.trackingNumber, event },
      { shopId: booking.shopId, key: noticeKey(booking.trackingNumber, event) },
    );
    // from the booking in hand: one that moved meanwhile keeps its mark, and queuing it again is a no-op
    return (await deps.bookings.change(booking, { clearNoticeDue: true })) ?? booking;
  } catch (error) {
    deps.log.warn('consignee notice not queued: the next reading of the parcel queues it', {
      trackingNumber: booking.trackingNumber, event, error: error instanceof Error ? error.message : String(error),
    });
    return booking;
  }
}
