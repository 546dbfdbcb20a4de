import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { CANCELLED_MESSAGE, cancelBooking as cancel } from '../domain/booking/cancel';
import { bookingView } from '../domain/booking/view';

/** PUT /cancel-booking/{trackingNumber}. */
export const cancelBooking: Operation<'booking.cancel'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return { msg: CANCELLED_MESSAGE, booking: bookingView(await cancel(shop, params.trackingNumber, deps)) };
};
