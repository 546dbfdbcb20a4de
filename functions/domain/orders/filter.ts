import { BOOKING_STATUSES, cityKey, DELIVERY_DAYS_WINDOW, MERGED_TAG, normalisePkMobile, type BookingStatus, type CourierId, type DeliveryDaysOp, type OrdersQuery, type PaymentStatus } from '@dakiya/shared';
import type { BookingRecord } from '../ports/bookings';
import { shopDay } from '../booking/counters';
import { daysBetween } from './row';


/** Words a person may search for a status (spec §2: 'search by ... status'). */
const STATUS_WORDS: Record<string, BookingStatus> = {
  fulfilled: 'FULFILLED', inprocess: 'INPROCESS', 'in process': 'INPROCESS', delivered: 'DELIVERED',
  cancelled: 'CANCELLED', canceled: 'CANCELLED', rts: 'RTS', returned: 'RTS',
};

/**
 * The list's query as the rules read it: days are the shop's, the search split into what it names
 * (a status word, 'merged', or text looked up exactly), a phone in the form bookings keep it.
 */
export interface OrdersFilter {
  statuses?: BookingStatus[];
  payments?: PaymentStatus[];
  couriers?: CourierId[];
  bookedBy?: string[];
  bookingFrom?: string;
  bookingTo?: string;
  deliveredFrom?: string;
  deliveredTo?: string;
  cityKey?: string;
  merged?: boolean;
  track?: string;
  phone?: string;
  days?: { n: number; op: DeliveryDaysOp };
  /** Text to look up exactly: a tracking number, an order name, a phone, else a city. */
  search?: string;
  /** Nothing can match (a status word and a status filter that exclude each other). */
  empty?: boolean;
}

const intersect = <T>(a: T[] | undefined, b: T[]) => (a ? a.filter((x) => b.includes(x)) : b);

export function toFilter(query: OrdersQuery, timeZone: string, now: Date): OrdersFilter {
  const filter: OrdersFilter = {};
  if (query.status?.length) filter.statuses = query.status as BookingStatus[];
  if (query.payment_status?.length) filter.payments = query.payment_status as PaymentStatus[];
  if (query.couriers?.length) filter.couriers = query.couriers as CourierId[];
  if (query.bookedBy?.length) filter.bookedBy = query.bookedBy;
  if (query.bookingFrom) filter.bookingFrom = query.bookingFrom;
  if (query.bookingTo) filter.bookingTo = query.bookingTo;
  if (query.deliveredFrom) filter.deliveredFrom = query.deliveredFrom;
  if (query.deliveredTo) filter.deliveredTo = query.deliveredTo;
  if (query.dest) filter.cityKey = cityKey(query.dest);
  if (query.tag === MERGED_TAG) filter.merged = true;
  if (query.track) filter.track = query.track.trim();
  if (query.phone) {
    const phone = normalisePkMobile(query.phone);
    filter.phone = phone.ok ? phone.phone : query.phone.replace(/[\s\-().]/g, '');
  }
  if (query.days !== undefined) {
    filter.days = { n: query.days, op: query.op };
    // days + op reads the delivered range given, else the last 90 days
    if (!filter.deliveredFrom && !filter.deliveredTo) {
      filter.deliveredFrom = shopDay(new Date(now.getTime() - DELIVERY_DAYS_WINDOW * 86_400_000), timeZone);
      filter.deliveredTo = shopDay(now, timeZone);
    }
  }
  const text = query.query?.replace(/^#+/, '').trim();
  if (text) {
    const word = STATUS_WORDS[text.toLowerCase().replace(/\s+/g, ' ')];
    if (word) filter.statuses = intersect(filter.statuses, [word]);
    else if (text.toLowerCase() === MERGED_TAG.toLowerCase()) filter.merged = true;
    else filter.search = query.query!.trim();
  }
  if (filter.statuses && filter.statuses.length === 0) filter.empty = true;
  if (filter.statuses?.length === BOOKING_STATUSES.length) delete filter.statuses;
  return filter;
}

const compareDays = (n: number, op: DeliveryDaysOp, days: number) => (op === 'GREATER' ? days > n : op === 'LESS' ? days < n : days === n);

/**
 * Whether a booking as stored now meets every field of the filter but the search (which is resolved
 * by lookups). Rows read through an index are checked with it against the item itself: an index
 * lags its item on AWS, so a row it still lists under an old status is not shown under that filter.
 */
export function matches(record: BookingRecord, filter: OrdersFilter, timeZone: string): boolean {
  if (filter.empty) return false;
  if (filter.statuses && !filter.statuses.includes(record.status)) return false;
  if (filter.payments && !filter.payments.includes(record.paymentStatus)) return false;
  if (filter.couriers && !filter.couriers.includes(record.company)) return false;
  if (filter.bookedBy && !filter.bookedBy.includes(record.bookedBy)) return false;
  if (filter.bookingFrom && record.bookedDay < filter.bookingFrom) return false;
  if (filter.bookingTo && record.bookedDay > filter.bookingTo) return false;
  if (filter.cityKey && cityKey(record.destinationCity) !== filter.cityKey) return false;
  if (filter.merged && record.tag !== MERGED_TAG) return false;
  if (filter.track && record.trackingNumber !== filter.track) return false;
  if (filter.phone && record.consignee.phone !== filter.phone) return false;
  if (filter.deliveredFrom || filter.deliveredTo || filter.days) {
    if (record.status !== 'DELIVERED' || !record.deliveredAt) return false;
    const day = shopDay(new Date(record.deliveredAt), timeZone);
    if (filter.deliveredFrom && day < filter.deliveredFrom) return false;
    if (filter.deliveredTo && day > filter.deliveredTo) return false;
    if (filter.days && !compareDays(filter.days.n, filter.days.op, daysBetween(record.bookedDay, day))) return false;
  }
  return true;
}

