import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { getStoreOrder } from './get-store-order';
import { getStoreOrders } from './get-store-orders';
import { listStoreOrders } from './list-store-orders';

export const operations = {
  'storeOrders.get': getStoreOrder,
  'storeOrders.getMany': getStoreOrders,
  'storeOrders.list': listStoreOrders,
};

export const handler = groupHandler('store-orders', operations);
