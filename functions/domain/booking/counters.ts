import type { BookingStatus } from '@dakiya/shared';
import type { BookingRecord, DayCounterKey } from '../ports/bookings';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in the shop's time zone (`2026-11-23`): counters count there. */
export function shopDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The per-day counters one booking adds to, on its booking day: status, account, city, staff member, payment. */
export function countersOf(record: Pick<BookingRecord, 'bookedDay' | 'status' | 'accountId' | 'destinationCity' | 'bookedBy' | 'paymentStatus'>): DayCounterKey[] {
  const day = record.bookedDay;
  return [
    { day, dimension: 'status', value: record.status },
    { day, dimension: 'account', value: record.accountId },
    { day, dimension: 'city', value: record.destinationCity.toLowerCase() },
    { day, dimension: 'by', value: record.bookedBy },
    { day, dimension: 'payment', value: record.paymentStatus },
  ];
}

/** A status change moves one count between two status counters of the booking's day. */
export function statusMove(record: Pick<BookingRecord, 'bookedDay'>, from: BookingStatus, to: BookingStatus): { minus: DayCounterKey; plus: DayCounterKey } {
  return {
    minus: { day: record.bookedDay, dimension: 'status', value: from },
    plus: { day: record.bookedDay, dimension: 'status', value: to },
  };
}
