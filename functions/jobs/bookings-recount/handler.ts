import '../../adapters/dynamo/booking-store/register';
import { scheduleHandler } from '../../platform/job-chain';
import { recountBookings } from './recount';

export const handler = scheduleHandler('bookings.recount', recountBookings);
