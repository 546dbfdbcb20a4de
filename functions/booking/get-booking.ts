import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { loadBooking } from '../domain/booking/cancel';
import { bookingView } from '../domain/booking/view';

/** GET /booking/{trackingNumber}: the post-booking page, reachable again (with Cancel and the Shopify marks). */
export const getBooking: Operation<'booking.get'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return { booking: bookingView(await loadBooking(shop._id, params.trackingNumber, deps)) };
};
