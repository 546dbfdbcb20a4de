import { TAG_KEYS, type BookingStatus, type OrderTags, type TagKey } from '@dakiya/shared';
import type { BookingRecord, ShopifyStep } from '../ports/bookings';
import type { Deps } from '../ports/deps';
import type { FulfillmentEventStatus } from '../ports/shopify';
import type { ShopRecord } from '../records';
import { withShopify } from '../shopify/calls';

const TAG_OF: Partial<Record<BookingStatus, TagKey>> = { INPROCESS: 'inprocess_tag', DELIVERED: 'delivered_tag', CANCELLED: 'cancelled_tag', RTS: 'rts_tag' };
const STATUS_OF: Record<ShopifyStep, BookingStatus> = {
  IN_TRANSIT: 'INPROCESS', OUT_FOR_DELIVERY: 'INPROCESS', ATTEMPTED_DELIVERY: 'INPROCESS', DELIVERED: 'DELIVERED', FAILURE: 'RTS', CANCELLED: 'CANCELLED',
};

// each courier's return-leg words (Leopards "Being Return", PostEx "Out For Return", TCS "Return In
// Process", M&P "Return - …" and "Failed Delivered"); the terminal hand-back is RTS, not INPROCESS
const RETURN_LEG = /\breturn|failed delivered/i;

/**
 * The parcel's step as Shopify can show it: in process is in transit, out for delivery or a failed
 * attempt by the courier's own words, and in transit all along a return leg; a return is a failure; a
 * cancel is the fulfillment cancelled.
 * Undefined while the parcel is only booked (the fulfillment says so already) or a cancel is unfinished.
 */
export function stepOf(booking: BookingRecord): ShopifyStep | undefined {
  if (booking.cancelPendingFrom) return undefined;
  switch (booking.status) {
    case 'FULFILLED': return undefined;
    case 'DELIVERED': return 'DELIVERED';
    case 'RTS': return 'FAILURE';
    case 'CANCELLED': return 'CANCELLED';
    case 'INPROCESS': {
      const said = booking.courierStatus ?? '';
      // a parcel on its way back to the store: M&P's "Return - Out for Delivery" or "Return - Attempt"
      // is the courier delivering to the merchant, never to the consignee (whom a notice would then mail)
      if (RETURN_LEG.test(said)) return 'IN_TRANSIT';
      // Leopards says 'Assign to Courier' (AC) when the rider takes the parcel out: its out for delivery
      if (/out for delivery|on route|with rider|assign(ed)? to courier/i.test(said)) return 'OUT_FOR_DELIVERY';
      if (/attempt|refused|undeliver|not deliver|consignee not/i.test(said)) return 'ATTEMPTED_DELIVERY';
      return 'IN_TRANSIT';
    }
  }
}

const tagOf = (step: ShopifyStep, tags: OrderTags) => {
  const key = TAG_OF[STATUS_OF[step]];
  return key ? tags[key] : '';
};

/** The step a booking leads to that Shopify has not been shown yet, if any. */
export function stepToShow(booking: BookingRecord): ShopifyStep | undefined {
  const step = stepOf(booking);
  return step && step !== booking.shopifyStep ? step : undefined;
}

/**
 * The Shopify half of a status change (issue 21 §3, paid plans): a fulfillment event for the new step
 * and the settings' status tag, the new one added and the other status tags removed, through the port (which
 * paces calls within the shop's API bucket).
 */
async function sendStep(shop: ShopRecord, booking: BookingRecord, step: ShopifyStep, tags: () => Promise<OrderTags>, deps: Deps): Promise<void> {
  const client = deps.shopifyFor(shop);
  if (step !== 'CANCELLED' && !booking.fulfillmentsCancelledAt) {
    const happenedAt = booking.lastScanAt ?? booking.lastStatusAt;
    for (const { fulfillmentId } of booking.fulfillments) {
      await withShopify(() => client.createFulfillmentEvent({
        fulfillmentId, status: step as FulfillmentEventStatus, happenedAt, ...(booking.courierStatus ? { message: booking.courierStatus } : {}),
      }));
    }
  }
  const settings = await tags();
  const next = tagOf(step, settings);
  // every other status tag goes, not only the previous step's: an order booked again after a cancel
  // carries one status, its live parcel's
  const others = TAG_KEYS.map((key) => settings[key]).filter((tag) => tag && tag.toLowerCase() !== next.toLowerCase());
  // a cancelled parcel's order booked again since belongs to its new parcel: its tags are that one's
  const claims = step === 'CANCELLED' ? await deps.attempts.claims(booking.shopId, booking.orderIds) : undefined;
  for (const orderId of booking.orderIds) {
    const claim = claims?.get(orderId);
    if (claim && claim.state !== 'free' && claim.trackingNumber !== booking.trackingNumber) continue;
    if (next) await withShopify(() => client.addTags(orderId, [next]));
    if (others.length) await withShopify(() => client.removeTags(orderId, others));
  }
}

/**
 * The Shopify half taken with a courier reading's write (applyCourierReading's `before`): the step the
 * reading leads to is shown on Shopify first and recorded (`shopifyStep`) in the reading's own write, so
 * a move or a courier's new text rewrites the booking once, not again for the step (the booking is
 * billed at its whole size each time). A Shopify failure records nothing and never holds the status
 * back: the move is written with the step it had, the failure is kept in `failed` for the caller to
 * fail its message after, and the retry (or the next pass) shows the step through showOnShopify.
 * Shopify may be shown a step twice only when the write is lost after Shopify took it (a function
 * that dies between, a move another reader wrote first), which repeats a line on the order's timeline.
 */
export function showWithWrite(shop: ShopRecord, tags: () => Promise<OrderTags>, deps: Deps) {
  const hook = {
    failed: undefined as unknown,
    before: async (next: BookingRecord): Promise<{ shopifyStep?: ShopifyStep }> => {
      const step = stepToShow(next);
      if (!step) return {};
      try {
        await sendStep(shop, next, step, tags, deps);
        return { shopifyStep: step };
      } catch (error) {
        hook.failed ??= error;
        return {};
      }
    },
  };
  return hook;
}

/**
 * The Shopify half of a booking whose step is not shown yet, apart from any reading: after a Shopify
 * failure, or once a courier's cancel is finished. It records the step (`shopifyStep`) in a write of
 * its own only once Shopify took it, so a Shopify failure never undoes or repeats the status write:
 * the booking keeps a step other than the one shown, and the next pass that reads it does the Shopify
 * half alone. Tags are idempotent; an event may be sent twice when the recording write is lost after
 * Shopify took it, which only repeats a line on the order's timeline.
 */
export async function showOnShopify(shop: ShopRecord, booking: BookingRecord, tags: () => Promise<OrderTags>, deps: Deps): Promise<boolean> {
  const step = stepToShow(booking);
  if (!step) return false;
  await sendStep(shop, booking, step, tags, deps);
  // only from the status in hand: a booking that moved meanwhile is shown by the next pass
  await deps.bookings.change(booking, { shopifyStep: step });
  return true;
}
