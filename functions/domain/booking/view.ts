import type { BookingView, PostBookingData } from '@dakiya/shared';
import type { BookingRecord } from '../ports/bookings';

/** Spec 001 §3 "Post-booking data". */
export function postBookingData(record: BookingRecord): PostBookingData {
  return {
    name: record.orderNames.join(', '),
    bookedDate: record.bookedAt,
    lineItems: record.lineItems.map((li) => ({ ...li, image: li.image ?? null, variant_title: li.variant_title ?? null })),
    remarks: record.remarks,
    courier: record.company,
    courierAccount: record.accountName,
    trackingNumber: record.trackingNumber,
    consignee: {
      name: record.consignee.name,
      email: record.consignee.email ?? '',
      phone: record.consignee.phone,
      phone2: record.consignee.phone2 ?? '',
      phone3: record.consignee.phone3 ?? '',
      address: record.consignee.address,
    },
    destination: record.destinationCity,
    cod: record.cod,
  };
}

/** Cancel is offered only while the booking is neither cancelled nor delivered (spec 001 §4). */
export const isCancellable = (record: Pick<BookingRecord, 'status'>) => record.status !== 'CANCELLED' && record.status !== 'DELIVERED';

export function bookingView(record: BookingRecord): BookingView {
  return {
    _id: record.bookingId,
    tracking_number: record.trackingNumber,
    status: record.status,
    payment_status: record.paymentStatus,
    tag: record.tag,
    order_ids: record.orderIds,
    order_names: record.orderNames,
    booked_at: record.bookedAt,
    booked_by: { _id: record.bookedBy, tag: record.bookedByTag },
    tracking_account: { _id: record.accountId, name: record.accountName, company: record.company },
    cancellable: isCancellable(record),
    attention: record.attention ?? [],
    postBookingData: postBookingData(record),
  };
}
