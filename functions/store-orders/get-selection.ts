import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { withShopify } from '../domain/shopify/calls';
import { NO_ORDERS_FOUND } from './get-store-orders';
import { codOf, round2 } from '../domain/store-orders/order-lookup';
import { storeDefaults } from '../domain/store-orders/store-defaults';
import { checksNeeded } from '../domain/booking/check';

/**
 * The bulk form's list of the selected orders: each one's name and the COD the bulk booking will
 * collect (the booking form's rule), the total of those it will book, and the ids Shopify does not know
 * (none known: the merge lookup's 'no order(s)' answer). One `nodes(ids:)` read of a few fields per 100
 * orders, so even 250 orders cost one page load, and one batch read of their claims: an order Dakiya
 * booked names its booking, and one waiting for a courier check says so, since the bulk books neither.
 */
export const getSelection: Operation<'storeOrders.selection'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const [dues, defaults] = await Promise.all([
    withShopify(() => deps.shopifyFor({ _id: shop._id, domain: shop.domain }).getOrderDues(query.id)),
    storeDefaults(shop._id, deps),
  ]);
  const known = query.id.flatMap((id) => {
    const due = dues.get(id);
    return due ? [due] : [];
  });
  if (known.length === 0) throw new AppError('NOT_FOUND', { msg: NO_ORDERS_FOUND, param: 'id' });
  const claims = await deps.attempts.claims(shop._id, known.map((due) => due.legacyResourceId));
  const checks = await checksNeeded(shop._id, claims, deps);
  const orders = known.map((due) => {
    const id = due.legacyResourceId;
    const claim = claims.get(id);
    const check = checks.get(id);
    return {
      id, name: due.name, cod: codOf(due, defaults).cod, cancelled: Boolean(due.cancelledAt),
      ...(claim?.state === 'booked' && claim.trackingNumber ? { tracking_number: claim.trackingNumber } : {}),
      ...(check ? { check_needed: check } : {}),
    };
  });
  const toBook = orders.filter((o) => !o.cancelled && !o.tracking_number && !o.check_needed);
  return {
    orders,
    missing: query.id.filter((id) => !dues.has(id)),
    total_cod: round2(toBook.reduce((sum, o) => sum + o.cod, 0)),
    currency: known[0]?.totalOutstanding.currencyCode ?? 'PKR',
  };
};
