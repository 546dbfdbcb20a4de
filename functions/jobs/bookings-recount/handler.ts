import '../../adapters/dynamo/provide-booking-store';
import { scheduleHandler } from '../../platform/job-chain';
import { recountBookings } from './recount';

export const handler = scheduleHandler('bookings.recount', recountBookings);
