import { CHECK_WITH_COURIER, type OrderRow, type OrdersPage } from '@dakiya/shared';
import { formatCurrency } from '../../lib/format';

/** Spec §9: booked days are highlighted past this many. */
export const BOOKED_DAYS_HIGHLIGHT = 3;

const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the shop's), else the browser's. */
export function dayIn(instant: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const shortDate = (timeZone?: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });

/** 'Nov 27, 2026' in the shop's time zone (a table of fifteen columns has no room for 'November'); N/A when missing. */
export function shortDay(value: string | null | undefined, timeZone?: string): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? shortDate(timeZone).format(date) : 'N/A';
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Spec §2 "Booked days": whole days since the booking, in the shop's days; none for a cancelled or
 * delivered parcel and for an attempt (not booked yet).
 */
export function bookedDays(row: Pick<OrderRow, 'booking_date' | 'booked_packet_status'>, now: Date, timeZone?: string): number | null {
  const status = row.booked_packet_status;
  if (!row.booking_date || !status || status === 'CANCELLED' || status === 'DELIVERED') return null;
  const booked = new Date(row.booking_date);
  if (Number.isNaN(booked.getTime())) return null;
  return Math.max(0, daysBetween(dayIn(booked, timeZone), dayIn(now, timeZone)));
}

export const isLate = (days: number | null) => days !== null && days > BOOKED_DAYS_HIGHLIGHT;

/** What a row's cells say, by column (spec §2 "Table columns"), for the table and the phone's cards alike. */
export interface RowText {
  orderName: string;
  /** Struck through: the order's booking was cancelled. */
  struck: boolean;
  trackNumber: string;
  /** An attempt waiting for a courier check has no tracking number yet. */
  awaitingCheck: boolean;
  bookingDate: string;
  cod: string;
  destination: string;
  deliveredDate: string;
  bookedBy: string;
  /** The member's full name, for a tooltip of the tag. */
  bookedByName: string;
  days: string;
  bookedDays: number | null;
}

export function rowText(row: OrderRow, now: Date, timeZone?: string): RowText {
  const awaitingCheck = row.kind === 'attempt' || !row.tracking_number;
  return {
    orderName: row.order_name,
    struck: row.booked_packet_status === 'CANCELLED',
    trackNumber: awaitingCheck ? CHECK_WITH_COURIER : row.tracking_number!,
    awaitingCheck,
    bookingDate: shortDay(row.createdAt, timeZone),
    cod: formatCurrency(row.cod),
    destination: row.destination_city || 'N/A',
    deliveredDate: shortDay(row.delivered_date, timeZone),
    bookedBy: row.booked_by.tag || 'N/A',
    bookedByName: row.booked_by.name,
    days: row.delivery_days === null ? 'N/A' : String(row.delivery_days),
    bookedDays: bookedDays(row, now, timeZone),
  };
}

/** The row's key in the list and in a selection: its tracking number, or its own id for an attempt. */
export const rowKey = (row: Pick<OrderRow, '_id' | 'tracking_number'>) => row.tracking_number ?? `attempt-${row._id}`;

/**
 * The pager the answer calls for: page numbers when the total is known, else 'at least N' with
 * Previous and Next. A list walked by cursor keeps Previous and Next on its last page too (`ended`:
 * its count is now the total), since a page number there has no cursor to reach it by.
 */
export type Pager =
  | { kind: 'numbers'; page: number; pages: number; total: number; limit: number }
  | { kind: 'cursor'; page: number; atLeast: number; ended: boolean; next: string | null; limit: number };

export function pagerOf(answer: Pick<OrdersPage, 'page' | 'totalOrders' | 'totalPages' | 'totalIsLowerBound' | 'nextCursor' | 'pagination'>, walked = false): Pager {
  const limit = answer.pagination.limit;
  return answer.totalIsLowerBound || walked
    ? { kind: 'cursor', page: answer.page, atLeast: answer.totalOrders, ended: !answer.totalIsLowerBound, next: answer.nextCursor, limit }
    : { kind: 'numbers', page: answer.page, pages: Math.max(1, answer.totalPages), total: answer.totalOrders, limit };
}

/**
 * A page past the end of the list (an old link, or orders cancelled and deleted since): the answer
 * has no rows although the list is not empty, or it is empty and this is not its first page.
 */
export function pastTheEnd(answer: Pick<OrdersPage, 'data' | 'page' | 'totalOrders' | 'totalPages' | 'totalIsLowerBound' | 'nextCursor'>): { lastPage: number } | null {
  // a walk that spent its read budget before finding a row has more to read: not the end
  if (answer.data.length > 0 || answer.page <= 1 || answer.nextCursor) return null;
  if (answer.totalIsLowerBound) return { lastPage: 1 };
  return answer.page > answer.totalPages ? { lastPage: Math.max(1, answer.totalPages) } : null;
}

/** '1 order', '1,234 orders'. */
export function ordersCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'order' : 'orders'}`;
}
