import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { deleteBooking } from '../domain/booking/cancel';

/** DELETE /delete-order with {orderId} (the booking's own id): cancelled bookings only. */
export const deleteOrder: Operation<'booking.delete'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  await deleteBooking(shop, body.orderId, deps);
  return { msg: 'Order has been deleted' };
};
