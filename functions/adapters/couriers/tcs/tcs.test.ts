import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../../domain/ports/courier';
import { classifyStatus } from '../status-text';
import { bookingBody, readBooking, readCancel, readCities, readTracking, TCS_CODES, TCS_STATUS, weightKg } from './mapper';
import createOk from './fixtures/create-ok.json';
import createRefused from './fixtures/create-refused.json';
import trackDelivered from './fixtures/track-delivered.json';
import trackFail from './fixtures/track-fail.json';
import trackUnknown from './fixtures/track-unknown-checkpoint.json';

describe('TCS status mapping', () => {
  it.each([
    ['Booked', 'FULFILLED', false],
    ['BOOKED', 'FULFILLED', false],
    ['Shipment Picked Up', 'INPROCESS', false],
    ['Arrived at TCS Facility', 'INPROCESS', false],
    ['ARRIVED AT TCS FACILITY', 'INPROCESS', false],
    ['Departed From TCS Facility', 'INPROCESS', false],
    ['Departed From Origin', 'INPROCESS', false],
    ['In Transit', 'INPROCESS', false],
    ['Out For Delivery', 'INPROCESS', false],
    ['Awaiting Receiver Collection', 'INPROCESS', false],
    ['Delivery Attempted', 'INPROCESS', false],
    ['Receiver Not Available', 'INPROCESS', false],
    ['Recipient Refused', 'INPROCESS', false],
    ['Undelivered Due To Incomplete Address', 'INPROCESS', false],
    ['Return In Process', 'INPROCESS', true],
    ['Delivered', 'DELIVERED', false],
    ['Shipment Delivered', 'DELIVERED', false],
    ['Cancelled', 'CANCELLED', false],
    ['Return To Origin', 'RTS', false],
    ['Shipment Returned To Origin', 'RTS', false],
    ['Return to Shipper', 'RTS', false],
    ['Handed over to shipper desk', null, false],
  ])('%s → %s', (text, status, returning) => {
    expect(classifyStatus(TCS_STATUS, text)).toEqual({ status, returning });
  });

  it.each([['OK', 'DELIVERED'], ['SC', 'INPROCESS'], ['RO', 'RTS'], ['RT', 'INPROCESS'], ['CN', 'CANCELLED'], ['DBC', null]])('code %s → %s', (code, status) => {
    expect(classifyStatus(TCS_CODES, code).status).toBe(status);
  });
});

describe('TCS mapper', () => {
  const request: BookingRequest = {
    reference: '#3001',
    consignee: { name: 'Al', phone: '03001234567', address: 'House 5, Model Town' },
    destinationCity: 'LAHORE',
    pieces: 1,
    weightGrams: 300,
    codAmount: 1999.5,
    productsDescription: 'Perfume',
    shippingType: 'overnight',
  };

  it('sends kilograms with the 0.5 kg minimum, and pads short names to three letters', () => {
    expect(weightKg(300)).toBe(0.5);
    expect(weightKg(1500)).toBe(1.5);
    const body = bookingBody(request, { tcs_account_id: '04011K1', cost_center_code: '001 - KHI', shipper_name: 'Demo Store', shipper_address: 'Korangi', shipper_city: 'KARACHI' }, '03001234567', '03009876543', 'ACC1');
    expect(body.accesstoken).toBe('ACC1');
    expect(body.consigneeinfo).toMatchObject({ firstname: 'Al.', cityname: 'LAHORE', mobile: '03001234567' });
    expect(body.shipmentinfo).toMatchObject({ weightinkg: 0.5, codamount: 2000, pieces: 1, servicecode: 'O', currency: 'PKR', fragile: false, costcentercode: '001 - KHI', referenceno: '#3001' });
    expect(body.shipperinfo).toMatchObject({ tcsaccount: '04011K1', mobile: '03009876543', cityname: 'KARACHI' });
  });

  it('reads cities with the name as the booking key', () => {
    expect(readCities({ message: 'SUCCESS', data: [{ citycode: 'KHI', cityname: 'KARACHI' }], traceid: 't' })).toEqual({ ok: true, cities: [{ key: 'KARACHI', name: 'KARACHI' }] });
  });

  it('reads a booking and every validation error', () => {
    expect(readBooking(200, createOk)).toEqual({ ok: true, trackingNumber: '779412345678' });
    expect(readBooking(400, createRefused)).toEqual({
      ok: false,
      messages: ['consigneeinfo mobile must be 11 digits starting with 03', 'shipmentinfo weightinkg must be at least 0.5'],
    });
  });

  it('picks the most significant of checkpoints sharing the newest minute', () => {
    const result = readTracking('779412345678', trackDelivered);
    expect(result).toMatchObject({ found: true, status: 'DELIVERED', rawStatus: 'Shipment Delivered', deliveredAt: '2024-10-17T07:58:00.000Z' });
    expect(result.events.map((e) => e.status)).toEqual([
      'Shipment Picked Up', 'Departed From TCS Facility', 'Arrived at TCS Facility', 'Out For Delivery', 'Shipment Delivered',
    ]);
    expect(result.events[0]!.at).toBe('2024-10-15T13:05:00.000Z');
  });

  it('treats FAIL (invalid or not yet scanned) as not found, not as an error', () => {
    expect(readTracking('779412345678', trackFail)).toEqual({ trackingNumber: '779412345678', found: false, status: null, returning: false, rawStatus: null, events: [] });
  });

  it('falls back to the delivery code when the checkpoint text is unknown', () => {
    expect(readTracking('779412345679', trackUnknown)).toMatchObject({ found: true, status: 'RTS', rawStatus: 'Handed over to shipper desk' });
  });

  it('reads cancel answers case-insensitively', () => {
    expect(readCancel({ message: 'SUCCESS', traceid: 't' })).toEqual({ kind: 'cancelled' });
    expect(readCancel({ message: 'success' })).toEqual({ kind: 'cancelled' });
    expect(readCancel({ message: 'Failure: No Record Founds', traceid: 't' })).toEqual({ kind: 'refused', messages: ['Failure: No Record Founds'] });
  });
});
