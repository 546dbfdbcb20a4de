import { provideBookingStore } from '../../platform/booking-store-slot';
import { DynamoBookingStore } from './booking-repo';

// imported for its effect by the handlers whose operations reach deps.bookingStore (booking-store-slot.ts)
provideBookingStore((db, table) => new DynamoBookingStore(db, table));
