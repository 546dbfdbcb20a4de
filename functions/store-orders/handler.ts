import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { getStoreOrder } from './get-store-order';
import { getStoreOrders } from './get-store-orders';
import { getSelection } from './get-selection';
import { listStoreOrders } from './list-store-orders';

export const operations = {
  'storeOrders.get': getStoreOrder,
  'storeOrders.getMany': getStoreOrders,
  'storeOrders.list': listStoreOrders,
  'storeOrders.selection': getSelection,
};

export const handler = groupHandler('store-orders', operations);
