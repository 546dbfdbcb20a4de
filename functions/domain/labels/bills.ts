import { courierDefinition } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { BookingRecord } from '../ports/bookings';
import type { AccountRecord, ShopRecord } from '../records';
import { AppError } from '../../ground/errors';
import type { AirwayBill } from './airway-bill';

/** What a bill says about its booking: the same fields for every courier. */
export function billOf(shop: ShopRecord, booking: BookingRecord, account: AccountRecord | undefined): AirwayBill {
  return {
    courier: courierDefinition(booking.company).name,
    trackingNumber: booking.trackingNumber,
    bookedAt: booking.bookedAt,
    shipper: { name: shop.name, city: account?.city ?? '', account: booking.accountName },
    consignee: { name: booking.consignee.name, phone: booking.consignee.phone, address: booking.consignee.address, city: booking.destinationCity },
    codAmount: booking.cod,
    pieces: booking.pieces,
    weightGrams: booking.weight,
    orderNames: booking.orderNames,
    products: booking.productsList,
    remarks: booking.remarks,
  };
}

/**
 * The bookings to print, in the order asked. A selection that went stale (a parcel cancelled or deleted
 * since the list was read) is refused whole, naming the parcels, rather than printing a bill for a parcel
 * no courier will carry.
 */
export async function printableBookings(shopId: string, trackingNumbers: string[], deps: Deps): Promise<BookingRecord[]> {
  const found = new Map((await deps.bookings.getMany(shopId, trackingNumbers)).map((b) => [b.trackingNumber, b]));
  const named = (list: string[]) => list.slice(0, 5).join(', ') + (list.length > 5 ? ` and ${list.length - 5} more` : '');
  const missing = trackingNumbers.filter((tn) => !found.has(tn));
  // another shop's numbers read as missing, like any id of another shop, and are not said back
  if (missing.length) {
    const count = missing.length === 1 ? 'One selected parcel is' : `${missing.length} selected parcels are`;
    throw new AppError('NOT_FOUND', { msg: `${count} not in Dakiya. Refresh the list and select again.`, param: 'trackingNumbers' });
  }
  const cancelled = trackingNumbers.filter((tn) => found.get(tn)!.status === 'CANCELLED');
  if (cancelled.length) throw new AppError('LABELS_NOT_PRINTABLE', { msg: `${named(cancelled)}: cancelled since the list was read. Refresh the list and select again.`, param: 'trackingNumbers' });
  return trackingNumbers.map((tn) => found.get(tn)!);
}

/** The accounts of these bookings, read once each. */
export async function accountsOf(shopId: string, bookings: BookingRecord[], deps: Deps): Promise<Map<string, AccountRecord>> {
  const ids = [...new Set(bookings.map((b) => b.accountId))];
  const accounts = await Promise.all(ids.map((id) => deps.accounts.get(shopId, id)));
  return new Map(accounts.filter((a): a is AccountRecord => Boolean(a)).map((a) => [a._id, a]));
}
