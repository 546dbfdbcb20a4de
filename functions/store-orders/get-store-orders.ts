import type { ShopifyOrder } from '../domain/ports/shopify';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { withShopify } from '../domain/shopify/calls';
import { mergeOf } from '../domain/store-orders/order-lookup';
import { storeDefaults } from '../domain/store-orders/store-defaults';

export const NO_ORDERS_FOUND = 'Oops! We have found no order(s) corresponding to these id(s).';

/**
 * The merge lookup: the orders of one parcel and its totals. Ids Shopify does not know are listed
 * as missing; when none is known the answer is the spec's 'no order(s) corresponding' message.
 * Fulfilled and cancelled orders come back with their status so the page can say which to leave out.
 */
export const getStoreOrders: Operation<'storeOrders.getMany'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const [found, defaults] = await Promise.all([
    withShopify(() => deps.shopifyFor({ _id: shop._id, domain: shop.domain }).getOrders(query.id)),
    storeDefaults(shop._id, deps),
  ]);
  const orders: ShopifyOrder[] = [];
  const missing: string[] = [];
  found.forEach((order, i) => (order ? orders.push(order) : missing.push(query.id[i]!)));
  if (orders.length === 0) throw new AppError('NOT_FOUND', { msg: NO_ORDERS_FOUND, param: 'id' });
  const bookable = orders.filter((order) => !order.cancelledAt && order.displayFulfillmentStatus !== 'FULFILLED');
  const answer = mergeOf(bookable, missing, defaults);
  // the orders left out are still shown (with their status), but count in no total
  const left = orders.filter((order) => !bookable.includes(order));
  return left.length ? { ...answer, orders: [...answer.orders, ...mergeOf(left, [], defaults).orders] } : answer;
};
