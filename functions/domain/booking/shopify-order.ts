import type { ShopifyAdmin, ShopifyOrderToFulfil } from '../ports/shopify';
import { AppError } from '../../ground/errors';
import { withShopify } from '../shopify/calls';

/** Reads the orders to book (in input order); an id Shopify does not know is the spec's "no order(s)". */
export async function ordersToFulfil(client: ShopifyAdmin, orderIds: string[]): Promise<ShopifyOrderToFulfil[]> {
  const orders = await withShopify(() => Promise.all(orderIds.map((id) => client.getOrderToFulfil(id))));
  return orders.map((order) => {
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  });
}

const openWork = (order: ShopifyOrderToFulfil) => order.fulfillmentOrders.filter((fo) => fo.remainingQuantity > 0 && fo.status !== 'CLOSED' && fo.status !== 'CANCELLED');

/**
 * Shopify must let the app fulfil the order before any courier is called: otherwise an order on hold
 * or owned by another fulfillment service would get a parcel and no fulfillment.
 */
export function checkFulfillable(order: ShopifyOrderToFulfil): void {
  if (order.cancelledAt) throw new AppError('ORDER_CANCELLED');
  const work = openWork(order);
  if (order.displayFulfillmentStatus === 'FULFILLED' || work.length === 0) throw new AppError('ORDER_ALREADY_FULFILLED');
  if (work.some((fo) => fo.status === 'ON_HOLD')) {
    throw new AppError('ORDER_NOT_FULFILLABLE', { msg: `Order ${order.name} is on hold in Shopify. Release the hold in Shopify, then book it.` });
  }
  if (work.some((fo) => !fo.supportedActions.includes('CREATE_FULFILLMENT'))) {
    throw new AppError('ORDER_NOT_FULFILLABLE', {
      msg: `Order ${order.name} is assigned to another fulfillment service in Shopify, so Dakiya cannot fulfil it. Move it to one of your own locations, then book it.`,
    });
  }
}

export interface Tracking {
  number: string;
  company: string;
  url: string;
}

/**
 * One fulfillmentCreate per open fulfillment order, carrying the tracking number. A retry first
 * finds the fulfillments that already carry this tracking number (a fulfillment made before the
 * request died) and only fulfils what is still open, so an order is never fulfilled twice.
 */
export async function fulfilOrder(client: ShopifyAdmin, order: ShopifyOrderToFulfil, tracking: Tracking): Promise<{ orderId: string; fulfillmentId: string }[]> {
  const orderId = order.legacyResourceId;
  const done = order.fulfillments
    .filter((f) => f.status === 'SUCCESS' && f.trackingNumbers.includes(tracking.number))
    .map((f) => ({ orderId, fulfillmentId: f.id }));
  for (const fo of openWork(order).filter((w) => w.supportedActions.includes('CREATE_FULFILLMENT'))) {
    const made = await withShopify(() => client.createFulfillment({
      fulfillmentOrderIds: [fo.id], trackingInfo: tracking, notifyCustomer: true,
    }));
    done.push({ orderId, fulfillmentId: made.id });
  }
  return done;
}
