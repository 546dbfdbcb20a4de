import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { resolveBooked, resolveNotBooked } from '../domain/booking/check';
import { bookingView } from '../domain/booking/view';

/** POST /booking-check/{orderId}/booked: the courier shows this tracking number for the order. */
export const checkBooked: Operation<'booking.checkBooked'> = async ({ params, body }, ctx, deps) => {
  const { shop, user } = requireAuth(ctx);
  const record = await resolveBooked(shop, user, params.orderId, body.tracking_number, deps);
  return { msg: `Recorded as booked with tracking number ${record.trackingNumber} and fulfilled on Shopify`, booking: bookingView(record) };
};

/** POST /booking-check/{orderId}/not-booked: the courier has no parcel for it; the order is free to book again. */
export const checkNotBooked: Operation<'booking.checkNotBooked'> = async ({ params }, ctx, deps) => {
  const { shop, user } = requireAuth(ctx);
  await resolveNotBooked(shop, user, params.orderId, deps);
  return { msg: 'Recorded as not booked. The order is free to book again.' };
};
