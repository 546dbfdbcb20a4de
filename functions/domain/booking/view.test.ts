import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../ports/bookings';
import { bookingView } from './view';

const record: BookingRecord = {
  shopId: 'shop-1', trackingNumber: 'LE123', bookingId: '0123456789abcdef01234567', orderIds: ['1001'], orderNames: ['#1001'], tag: '',
  accountId: 'acc-1', accountName: 'Leopards Karachi', company: 'LEOPARD', status: 'FULFILLED', paymentStatus: 'UNPAID',
  bookedAt: '2026-11-26T10:00:00.000Z', bookedDay: '2026-11-26', bookedBy: 'user-1', bookedByTag: 'ops', lastStatusAt: '2026-11-26T10:00:00.000Z',
  consignee: { name: 'Ayesha Khan', phone: '03001234567', phone2: '03217654321', phone3: '03334567890', address: 'House 12, Gulberg III' },
  destinationCity: 'Lahore', cod: 2500, weight: 500, pieces: 1, productsList: 'Lawn suit x 1', remarks: '', lineItems: [], fulfillments: [], attention: [],
};

describe('the booking page\'s answer', () => {
  it('carries every phone the parcel was booked with, the third included', () => {
    expect(bookingView(record).postBookingData.consignee).toEqual({
      name: 'Ayesha Khan', email: '', phone: '03001234567', phone2: '03217654321', phone3: '03334567890', address: 'House 12, Gulberg III',
    });
  });

  it('answers an empty phone 2 and 3 when the parcel had none', () => {
    const { consignee } = bookingView({ ...record, consignee: { name: 'Ayesha Khan', phone: '03001234567', address: 'House 12' } }).postBookingData;
    expect([consignee.phone2, consignee.phone3]).toEqual(['', '']);
  });
});
