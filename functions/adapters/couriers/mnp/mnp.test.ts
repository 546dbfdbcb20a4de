import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../../domain/ports/courier';
import { classifyStatus } from '../status-text';
import { bookingBody, bulkBookingBody, MNP_STATUS, readBooking, readBulkBooking, readCancel, readCities, readLocations, readTracking } from './mapper';
import bookOk from './fixtures/book-ok.json';
import bookRefused from './fixtures/book-refused.json';
import bulkBook from './fixtures/bulk-book.json';
import cities from './fixtures/cities.json';
import locationsObject from './fixtures/locations-object.json';
import trackNotFound from './fixtures/track-not-found.json';
import trackShuffled from './fixtures/track-shuffled.json';
import voidRefused from './fixtures/void-refused.json';

describe('M&P status mapping', () => {
  it.each([
    ['Booked', 'FULFILLED', false],
    ['Order Created', 'FULFILLED', false],
    ['Pickup', 'INPROCESS', false],
    ['Picked From Shipper Facility', 'INPROCESS', false],
    ['Arrived at Origin', 'INPROCESS', false],
    ['Arrived at OPS Facility', 'INPROCESS', false],
    ['In-transit', 'INPROCESS', false],
    ['Forward - In Transit', 'INPROCESS', false],
    ['Forward – In Transit', 'INPROCESS', false],
    ['Reached at Destination', 'INPROCESS', false],
    ['Out for Delivery', 'INPROCESS', false],
    ['Unsuccessful Delivery Attempt', 'INPROCESS', false],
    ['Undelivered', 'INPROCESS', false],
    ['Attempt', 'INPROCESS', false],
    ['Hold for Advice', 'INPROCESS', false],
    ['Hold for Advice – On NCI', 'INPROCESS', false],
    ['Re-Attempt', 'INPROCESS', false],
    ['Re-Attempt (Advice)', 'INPROCESS', false],
    ['Return - In Transit', 'INPROCESS', true],
    ['Return - Reached at Origin', 'INPROCESS', true],
    ['Return - Out for Delivery', 'INPROCESS', true],
    ['Return - Attempt', 'INPROCESS', true],
    ['Unsuccessful Return Attempt', 'INPROCESS', true],
    ['Failed Delivered', 'INPROCESS', true],
    ['Delivered', 'DELIVERED', false],
    ['Void', 'CANCELLED', false],
    ['Consignment Voided', 'CANCELLED', false],
    ['Return to Vendor/Return to Shipper', 'RTS', false],
    ['Return to Shipper', 'RTS', false],
    ['RS-Return to shipper', 'RTS', false],
    ['Misc scan', null, false],
  ])('%s → %s', (text, status, returning) => {
    expect(classifyStatus(MNP_STATUS, text)).toEqual({ status, returning });
  });
});

describe('M&P mapper', () => {
  const request: BookingRequest = {
    reference: '#4001',
    consignee: { name: 'Usman Ali', phone: '03331234567', address: 'Street 9, Cantt' },
    destinationCity: 'MULTAN',
    pieces: 1,
    weightGrams: 750,
    codAmount: 1800,
    productsDescription: 'Watch',
    shippingType: 'overnight',
  };
  const creds = { username: 'u', api_password: 'p', account_no: '4T154' };
  const account = { locationId: '1201', returnLocation: 1201, subAccountId: 0 };

  it('uses lower-case credential keys, kilograms and an integer InsertType for booking', () => {
    expect(bookingBody(request, creds, account, '03331234567')).toEqual({
      username: 'u',
      password: 'p',
      consigneeName: 'Usman Ali',
      consigneeAddress: 'Street 9, Cantt',
      consigneeMobNo: '03331234567',
      consigneeEmail: '',
      destinationCityName: 'MULTAN',
      pieces: 1,
      weight: 0.75,
      codAmount: 1800,
      custRefNo: '#4001',
      productDetails: 'Watch',
      fragile: 'NO',
      service: 'Overnight',
      remarks: '',
      insuranceValue: '0',
      locationID: '1201',
      AccountNo: '4T154',
      InsertType: 19,
      ReturnLocation: 1201,
      subAccountId: 0,
    });
  });

  it('numbers bulk rows from 1', () => {
    const body = bulkBookingBody([{ req: request, phone: '03331234567' }, { req: { ...request, reference: '#4002' }, phone: '03331234567' }], creds, account);
    expect(body.BulkConsignmentList.map((r) => [r.id, r.custRefNo])).toEqual([[1, '#4001'], [2, '#4002']]);
  });

  it('reads trimmed, de-duplicated city names', () => {
    expect(readCities(cities)).toEqual({
      ok: true,
      cities: [{ key: 'KARACHI', name: 'KARACHI' }, { key: 'LAHORE', name: 'LAHORE' }, { key: 'D.G KHAN', name: 'D.G KHAN' }, { key: 'ALI ABAD', name: 'ALI ABAD' }],
    });
  });

  it('reads locations wrapped in an object with the isSucces typo', () => {
    expect(readLocations(locationsObject)).toEqual({ ok: true, locationIds: ['1201'] });
  });

  it('reads a booking, a refusal and bulk rows (the CN is the row message)', () => {
    expect(readBooking(bookOk)).toEqual({ ok: true, trackingNumber: '544712345678901' });
    expect(readBooking(bookRefused)).toEqual({ ok: false, messages: ['COD amount must be greater than 0'] });
    expect(readBulkBooking(bulkBook, ['#4001', '#4002'])).toEqual([
      { ok: true, trackingNumber: '544712345678901' },
      { ok: false, messages: ['Invalid destination city'] },
    ]);
  });

  it('sorts scans by tag id and reads month-first times as Pakistan time', () => {
    const [result] = readTracking(trackShuffled, ['544712345678901']);
    expect(result!.events.map((e) => e.status)).toEqual([
      'Booked', 'Picked From Shipper Facility', 'In-transit', 'Reached at Destination', 'Out for Delivery', 'Unsuccessful Delivery Attempt',
    ]);
    expect(result).toMatchObject({ found: true, status: 'INPROCESS', returning: false, rawStatus: 'Unsuccessful Delivery Attempt' });
    expect(result!.events[0]).toEqual({ status: 'Booked', message: 'Consignment booked', at: '2024-10-14T05:00:00.000Z', location: 'KARACHI' });
    expect(result!.deliveredAt).toBeUndefined();
  });

  it('reads an unknown consignment as not found', () => {
    expect(readTracking(trackNotFound, ['1'])).toEqual([{ trackingNumber: '1', found: false, status: null, returning: false, rawStatus: null, events: [] }]);
  });

  it('does not hide refused credentials behind "not found"', () => {
    expect(() => readTracking([{ isSuccess: 'false', message: 'Invalid username or password', tracking_Details: [] }], ['1', '2'])).toThrow(
      expect.objectContaining({ reason: 'auth', courier: 'MNP' }),
    );
  });

  it('reads a void refusal', () => {
    expect(readCancel(voidRefused)).toEqual({ kind: 'refused', messages: ['Consignment cannot be voided after pickup'] });
    expect(readCancel([{ isSuccess: true, message: 'Success' }])).toEqual({ kind: 'cancelled' });
  });
});
