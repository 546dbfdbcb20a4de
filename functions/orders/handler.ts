import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { listOrders } from './list-orders';
import { trackOrder } from './track-order';
import { sendEmail } from './send-email';
import { importOrders } from './import-orders';
import { downloadCsv, exportOrders, listExports } from './export-orders';

export const operations = {
  'orders.list': listOrders,
  'orders.track': trackOrder,
  'orders.sendEmail': sendEmail,
  'orders.import': importOrders,
  'orders.export': exportOrders,
  'orders.exports': listExports,
  'orders.downloadCsv': downloadCsv,
};

export const handler = groupHandler('orders', operations);
