import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { bulkProgress, startBulk } from '../domain/booking/bulk';

const started = (total: number) => `Booking ${total} order${total === 1 ? '' : 's'}. You can follow the progress here or leave this page.`;

/** POST /book-orders: the spec's comma-separated ids (and names) with one account, booked as a job. */
export const bookMany: Operation<'booking.bookMany'> = async ({ body }, ctx, deps) => {
  const { shop, user } = requireAuth(ctx);
  const requests = body.order_id.map((orderId) => ({ orderId, accountId: body.tracking_account }));
  const { bulkId, total } = await startBulk(shop, user, requests, deps);
  return { msg: started(total), jobId: bulkId, total };
};

/** POST /bulk/orders/fulfillment with {ordersData}: rows that each name their account. */
export const bulkFulfil: Operation<'booking.bulkFulfil'> = async ({ body }, ctx, deps) => {
  const { shop, user } = requireAuth(ctx);
  const requests = body.ordersData.map((row) => ({ orderId: row.order_id, accountId: row.tracking_account }));
  const { bulkId, total } = await startBulk(shop, user, requests, deps);
  return { msg: started(total), jobId: bulkId, total };
};

/** GET /bulk-bookings/{jobId}: where the bulk booking stands, row by row. */
export const getBulkProgress: Operation<'booking.bulkProgress'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return bulkProgress(shop, params.jobId, deps);
};
