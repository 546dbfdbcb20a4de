import type { BookingChange, BookingRecord } from '../domain/ports/bookings';
import type { Deps } from '../domain/ports/deps';
import type { AccountRecord, ShopRecord } from '../domain/records';
import { moveCounters, shopDay } from '../domain/booking/counters';
import { newId } from '../ground/ids';

/** A booking as the booking flow saves it, with the fields a test sets. */
export function bookingRecord(shop: ShopRecord, account: AccountRecord, fields: Partial<BookingRecord> & { trackingNumber: string; bookedAt: string }): BookingRecord {
  return {
    shopId: shop._id, bookingId: newId(), orderIds: [fields.trackingNumber.replace(/\D/g, '').slice(-9) || '1'], orderNames: [`#${fields.trackingNumber}`], tag: '',
    accountId: account._id, accountName: account.name, company: account.company, status: 'FULFILLED', paymentStatus: 'UNPAID',
    bookedDay: shopDay(new Date(fields.bookedAt), shop.iana_time_zone), bookedBy: shop.ownerUserId, bookedByTag: '', lastStatusAt: fields.bookedAt,
    consignee: { name: 'Sana Tariq', phone: '03331234567', address: 'House 9, Street 2' }, destinationCity: 'Lahore', cod: 1000, weight: 500, pieces: 1,
    productsList: 'Kurta x 1', remarks: '', lineItems: [], fulfillments: [], attention: [], ...fields,
  };
}

/** Writes a booking through the repository and its counters, exactly as the booking flow does. */
export async function writeBooking(deps: Deps, shop: ShopRecord, record: BookingRecord): Promise<BookingRecord> {
  await deps.bookings.save(record, () => moveCounters(shop, undefined, record, deps));
  return record;
}

/** A change of a written booking and its counters' move, as the status-change function writes them. */
export async function changeBooking(deps: Deps, shop: ShopRecord, record: BookingRecord, change: BookingChange): Promise<BookingRecord> {
  const written = await deps.bookings.change(record, { changedAt: deps.now().toISOString(), ...change });
  if (!written) throw new Error(`the change of ${record.trackingNumber} was refused`);
  await moveCounters(shop, record, written, deps);
  return written;
}
