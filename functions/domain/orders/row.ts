import { MERGED_TAG, type OrderAttention, type OrderRow } from '@dakiya/shared';
import type { AttentionItem } from '../ports/attention';
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

const bookedBy = (userId: string, member: UserRecord | undefined) => ({
  _id: userId,
  tag: member?.tag ?? '',
  name: member ? `${member.first_name} ${member.last_name}`.trim() : '',
});

const markOf = (item: AttentionItem): OrderAttention => ({ reason: item.reason, message: item.message, at: item.at, order_name: item.orderName });

/**
 * A booking as a row of the list: Booked by shows the member's current tag and name (empty for a
 * member since removed); its marks, with those of its open attention items.
 */
export function orderRow(record: BookingRecord, member: UserRecord | undefined, timeZone: string, open: AttentionItem[] = []): OrderRow {
  const marks: OrderAttention[] = [...(record.attention ?? []).map((a) => ({ ...a }))];
  for (const item of open) if (!marks.some((m) => m.reason === item.reason)) marks.push(markOf(item));
  return {
    _id: record.bookingId,
    kind: 'booking',
    tracking_number: record.trackingNumber,
    booking_date: record.bookedAt,
    booked_packet_status: record.status,
    payment_status: record.paymentStatus,
    destination_city: record.destinationCity,
    delivered_date: record.status === 'DELIVERED' ? (record.deliveredAt ?? null) : null,
    delivery_days: record.status === 'DELIVERED' ? (record.deliveryDays ?? deliveryDays(record, timeZone)) : null,
    tracking_account: { _id: record.accountId, name: record.accountName, company: record.company },
    order_name: record.orderNames.join(', '),
    cod: record.cod,
    createdAt: record.bookedAt,
    booked_by: bookedBy(record.bookedBy, member),
    tag: record.tag,
    cancellable: isCancellable(record),
    attention: marks,
  };
}

/** An attempt waiting for a courier check: its order name, and no tracking number, status or delivery. */
export function attemptRow(item: AttentionItem, member: UserRecord | undefined): OrderRow {
  const attempt = item.attempt!;
  return {
    _id: attempt.attemptId,
    kind: 'attempt',
    tracking_number: null,
    booking_date: attempt.createdAt,
    booked_packet_status: null,
    payment_status: 'UNPAID',
    destination_city: attempt.destinationCity,
    delivered_date: null,
    delivery_days: null,
    tracking_account: { _id: attempt.accountId, name: attempt.accountName, company: attempt.company },
    order_name: attempt.orderNames.join(', '),
    cod: attempt.cod,
    createdAt: attempt.createdAt,
    booked_by: bookedBy(attempt.userId, member),
    tag: attempt.orderNames.length > 1 ? MERGED_TAG : '',
    cancellable: false,
    attention: [markOf(item)],
  };
}
