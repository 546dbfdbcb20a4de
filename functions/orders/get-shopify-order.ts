import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../platform/errors';
import { withShopify } from '../domain/shopify/calls';
import { lookupOf } from '../domain/orders/order-lookup';
import { storeDefaults } from '../domain/orders/store-defaults';

export const ORDER_NOT_ON_SHOPIFY = 'We could not find this order on Shopify. It may have been deleted, or the link is from another store.';

/**
 * The booking form's starting values for one Shopify order. An order that cannot be booked says why
 * before the form opens: already fulfilled (the spec's success-toned banner), cancelled, or unknown.
 */
export const getShopifyOrder: Operation<'orders.shopifyOrder'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const [order, defaults] = await Promise.all([
    withShopify(() => deps.shopifyFor({ _id: shop._id, domain: shop.domain }).getOrder(params.id)),
    storeDefaults(shop._id, deps),
  ]);
  if (!order) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_ON_SHOPIFY, param: 'id' });
  if (order.cancelledAt) throw new AppError('ORDER_CANCELLED', { param: 'id' });
  if (order.displayFulfillmentStatus === 'FULFILLED') throw new AppError('ORDER_ALREADY_FULFILLED', { param: 'id' });
  return lookupOf(order, defaults);
};
