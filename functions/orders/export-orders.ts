import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { downloadLink, recentExports, startExport } from '../domain/orders/export';

const STARTED = 'Your export has started. It is listed here when it is done, also if you close this page.';

/** POST /export-orders: the list's query (MATCHED_ORDERS) or the whole shop (STORE_ORDERS), written by a job. */
export const exportOrders: Operation<'orders.export'> = async ({ query, body }, ctx, deps) => {
  const { shop, user } = requireAuth(ctx);
  return { msg: STARTED, export: await startExport(shop, user, body.filter, query, deps) };
};

/** GET /exports: the shop's recent exports and where each stands. */
export const listExports: Operation<'orders.exports'> = async (_input, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return { data: await recentExports(shop, deps) };
};

/** POST /download-csv: a finished export's link, signed for 15 minutes. */
export const downloadCsv: Operation<'orders.downloadCsv'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return downloadLink(shop, body.exportId, deps);
};
