import '../../adapters/dynamo/booking-store/register';
import { scheduleHandler } from '../../platform/job-chain';
import { migrateBookings } from './migrate';

export const handler = scheduleHandler('bookings.migrate', migrateBookings);
