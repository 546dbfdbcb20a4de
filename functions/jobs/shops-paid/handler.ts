import { scheduleHandler } from '../../platform/job-chain';
import { listPaidShops } from './list-paid';

export const handler = scheduleHandler('shops.paid', listPaidShops);
