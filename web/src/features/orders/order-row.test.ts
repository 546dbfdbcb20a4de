import type { OrderRow } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { bookedDays, dayIn, isLate, ordersCount, pagerOf, pastTheEnd, rowKey, rowText } from './order-row';

const KARACHI = 'Asia/Karachi';

const row = (patch: Partial<OrderRow> = {}): OrderRow => ({
  _id: 'b1', kind: 'booking', tracking_number: 'KI123456789', booking_date: '2026-11-20T10:00:00.000Z', booked_packet_status: 'FULFILLED',
  payment_status: 'UNPAID', destination_city: 'Lahore', delivered_date: null, delivery_days: null,
  tracking_account: { _id: 'a1', name: 'Leopards Karachi', company: 'LEOPARD' }, order_name: '#1443', cod: 4200,
  createdAt: '2026-11-20T10:00:00.000Z', booked_by: { _id: 'u1', tag: 'packer', name: 'Bilal Ahmed' }, tag: '', cancellable: true, attention: [],
  ...patch,
});

describe('a row of the orders list (spec §2 columns)', () => {
  const now = new Date('2026-11-24T20:30:00.000Z'); // already the 25th in Karachi

  it('counts booked days in the shop\'s days and highlights them past 3', () => {
    expect(dayIn(now, KARACHI)).toBe('2026-11-25');
    expect(bookedDays(row(), now, KARACHI)).toBe(5);
    expect(bookedDays(row(), now, 'UTC')).toBe(4);
    expect(bookedDays(row({ booking_date: '2026-11-22T10:00:00.000Z' }), now, KARACHI)).toBe(3);
    expect([isLate(3), isLate(4), isLate(null)]).toEqual([false, true, false]);
  });

  it('hides booked days for a cancelled or delivered parcel, and for an attempt', () => {
    expect(bookedDays(row({ booked_packet_status: 'CANCELLED' }), now, KARACHI)).toBeNull();
    expect(bookedDays(row({ booked_packet_status: 'DELIVERED' }), now, KARACHI)).toBeNull();
    expect(bookedDays(row({ booked_packet_status: 'RTS' }), now, KARACHI)).toBe(5);
    expect(bookedDays(row({ booked_packet_status: 'INPROCESS' }), now, KARACHI)).toBe(5);
    expect(bookedDays(row({ kind: 'attempt', booking_date: null, booked_packet_status: null }), now, KARACHI)).toBeNull();
  });

  it('says N/A where the spec does: no booking date, not delivered, no days; the member\'s tag as Booked by', () => {
    const text = rowText(row({ createdAt: '' }), now, KARACHI);
    expect(text).toMatchObject({ bookingDate: 'N/A', deliveredDate: 'N/A', days: 'N/A', bookedBy: 'packer', bookedByName: 'Bilal Ahmed', cod: 'Rs 4,200', struck: false });
    const delivered = rowText(row({ booked_packet_status: 'DELIVERED', delivered_date: '2026-11-23T08:00:00.000Z', delivery_days: 3 }), now, KARACHI);
    expect(delivered).toMatchObject({ bookingDate: 'Nov 20, 2026', deliveredDate: 'Nov 23, 2026', days: '3', bookedDays: null });
    expect(rowText(row({ booked_by: { _id: 'gone', tag: '', name: '' } }), now, KARACHI).bookedBy).toBe('N/A');
  });

  it('strikes a cancelled order\'s name through', () => {
    expect(rowText(row({ booked_packet_status: 'CANCELLED', cancellable: false }), now, KARACHI).struck).toBe(true);
  });

  it('shows an attempt waiting for a courier check by its order name and "Check with the courier"', () => {
    const attempt = row({ _id: 'att9', kind: 'attempt', tracking_number: null, booking_date: null, booked_packet_status: null, cancellable: false });
    expect(rowText(attempt, now, KARACHI)).toMatchObject({ orderName: '#1443', trackNumber: 'Check with the courier', awaitingCheck: true });
    expect(rowKey(attempt)).toBe('attempt-att9');
    expect(rowKey(row())).toBe('KI123456789');
  });
});

describe('the pager', () => {
  const answer = { page: 2, totalOrders: 120, totalPages: 3, totalIsLowerBound: false, nextCursor: null, pagination: { limit: 50 } };

  it('numbers the pages when the total is known, and says "at least" with Previous/Next when it is a lower bound', () => {
    expect(pagerOf(answer)).toEqual({ kind: 'numbers', page: 2, pages: 3, total: 120, limit: 50 });
    expect(pagerOf({ ...answer, totalIsLowerBound: true, totalOrders: 100, nextCursor: 'abc' })).toEqual({ kind: 'cursor', page: 2, atLeast: 100, ended: false, next: 'abc', limit: 50 });
    // the last page of a walk: the count is the total, and Previous still needs its cursor rather than a number
    expect(pagerOf({ ...answer, page: 3, totalOrders: 112 }, true)).toEqual({ kind: 'cursor', page: 3, atLeast: 112, ended: true, next: null, limit: 50 });
    expect(pagerOf({ ...answer, totalOrders: 0, totalPages: 0 })).toMatchObject({ pages: 1 });
  });

  it('knows a page past the end of the list, and sends it to the last page there is', () => {
    expect(pastTheEnd({ ...answer, page: 9, data: [] })).toEqual({ lastPage: 3 });
    expect(pastTheEnd({ ...answer, page: 9, data: [], totalOrders: 0, totalPages: 0 })).toEqual({ lastPage: 1 });
    expect(pastTheEnd({ ...answer, page: 4, data: [], totalIsLowerBound: true })).toEqual({ lastPage: 1 });
    expect(pastTheEnd({ ...answer, page: 1, data: [], totalOrders: 0, totalPages: 0 })).toBeNull();
    expect(pastTheEnd({ ...answer, page: 3, data: [row()] })).toBeNull();
    expect(pastTheEnd({ ...answer, page: 4, data: [], totalIsLowerBound: true, nextCursor: 'abc' })).toBeNull();
  });

  it('counts orders in words', () => {
    expect([ordersCount(1), ordersCount(1234)]).toEqual(['1 order', '1,234 orders']);
  });
});
