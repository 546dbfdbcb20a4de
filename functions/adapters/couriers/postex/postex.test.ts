import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../../domain/ports/courier';
import { classifyPostex, createOrderBody, findTrackingNumberByRef, readBooking, readCities, readTrackBulk, readTrackOne } from './mapper';
import cities from './fixtures/cities.json';
import createOk from './fixtures/create-ok.json';
import createRefused from './fixtures/create-refused.json';
import trackBulk from './fixtures/track-bulk.json';
import trackOne from './fixtures/track-one.json';

describe('PostEx status mapping', () => {
  it.each([
    ['Unbooked', 'FULFILLED', false],
    ['Booked', 'FULFILLED', false],
    ["At Merchant's Warehouse", 'FULFILLED', false],
    ['At Khaadi Warehouse', 'FULFILLED', false],
    ['Picked By PostEx', 'INPROCESS', false],
    ['En-Route to PostEx warehouse', 'INPROCESS', false],
    ['PostEx WareHouse', 'INPROCESS', false],
    ['At PostEx Warehouse', 'INPROCESS', false],
    ['Package on Root', 'INPROCESS', false],
    ['Out For Delivery', 'INPROCESS', false],
    ['Attempted', 'INPROCESS', false],
    ['Attempt Made: Customer not available', 'INPROCESS', false],
    ['Delivery Under Review', 'INPROCESS', false],
    ['Out For Return', 'INPROCESS', true],
    ['Delivered', 'DELIVERED', false],
    ['Un-Assigned By Me', 'CANCELLED', false],
    ['Un–Assigned  by me', 'CANCELLED', false],
    ['Expired', 'CANCELLED', false],
    ['Returned', 'RTS', false],
    ['Transferred', null, false],
    ['Stolen', null, false],
    ['Lost', null, false],
    ['Damaged', null, false],
  ])('%s → %s', (text, status, returning) => {
    expect(classifyPostex(text)).toEqual({ status, returning });
  });

  it.each([
    ['0001', 'FULFILLED'], ['0002', 'RTS'], ['0003', 'INPROCESS'], ['0004', 'INPROCESS'], ['0005', 'DELIVERED'],
    ['0006', 'RTS'], ['0007', 'RTS'], ['0008', 'INPROCESS'], ['0013', 'INPROCESS'], ['13', 'INPROCESS'],
  ])('history code %s → %s', (code, status) => {
    expect(classifyPostex('anything', code).status).toBe(status);
  });
});

describe('PostEx mapper', () => {
  const request: BookingRequest = {
    reference: '#2001',
    consignee: { name: 'Bilal Ahmed', phone: '03211234567', address: 'Flat 3, Gulshan-e-Iqbal' },
    destinationCity: 'Karachi',
    pieces: 3,
    weightGrams: 900,
    codAmount: 2200,
    productsDescription: 'Shoes x3',
    shippingType: 'overnight',
  };

  it('builds a v3 create-order body (no weight field exists)', () => {
    expect(createOrderBody(request, { token: 't', address_code: '002' }, '03211234567')).toEqual({
      orderRefNumber: '#2001',
      invoicePayment: 2200,
      orderDetail: 'Shoes x3',
      customerName: 'Bilal Ahmed',
      customerPhone: '03211234567',
      deliveryAddress: 'Flat 3, Gulshan-e-Iqbal',
      transactionNotes: '',
      cityName: 'Karachi',
      invoiceDivision: 0,
      items: 3,
      pickupAddressCode: '002',
      orderType: 'Normal',
    });
  });

  it('reads delivery cities only, with string or boolean flags and any 200 spelling', () => {
    expect(readCities(cities)).toEqual({ ok: true, cities: [{ key: 'Karachi', name: 'Karachi' }, { key: 'Lahore', name: 'Lahore' }] });
  });

  it('reads a created order and a refusal (HTTP 200 or 400)', () => {
    expect(readBooking(200, createOk)).toEqual({ ok: true, trackingNumber: 'CX-12345678901' });
    expect(readBooking(200, createRefused)).toEqual({ ok: false, messages: ['Customer Phone must be in 03xxxxxxxxx format'] });
    expect(readBooking(400, createRefused)).toEqual({ ok: false, messages: ['Customer Phone must be in 03xxxxxxxxx format'] });
  });

  it('reads a returned order with its attempt and return time', () => {
    const result = readTrackOne('CX-12345678901', 200, trackOne);
    expect(result).toMatchObject({ found: true, status: 'RTS', returning: false, rawStatus: 'Returned', returnedAt: '2024-11-06T10:20:00.000Z' });
    expect(result.events.map((e) => e.status)).toEqual([
      "At Merchant's Warehouse", 'At PostEx Warehouse', 'Package on Root', 'Attempt Made: Customer not available', 'Returned',
    ]);
    expect(result.events[3]).toEqual({ status: 'Attempt Made: Customer not available', message: 'Attempt Made: Customer not available (0013)', at: '2024-11-03T12:45:00.000Z' });
    expect(result.deliveredAt).toBeUndefined();
  });

  it('reads a 404 as not found', () => {
    expect(readTrackOne('CX-1', 404, { statusCode: '404', statusMessage: 'Order Not Found' })).toMatchObject({ found: false, status: null });
  });

  it('reads bulk rows by number, in the order asked', () => {
    const results = readTrackBulk(['CX-00000000009', 'CX-00000000002'], trackBulk);
    expect(results.map((r) => [r.trackingNumber, r.found, r.status])).toEqual([
      ['CX-00000000009', false, null],
      ['CX-00000000002', true, 'INPROCESS'],
    ]);
  });

  it('finds a tracking number by order ref in an order list', () => {
    const booked = { reference: '#2002', phone: '03001234567', codAmount: 2500 };
    expect(findTrackingNumberByRef(trackBulk, booked)).toBe('CX-00000000002');
    expect(findTrackingNumberByRef(trackBulk, { ...booked, reference: '#9999' })).toBeUndefined();
    // the same reference at another consignee or for another amount is another store's parcel
    expect(findTrackingNumberByRef(trackBulk, { ...booked, phone: '03219876543' })).toBeUndefined();
    expect(findTrackingNumberByRef(trackBulk, { ...booked, codAmount: 2400 })).toBeUndefined();
  });
});
