import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { listOrders } from './list-orders';
import { trackOrder } from './track-order';

export const operations = {
  'orders.list': listOrders,
  'orders.track': trackOrder,
};

export const handler = groupHandler('orders', operations);
