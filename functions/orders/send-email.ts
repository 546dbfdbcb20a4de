import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';

/**
 * PUT /send-email/{orderId} (the booking's own id): queues the consignee's tracking-link mail in the
 * outbox. An order without an email is refused here, where the merchant can still share the link on
 * WhatsApp instead; the worker reads the address again when it sends.
 */
export const sendEmail: Operation<'orders.sendEmail'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const trackingNumber = await deps.bookings.trackingNumberOf(shop._id, params.orderId);
  const booking = trackingNumber ? await deps.bookings.get(shop._id, trackingNumber) : undefined;
  if (!booking) throw new AppError('NOT_FOUND', { msg: 'Order not found' });
  if (!booking.consignee.email?.trim()) throw new AppError('NO_CONSIGNEE_EMAIL');
  await deps.jobs.enqueue('mail.send', { kind: 'tracking-link', shopId: shop._id, trackingNumber: booking.trackingNumber }, { shopId: shop._id });
  return { msg: `Tracking link sent to ${booking.consignee.email}` };
};
