import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { bookOrder } from './book-order';
import { bookMany, bulkFulfil, getBulkProgress } from './book-many';
import { cancelBooking } from './cancel-booking';
import { deleteOrder } from './delete-order';
import { getBooking } from './get-booking';
import { checkBooked, checkNotBooked } from './resolve-check';

export const operations = {
  'booking.book': bookOrder,
  'booking.bookMany': bookMany,
  'booking.bulkFulfil': bulkFulfil,
  'booking.bulkProgress': getBulkProgress,
  'booking.get': getBooking,
  'booking.cancel': cancelBooking,
  'booking.delete': deleteOrder,
  'booking.checkBooked': checkBooked,
  'booking.checkNotBooked': checkNotBooked,
};

export const handler = groupHandler('booking', operations);
