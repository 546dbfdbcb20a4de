import type { OrderRow } from '@dakiya/shared';
import type { BookingRecord } from '../ports/bookings';
import type { UserRecord } from '../records';
import { shopDay } from '../booking/counters';
import { isCancellable } from '../booking/view';

const DAY_MS = 86_400_000;

/** Whole days between two calendar days (`2026-11-20` to `2026-11-23` is 3). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Days from the booking day to the delivery day, both in the shop's time zone; null until delivered. */
export function deliveryDays(record: Pick<BookingRecord, 'bookedDay' | 'deliveredAt'>, timeZone: string): number | null {
  if (!record.deliveredAt) return null;
  return daysBetween(record.bookedDay, shopDay(new Date(record.deliveredAt), timeZone));
}

/** A booking as a row of the list: Booked by shows the member's current tag and name (absent for a member since removed). */
export function orderRow(record: BookingRecord, member: UserRecord | undefined, timeZone: string): OrderRow {
  return {
    _id: record.bookingId,
    kind: 'booking',
    tracking_number: record.trackingNumber,
    booking_date: record.bookedAt,
    booked_packet_status: record.status,
    payment_status: record.paymentStatus,
    destination_city: record.destinationCity,
    delivered_date: record.status === 'DELIVERED' ? (record.deliveredAt ?? null) : null,
    delivery_days: record.status === 'DELIVERED' ? deliveryDays(record, timeZone) : null,
    tracking_account: { _id: record.accountId, name: record.accountName, company: record.company },
    order_name: record.orderNames.join(', '),
    cod: record.cod,
    createdAt: record.bookedAt,
    booked_by: {
      _id: record.bookedBy,
      tag: member?.tag ?? '',
      name: member ? `${member.first_name} ${member.last_name}`.trim() : '',
    },
    tag: record.tag,
    cancellable: isCancellable(record),
    attention: (record.attention ?? []).map((a) => ({ ...a })),
  };
}
