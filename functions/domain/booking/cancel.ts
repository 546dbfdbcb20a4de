import type { BookingAttention } from '@dakiya/shared';
import { ShopifyUserErrors } from '../ports/shopify';
import type { Deps } from '../ports/deps';
import { AppError } from '../../ground/errors';
import { openCredentials, withCourier } from '../accounts/credentials';
import { loadAccount } from '../accounts/load-account';
import type { BookingRecord } from '../ports/bookings';
import type { ShopRecord } from '../records';
import { withShopify } from '../shopify/calls';
import { moveCounters } from './counters';
import type { CancelResult, CourierAdapter } from '../ports/courier';
import { isCancellable } from './view';

export const CANCELLED_MESSAGE = 'Order has been cancelled from courier and unfulfilled from Shopify';
/** The courier had cancelled the parcel already (its answer to an earlier try was lost): the cancel is finished, not refused. */
export const CANCELLED_BEFORE_MESSAGE = 'The courier had already cancelled this parcel. Dakiya has finished the cancel: the order is unfulfilled on Shopify and can be booked again';

export async function loadBooking(shopId: string, trackingNumber: string, deps: Deps): Promise<BookingRecord> {
  const record = await deps.bookings.get(shopId, trackingNumber);
  if (!record) throw new AppError('NOT_FOUND', { msg: 'Booking not found' });
  return record;
}

/**
 * Cancel (spec 001 §4), as steps recorded like a booking's, each as soon as it is done: the courier
 * cancelled (`cancelledAt`), the booking's Shopify fulfillments cancelled (`fulfillmentsCancelledAt`),
 * the booking CANCELLED with the status it left (`cancelPendingFrom`), its orders freed, its
 * attention mark resolved and its counter items moved once (`moveCounters`, from that status to
 * CANCELLED), then `cancelPendingFrom` removed. A retry resumes after the last recorded step: it
 * never asks the courier or Shopify again, and the counters move once (a request that dies between
 * moving them and removing `cancelPendingFrom` is the only double, and the recount mends it). The
 * usage slot stays (billing counts a cancelled booking).
 */
export async function cancelBooking(shop: ShopRecord, trackingNumber: string, deps: Deps): Promise<BookingRecord> {
  return (await cancelSaying(shop, trackingNumber, deps)).record;
}

/** The cancel, with what to tell the person: a parcel the courier had cancelled before is said so. */
export async function cancelSaying(shop: ShopRecord, trackingNumber: string, deps: Deps): Promise<{ record: BookingRecord; msg: string }> {
  let record = await loadBooking(shop._id, trackingNumber, deps);
  let msg = CANCELLED_MESSAGE;
  if (!isCancellable(record)) throw new AppError('CANCEL_NOT_ALLOWED');
  const at = deps.now().toISOString();
  if (record.status !== 'CANCELLED') {
    if (!record.cancelledAt) {
      if (await cancelWithCourier(shop, record, deps) === 'before') msg = CANCELLED_BEFORE_MESSAGE;
      await deps.bookings.recordCancelStep(record, { cancelledAt: at });
      record = { ...record, cancelledAt: at };
    }
    if (!record.fulfillmentsCancelledAt) {
      await cancelFulfillments(shop, record, deps);
      await deps.bookings.recordCancelStep(record, { fulfillmentsCancelledAt: at });
      record = { ...record, fulfillmentsCancelledAt: at };
    }
    record = await deps.bookings.setStatus(record, 'CANCELLED', at, { cancelledAt: record.cancelledAt, cancelPendingFrom: record.status });
  }
  await deps.attempts.freeOrders(record, deps.now().getTime());
  // cancelled: what the Shopify cancellation asked of the merchant is done
  await deps.attention.resolve(shop._id, { kind: 'booking', trackingNumber: record.trackingNumber });
  // one move of every counter item, from the booking as it stood before the cancel to the cancelled one
  await moveCounters(shop, { ...record, status: record.cancelPendingFrom! }, record, deps);
  return { record: await deps.bookings.finishCancel(record), msg };
}

/**
 * The courier's cancel. A courier that refuses, or whose answer was lost, may have cancelled the
 * parcel already (a first try whose answer never came back): its tracking decides, and a refusal that
 * says the parcel is cancelled already needs no tracking (which may be down just then). `before`: the
 * courier had cancelled it before this request, which the person is told.
 */
async function cancelWithCourier(shop: ShopRecord, record: BookingRecord, deps: Deps): Promise<'now' | 'before'> {
  const account = await loadAccount(shop._id, record.accountId, deps);
  const adapter = deps.courier(account.company, await openCredentials(account, deps));
  let result: CancelResult;
  try {
    result = await withCourier(() => adapter.cancel(record.trackingNumber));
  } catch (error) {
    // this very call cancelled it, and only its answer was lost
    if (await cancelledByTracking(adapter, record.trackingNumber)) return 'now';
    throw error;
  }
  if (result.kind === 'cancelled' && result.already) return 'before';
  if (result.kind !== 'refused') return 'now';
  if (await cancelledByTracking(adapter, record.trackingNumber)) return 'before';
  const detail = result.messages.filter(Boolean).join('; ');
  throw new AppError('COURIER_CANCEL_REFUSED', {
    msg: `The courier refused to cancel this booking${detail ? `: ${detail}` : ''}`, ...(result.raw ? { extra: { details: result.raw } } : {}),
  });
}

async function cancelledByTracking(adapter: CourierAdapter, trackingNumber: string): Promise<boolean> {
  try {
    const [tracked] = await adapter.track([trackingNumber]);
    return tracked?.found === true && tracked.status === 'CANCELLED';
  } catch {
    // no answer is no proof: the cancel stops as it would have
    return false;
  }
}

/** Cancels the booking's Shopify fulfillments; one cancelled already (a retry, or by hand) is what was wanted. */
export async function cancelFulfillments(shop: Pick<ShopRecord, '_id' | 'domain'>, record: BookingRecord, deps: Deps): Promise<void> {
  const client = deps.shopifyFor(shop);
  for (const { fulfillmentId } of record.fulfillments) {
    await withShopify(async () => {
      try {
        await client.cancelFulfillment(fulfillmentId);
      } catch (error) {
        // cancelled already (a retry, or by hand in the Shopify admin): that is what was wanted
        if (!(error instanceof ShopifyUserErrors)) throw error;
      }
    });
  }
}

/** DELETE /delete-order: a cancelled booking only, with its pointers, timeline and counts. */
export async function deleteBooking(shop: ShopRecord, bookingId: string, deps: Deps): Promise<void> {
  const trackingNumber = await deps.bookings.trackingNumberOf(shop._id, bookingId);
  if (!trackingNumber) throw new AppError('NOT_FOUND', { msg: 'Order not found' });
  const record = await loadBooking(shop._id, trackingNumber, deps);
  if (record.status !== 'CANCELLED') throw new AppError('DELETE_NOT_ALLOWED');
  // its counts go while the booking is still there and marked as changing: the recount leaves the
  // day alone meanwhile, and a request that dies between the two leaves a booking it counts again
  const marked = await deps.bookings.change(record, { changedAt: deps.now().toISOString() });
  await moveCounters(shop, marked ?? record, undefined, deps);
  await deps.bookings.remove(record);
}

/**
 * Orders or fulfillments cancelled in the Shopify admin: the booking is marked for the merchant
 * (the parcel may still go out), never changed behind their back. Idempotent: a mark of the same
 * reason is written once.
 */
export async function markFromShopify(
  shop: ShopRecord, found: { orderId?: string; fulfillmentId?: string; trackingNumbers?: string[] }, reason: BookingAttention['reason'], deps: Deps,
): Promise<BookingRecord | undefined> {
  let record: BookingRecord | undefined;
  if (found.orderId) {
    const claim = (await deps.attempts.claims(shop._id, [found.orderId])).get(found.orderId);
    if (claim?.state === 'booked' && claim.trackingNumber) record = await deps.bookings.get(shop._id, claim.trackingNumber);
  }
  for (const tn of found.trackingNumbers ?? []) record ??= await deps.bookings.get(shop._id, tn);
  if (!record || record.status === 'CANCELLED' || record.cancelledAt) return undefined;
  if (found.fulfillmentId && !record.fulfillments.some((f) => f.fulfillmentId.endsWith(`/${found.fulfillmentId}`) || f.fulfillmentId === found.fulfillmentId)) return undefined;
  if ((record.attention ?? []).some((a) => a.reason === reason)) return record;
  const orderName = found.orderId ? (record.orderNames[record.orderIds.indexOf(found.orderId)] ?? record.orderNames[0]!) : record.orderNames[0]!;
  const message = reason === 'ORDER_CANCELLED_IN_SHOPIFY'
    ? `Order ${orderName} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`
    : `The fulfillment of ${orderName} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`;
  const at = deps.now().toISOString();
  await deps.bookings.addAttention(record, { reason, message, at, order_name: orderName });
  await deps.attention.raise(shop._id, { subject: { kind: 'booking', trackingNumber: record.trackingNumber }, reason, message, at, orderName });
  return record;
}
