import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { cancelSaying } from '../domain/booking/cancel';
import { bookingView } from '../domain/booking/view';

/** PUT /cancel-booking/{trackingNumber}. */
export const cancelBooking: Operation<'booking.cancel'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const { record, msg } = await cancelSaying(shop, params.trackingNumber, deps);
  return { msg, booking: bookingView(record) };
};
