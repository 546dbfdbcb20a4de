import type { BookingStatus } from '@dakiya/shared';
import type { BookingChange, BookingRecord, TimelineEvent } from '../ports/bookings';
import type { TrackingResult } from '../ports/courier';
import type { CounterChange } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { countersOfMove, moveCounters, shopDay } from '../booking/counters';
import { cancelFulfillments } from '../booking/cancel';
import { daysBetween } from '../orders/row';
import { noticeDueWith, queueDueNotice } from '../notices/consignee-notice';
import { mayBeStuck } from '../sync/stuck';

/**
 * The status changes a courier's answer may make (issue 18 §5, extended by the status sync of issue
 * 21). A terminal status never goes back to a moving one, and a parcel never goes back from in process
 * to just fulfilled. One correction is allowed: a courier that said delivered and then says the
 * parcel came back (DELIVERED -> RTS) is believed, as its later word on the same parcel.
 */
export const ALLOWED_MOVES: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  FULFILLED: ['INPROCESS', 'DELIVERED', 'RTS', 'CANCELLED'],
  INPROCESS: ['DELIVERED', 'RTS', 'CANCELLED'],
  DELIVERED: ['RTS'],
  RTS: [],
  CANCELLED: [],
};

export const isAllowedMove = (from: BookingStatus, to: BookingStatus) => ALLOWED_MOVES[from].includes(to);

export interface StatusChangeOutcome {
  booking: BookingRecord;
  /** Something was written (a status, new scans, the courier's text). */
  written: boolean;
  /** The status moved, from what. */
  movedFrom?: BookingStatus;
}

type Shop = Pick<ShopRecord, '_id' | 'domain' | 'iana_time_zone'>;

/** What a courier reading changes on the booking, and its new scans; undefined when it changes nothing. */
export function changeOf(booking: BookingRecord, reading: TrackingResult, timeZone: string, now: Date): { change: BookingChange; events: TimelineEvent[]; to?: BookingStatus } | undefined {
  // the courier's event order, whatever order its answer lists them in (stable: equal times keep theirs)
  const ordered = [...reading.events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const events = ordered
    .map((e, i) => ({ at: e.at, seq: i + 1, status: e.status, message: e.message, ...(e.location ? { location: e.location } : {}) }))
    .filter((e) => !booking.lastScanAt || e.at > booking.lastScanAt);
  const target = reading.status;
  // our own cancel is under way (the courier cancelled at our asking): the cancel finishes it
  const ownCancel = target === 'CANCELLED' && booking.cancelledAt !== undefined;
  const to = target && target !== booking.status && !ownCancel && isAllowedMove(booking.status, target) ? target : undefined;
  const change: BookingChange = {};
  if (events.length) change.lastScanAt = events.reduce((a, e) => (e.at > a ? e.at : a), booking.lastScanAt ?? '');
  if (reading.rawStatus && reading.rawStatus !== booking.courierStatus) change.courierStatus = reading.rawStatus;
  if (to) {
    const at = now.toISOString();
    Object.assign(change, { status: to, lastStatusAt: at, changedAt: at });
    const arrived = to === 'DELIVERED' ? reading.deliveredAt : to === 'RTS' ? reading.returnedAt : undefined;
    if (to === 'DELIVERED' || to === 'RTS') {
      const deliveredAt = arrived ?? ordered.at(-1)?.at ?? at;
      change.deliveredAt = deliveredAt;
      if (to === 'DELIVERED') change.deliveryDays = Math.max(0, daysBetween(booking.bookedDay, shopDay(new Date(deliveredAt), timeZone)));
      // a correction from delivered: the delivery's days go with the delivery
      else if (booking.deliveryDays !== undefined) change.clearDeliveryDays = true;
    }
    // a cancel the courier made: finished by finishCourierCancel, which reads the status it left
    if (to === 'CANCELLED') change.cancelPendingFrom = booking.status;
  }
  if (!Object.keys(change).length) return undefined;
  return { change, events, to };
}

/**
 * The one status-change function (issue 18 §5), for the tracking modal now and the public page, the
 * status sync and courier pushes next. It applies the table of allowed moves to a courier's reading
 * (an unknown courier text, `status: null`, moves nothing), writes the booking only when something
 * changed and only from the status it has in hand, then the new scans as timeline events and the
 * counters' move, then a consignee notice the move made due (out for delivery, delivered, returned;
 * domain/notices). A delivery after a cancel, or a cancel the courier made, is put before a person.
 */
/**
 * A step a caller takes once the move is planned and before it is written, given the booking as it
 * will stand; what it returns is written in the move's own update. The status sync shows the new step
 * on Shopify here and records it in that write (domain/sync/on-shopify.ts), so a move rewrites the
 * booking once, not once for the status and again for the step. It must not throw for a failure
 * that should still let the move be written: it returns nothing to record instead.
 */
export type BeforeWrite = (next: BookingRecord) => Promise<Pick<BookingChange, 'shopifyStep'>>;

export interface ApplyOptions {
  before?: BeforeWrite;
  /**
   * Where a move's counter changes go instead of being applied at once: a caller applying many
   * readings (the sync's batch) sums them and writes each counter item once (booking/counters.ts).
   */
  counted?: CounterChange[];
}

export async function applyCourierReading(
  shop: Shop, held: BookingRecord, reading: TrackingResult, deps: Deps, opts: ApplyOptions = {}, retries = 1,
): Promise<StatusChangeOutcome> {
  // a courier's cancel whose last steps failed before (Shopify down): finished now, the status stays
  if (isCourierCancelUnfinished(held)) return { booking: await finishCourierCancel(shop, held, reading, deps), written: true };
  // a consignee notice whose queuing was lost after its move was written: queued now
  const booking = await queueDueNotice(held, deps);
  await flagForPerson(shop, booking, reading, deps);
  const planned = changeOf(booking, reading, shop.iana_time_zone, deps.now());
  if (!planned) return { booking, written: false };
  // the notice's mark goes with the move (one write), and the notice into the outbox after it
  const notice = await noticeDueWith(booking, planned.change, deps);
  const change = { ...planned.change, ...(notice ? { noticeDue: notice } : {}) };
  const alongside = opts.before ? await opts.before(nextOf(booking, change)) : {};
  const written = await deps.bookings.change(booking, { ...change, ...alongside });
  if (!written) {
    // another change got there first: read it and apply the reading to what is stored now
    const fresh = await deps.bookings.get(shop._id, booking.trackingNumber);
    if (!fresh || retries <= 0) return { booking: fresh ?? booking, written: false };
    return applyCourierReading(shop, fresh, reading, deps, opts, retries - 1);
  }
  await deps.bookings.addEvents(shop._id, booking.trackingNumber, planned.events);
  // a parcel that moved is no longer stuck, whoever read it (the sync, the modal, the public page)
  if (planned.to && mayBeStuck(booking, deps.now())) await deps.attention.resolve(shop._id, { kind: 'booking', trackingNumber: booking.trackingNumber }, 'STUCK');
  if (planned.to === 'CANCELLED') return { booking: await finishCourierCancel(shop, written, reading, deps), written: true, movedFrom: booking.status };
  if (planned.to && opts.counted) opts.counted.push(...countersOfMove(shop, booking, written));
  else if (planned.to) await moveCounters(shop, booking, written, deps);
  return { booking: await queueDueNotice(written, deps), written: true, ...(planned.to ? { movedFrom: booking.status } : {}) };
}

/** The booking as a change will leave it (its removals included), before it is written. */
function nextOf(booking: BookingRecord, change: BookingChange): BookingRecord {
  const { clearDeliveryDays, clearNoticeDue, ...set } = change;
  const next: BookingRecord = { ...booking, ...set };
  if (clearDeliveryDays) delete next.deliveryDays;
  if (clearNoticeDue) delete next.noticeDue;
  return next;
}

/** CANCELLED by the courier with its last steps still to do (a cancel of ours always has `cancelledAt`). */
const isCourierCancelUnfinished = (booking: BookingRecord) =>
  booking.status === 'CANCELLED' && booking.cancelPendingFrom !== undefined && booking.cancelledAt === undefined;

/**
 * The last steps of a cancel the courier made (PostEx 'Expired', Leopards '48 Hours Auto Canceled'),
 * like a merchant's cancel after the courier's step: the Shopify fulfillments cancelled (recorded, so
 * a retry does not ask again), the orders freed to be booked again, the counters moved once from the
 * status it left, and a person told what happened and what Dakiya did. The month's usage slot stays,
 * as for any cancelled booking. A failure here leaves `cancelPendingFrom`, and the next reading of
 * the parcel (the sync's retry, the modal) finishes the steps without moving the status again.
 */
async function finishCourierCancel(shop: Shop, booking: BookingRecord, reading: TrackingResult, deps: Deps): Promise<BookingRecord> {
  let record = booking;
  if (!record.fulfillmentsCancelledAt) {
    await cancelFulfillments(shop, record, deps);
    const at = deps.now().toISOString();
    await deps.bookings.recordCancelStep(record, { fulfillmentsCancelledAt: at });
    record = { ...record, fulfillmentsCancelledAt: at };
  }
  await deps.attempts.freeOrders(record, deps.now().getTime());
  const orderName = record.orderNames.join(', ');
  const said = reading.rawStatus ?? record.courierStatus;
  await deps.attention.raise(shop._id, {
    subject: { kind: 'booking', trackingNumber: record.trackingNumber }, reason: 'COURIER_CANCELLED', orderName, at: deps.now().toISOString(),
    message: `The courier cancelled the parcel of ${orderName} on its own${said ? ` ('${said}')` : ''}. Dakiya cancelled its fulfillment in Shopify and freed the order, so it can be booked again; the cancelled booking still counts in this month's plan.`,
  });
  await moveCounters(shop, { ...record, status: record.cancelPendingFrom! }, record, deps);
  return deps.bookings.finishCancel(record);
}

/** Readings a person must act on; the status itself does not move for them. */
async function flagForPerson(shop: Shop, booking: BookingRecord, reading: TrackingResult, deps: Deps): Promise<void> {
  const orderName = booking.orderNames.join(', ');
  const subject = { kind: 'booking' as const, trackingNumber: booking.trackingNumber };
  const at = deps.now().toISOString();
  if (booking.status === 'CANCELLED' && reading.status === 'DELIVERED') {
    await deps.attention.raise(shop._id, {
      subject, reason: 'DELIVERED_AFTER_CANCEL', orderName, at,
      message: `The courier says ${orderName} was delivered after its booking was cancelled. Check the order in Shopify and with the consignee.`,
    });
  }
}
