import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { importPayments } from '../domain/orders/import-payments';

/** POST /import-orders: one chunk of the 'Update payment status by CSV' file (spec 001 §2, §7). */
export const importOrders: Operation<'orders.import'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return importPayments(shop, body.ordersData, deps);
};
