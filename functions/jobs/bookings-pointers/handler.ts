import '../../adapters/dynamo/booking-store/register';
import { scheduleHandler } from '../../platform/job-chain';
import { backfillOrderPointers } from './backfill';

export const handler = scheduleHandler('bookings.pointers', backfillOrderPointers);
