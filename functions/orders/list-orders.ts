import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { listOrders as list } from '../domain/orders/list';

/** GET /get-all-orders: the shop's bookings, filtered and paged (spec 001 §2, §3, §7). */
export const listOrders: Operation<'orders.list'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return list(shop, query, deps);
};
