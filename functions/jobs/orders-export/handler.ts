import '../../adapters/dynamo/booking-store/register';
import { queueHandler } from '../../platform/job-chain';
import { exportOrders } from './write-export';

export const handler = queueHandler('orders.export', exportOrders);
