import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../ports/bookings';
import { stepOf } from '../sync/on-shopify';
import { noticeEventOf } from './consignee-notice';

function inProcess(courierStatus: string): BookingRecord {
  return {
    shopId: 'shop-1', trackingNumber: 'LE1', bookingId: 'b1', orderIds: ['1'], orderNames: ['#1001'], tag: '', accountId: 'a1', accountName: 'A',
    company: 'MNP', status: 'INPROCESS', paymentStatus: 'UNPAID', bookedAt: '2026-11-20T06:00:00.000Z', bookedDay: '2026-11-20', bookedBy: 'u1',
    bookedByTag: '', lastStatusAt: '2026-11-20T06:00:00.000Z', consignee: { name: 'n', phone: '03001234567', address: 'x' }, destinationCity: 'Lahore',
    cod: 1500, weight: 500, pieces: 1, productsList: 'p', remarks: '', lineItems: [], fulfillments: [], attention: [], courierStatus,
  };
}

// each courier's words for a parcel on its way back to the store (the couriers reference and the simulators)
const RETURN_LEG = [
  'Ready for Return', 'Being Return', // Leopards
  'Out For Return', // PostEx
  'Return In Process', // TCS
  'Return - In Transit', 'Return - Reached at Origin', 'Return - Out for Delivery', 'Return – Out for Delivery', 'Return - Attempt',
  'Unsuccessful Return Attempt', 'Failed Delivered', // M&P
];

describe('a return leg is never out for delivery to the consignee', () => {
  it.each(RETURN_LEG)('%s: in transit on Shopify, no notice to the consignee', (said) => {
    expect(stepOf(inProcess(said))).toBe('IN_TRANSIT');
    expect(noticeEventOf(inProcess(said))).toBeUndefined();
  });

  it.each(['Out for Delivery', 'Out For Delivery', 'On Route', 'With Rider'])('the forward leg\'s %s is still out for delivery', (said) => {
    expect(stepOf(inProcess(said))).toBe('OUT_FOR_DELIVERY');
    expect(noticeEventOf(inProcess(said))).toBe('OUT_FOR_DELIVERY');
  });

  it.each(['Unsuccessful Delivery Attempt', 'Attempted', 'Consignee not available', 'Undelivered'])(
    'the forward leg\'s %s is still a failed attempt', (said) => {
      expect(stepOf(inProcess(said))).toBe('ATTEMPTED_DELIVERY');
    });
});
