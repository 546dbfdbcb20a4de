import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { withShopify } from '../domain/shopify/calls';
import { lookupOf } from '../domain/store-orders/order-lookup';
import { storeDefaults } from '../domain/store-orders/store-defaults';
import { checksNeeded } from '../domain/booking/check';

export const ORDER_NOT_ON_SHOPIFY = 'We could not find this order on Shopify. It may have been deleted, or the link is from another store.';

/** The lookup's answer for an order Dakiya booked: its tracking number, so the screen links to the booking. */
export const bookedByDakiya = (trackingNumber: string) => new AppError('ORDER_ALREADY_BOOKED', {
  msg: `This order is already booked with Dakiya (tracking number ${trackingNumber}). Open the booking to track or cancel it.`,
  param: 'id', extra: { tracking_number: trackingNumber },
});

/**
 * The booking form's starting values for one Shopify order. An order that cannot be booked says why
 * before the form opens: booked by Dakiya (its claim names the tracking number, whatever Shopify says
 * now), already fulfilled (the spec's success-toned banner), cancelled, or unknown.
 */
export const getStoreOrder: Operation<'storeOrders.get'> = async ({ params }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const [order, defaults, claims] = await Promise.all([
    withShopify(() => deps.shopifyFor({ _id: shop._id, domain: shop.domain }).getOrder(params.id)),
    storeDefaults(shop._id, deps),
    deps.attempts.claims(shop._id, [params.id]),
  ]);
  const claim = claims.get(params.id);
  if (claim?.state === 'booked' && claim.trackingNumber) throw bookedByDakiya(claim.trackingNumber);
  if (!order) throw new AppError('NOT_FOUND', { msg: ORDER_NOT_ON_SHOPIFY, param: 'id' });
  if (order.cancelledAt) throw new AppError('ORDER_CANCELLED', { param: 'id' });
  if (order.displayFulfillmentStatus === 'FULFILLED') throw new AppError('ORDER_ALREADY_FULFILLED', { param: 'id' });
  // an attempt whose courier answer was lost, at a courier that cannot be asked: the page offers the person's check
  const check = claim?.state === 'booking' ? (await checksNeeded(shop._id, [params.id], deps)).get(params.id) : undefined;
  return { ...lookupOf(order, defaults), ...(check ? { check_needed: check } : {}) };
};
