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
import { isCancellable } from './view';

export const CANCELLED_MESSAGE = 'Order has been cancelled from courier and unfulfilled from shopify';

export async function loadBooking(shopId: string, trackingNumber: string, deps: Deps): Promise<BookingRecord> {
  const record = await deps.bookings.get(shopId, trackingNumber);
  if (!record) throw new AppError('NOT_FOUND', { msg: 'Booking not found' });
  return record;
}

/**
 * Cancel (spec 001 §4): the courier's cancel where it has one, then the booking's Shopify
 * fulfillments cancelled, then the booking CANCELLED and its orders free to book again. The courier
 * step is recorded first (`cancelledAt`), so a retry after Shopify failed does not ask the courier
 * again. The usage slot stays (billing counts a cancelled booking).
 */
export async function cancelBooking(shop: ShopRecord, trackingNumber: string, deps: Deps): Promise<BookingRecord> {
  let record = await loadBooking(shop._id, trackingNumber, deps);
  if (!isCancellable(record)) throw new AppError('CANCEL_NOT_ALLOWED');
  const at = deps.now().toISOString();
  if (!record.cancelledAt) {
    const account = await loadAccount(shop._id, record.accountId, deps);
    const adapter = deps.courier(account.company, await openCredentials(account, deps));
    const result = await withCourier(() => adapter.cancel(record.trackingNumber));
    if (result.kind === 'refused') {
      const detail = result.messages.filter(Boolean).join('; ');
      throw new AppError('COURIER_CANCEL_REFUSED', { msg: `The courier refused to cancel this booking${detail ? `: ${detail}` : ''}` });
    }
    await deps.bookings.setCourierCancelled(record, at);
    record = { ...record, cancelledAt: at };
  }
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
  const cancelled = await deps.bookings.setStatus(record, 'CANCELLED', at, { cancelledAt: record.cancelledAt });
  await deps.attempts.freeOrders(record, deps.now().getTime());
  await moveCounters(shop, record, cancelled, deps);
  // cancelled: what the Shopify cancellation asked of the merchant is done
  await deps.attention.resolve(shop._id, { kind: 'booking', trackingNumber: record.trackingNumber });
  return cancelled;
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
