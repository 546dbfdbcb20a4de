import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { bookOrders } from '../domain/booking/book';
import { postBookingData } from '../domain/booking/view';

/** POST /book-order: one order, or several merged into one parcel (tag MERGED). */
export const bookOrder: Operation<'booking.book'> = async ({ body }, ctx, deps) => {
  const { shop, user } = requireAuth(ctx);
  const orderIds = Array.isArray(body.order_id) ? [...new Set(body.order_id)] : [body.order_id];
  const record = await bookOrders({ shop, user, orderIds, input: body }, deps);
  return {
    message: 'Order has been booked and fulfilled',
    plan_limit_error: false,
    postBookingData: postBookingData(record),
    booking: { _id: record.bookingId, tracking_number: record.trackingNumber, status: record.status, tag: record.tag },
  };
};
