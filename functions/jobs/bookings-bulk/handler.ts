import '../../adapters/dynamo/booking-store/register';
import { queueHandler } from '../../platform/job-chain';
import { bookBulk } from './run-bulk';

export const handler = queueHandler('bookings.bulk', bookBulk);
