import '../adapters/dynamo/provide-booking-store';
import { groupHandler } from '../platform/chain';
import { getShopifyOrder } from './get-shopify-order';
import { getShopifyOrders } from './get-shopify-orders';
import { listStoreOrders } from './list-store-orders';

export const operations = {
  'orders.shopifyOrder': getShopifyOrder,
  'orders.shopifyOrders': getShopifyOrders,
  'orders.storeOrders': listStoreOrders,
};

export const handler = groupHandler('orders', operations);
