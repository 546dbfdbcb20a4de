import type { BookingStatus, BookingView } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';

/** Spec §8's toast after a cancel. */
export const CANCELLED_TOAST = 'Order has been cancelled from courier and unfulfilled from shopify';

/** Cancel is offered only while the booking is neither CANCELLED nor DELIVERED (spec §4). */
export function canCancel(status: BookingStatus): boolean {
  return status !== 'CANCELLED' && status !== 'DELIVERED';
}

/** One line saying what happened to the booking, for the page's subtitle. */
export function bookingHeadline(booking: Pick<BookingView, 'status' | 'order_names' | 'postBookingData'>): string {
  const courier = COURIER_BY_ID[booking.postBookingData.courier].name;
  const orders = booking.order_names.join(', ');
  switch (booking.status) {
    case 'CANCELLED':
      return `${orders}: cancelled with ${courier} and unfulfilled on Shopify. It can be booked again.`;
    case 'DELIVERED':
      return `${orders}: delivered by ${courier}.`;
    case 'RTS':
      return `${orders}: ${courier} is returning the parcel to you.`;
    case 'INPROCESS':
      return `${orders}: on its way with ${courier}.`;
    default:
      return `${orders}: booked with ${courier} and fulfilled on Shopify with the tracking number.`;
  }
}
