import type { BookingAttention, BookingStatus, BookingView } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { formatCurrency } from '../../lib/format';

/** A booking's status as its badge says it, in the case of the app's other badges. */
export const STATUS_LABELS: Record<BookingStatus, string> = {
  FULFILLED: 'Fulfilled',
  INPROCESS: 'In process',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RTS: 'Returning to you',
};

/** What the parcel's payment line says: a prepaid parcel collects nothing, and says so rather than 'Rs 0'. */
export function parcelPayment(cod: number): { label: string; value: string } {
  return cod > 0 ? { label: 'Cash on delivery', value: formatCurrency(cod) } : { label: 'Payment', value: 'Prepaid' };
}

/** Whether the booking's status still lets it be cancelled (spec §4): what the Shopify-cancellation notes ask depends on it. */
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

/**
 * The attention mark for someone who may not cancel bookings (no WRITE_ORDERS, so no Cancel button):
 * the same news, asking them to have the booking cancelled rather than telling them to cancel it.
 */
export function attentionForReader(mark: Pick<BookingAttention, 'reason' | 'order_name'>): string {
  const what = mark.reason === 'ORDER_CANCELLED_IN_SHOPIFY' ? `Order ${mark.order_name} was cancelled in Shopify.` : `The fulfillment of ${mark.order_name} was cancelled in Shopify.`;
  return `${what} If the parcel should not go out, ask an admin, or a staff member allowed to cancel bookings, to cancel this booking.`;
}

/**
 * What a mark says to this person: the server's words, which ask to cancel only while the booking can be
 * cancelled; someone who may not cancel is asked to have it cancelled instead.
 */
export function attentionText(mark: Pick<BookingAttention, 'reason' | 'order_name' | 'message'>, booking: { status: BookingStatus; canWrite: boolean }): string {
  return booking.canWrite || !canCancel(booking.status) ? mark.message : attentionForReader(mark);
}

/** Where a staff member may not cancel bookings (no WRITE_ORDERS): who can, in place of the Cancel button. */
export const WHO_CAN_CANCEL = 'Cancelling a booking needs the Write orders permission: an admin, or a staff member allowed to cancel bookings, can cancel it.';
