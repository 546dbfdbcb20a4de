import { describe, expect, it } from 'vitest';
import { CourierUnavailableError, type BookingRequest } from '../../../domain/ports/courier';
import { LEOPARD_PUSH_CODES, LEOPARD_STATUS, bookPacketBody, readBatchBooking, readBooking, readCancel, readCities, readTracking } from './mapper';
import { classifyStatus } from '../status-text';
import batchRefused from './fixtures/batch-refused.json';
import bookOk from './fixtures/book-ok.json';
import bookRefused from './fixtures/book-refused.json';
import cancelRefused from './fixtures/cancel-refused.json';
import cities from './fixtures/cities.json';
import trackMixed from './fixtures/track-mixed-keys.json';
import trackNotFound from './fixtures/track-not-found.json';

const request: BookingRequest = {
  reference: '#1042',
  consignee: { name: 'Ayesha Siddiqui', phone: '03001234567', address: 'House 12, DHA' },
  destinationCity: '475',
  pieces: 2,
  weightGrams: 1499.6,
  codAmount: 3450.4,
  productsDescription: 'Lawn suit x2',
  shippingType: 'overnight',
};

describe('Leopards status mapping', () => {
  it.each([
    ['Pickup Request not Send', 'FULFILLED', false],
    ['Pickup Request Sent', 'FULFILLED', false],
    ['Drop Off at Express Center', 'INPROCESS', false],
    ['Shipment Picked', 'INPROCESS', false],
    ['Consignment Booked', 'INPROCESS', false],
    ['Dispatched', 'INPROCESS', false],
    ['Arrived at Station', 'INPROCESS', false],
    ['Missroute', 'INPROCESS', false],
    ['Assign to Courier', 'INPROCESS', false],
    ['Pending', 'INPROCESS', false],
    ['In Transit', 'INPROCESS', false],
    ['Undelivered', 'INPROCESS', false],
    ['Ready for Return', 'INPROCESS', true],
    ['Being Return', 'INPROCESS', true],
    ['Delivered', 'DELIVERED', false],
    ['Cancelled', 'CANCELLED', false],
    ['48 Hours Auto Canceled', 'CANCELLED', false],
    ['Returned to shipper', 'RTS', false],
  ])('%s → %s', (text, status, returning) => {
    expect(classifyStatus(LEOPARD_STATUS, text)).toEqual({ status, returning });
  });

  it('ignores case, spacing and dash style', () => {
    expect(classifyStatus(LEOPARD_STATUS, '  PICKUP   request NOT send ')).toEqual({ status: 'FULFILLED', returning: false });
    expect(classifyStatus(LEOPARD_STATUS, 'returned TO Shipper')).toEqual({ status: 'RTS', returning: false });
  });

  it('reads failed attempts before "deliver" and leaves unknown strings unknown', () => {
    expect(classifyStatus(LEOPARD_STATUS, 'Delivery attempt failed').status).toBe('INPROCESS');
    expect(classifyStatus(LEOPARD_STATUS, 'Not Delivered - consignee refused').status).toBe('INPROCESS');
    expect(classifyStatus(LEOPARD_STATUS, 'Out for delivery').status).toBe('INPROCESS');
    expect(classifyStatus(LEOPARD_STATUS, 'Shipment under investigation')).toEqual({ status: null, returning: false });
    expect(classifyStatus(LEOPARD_STATUS, '')).toEqual({ status: null, returning: false });
  });

  it.each([
    ['RC', 'INPROCESS'], ['SP', 'INPROCESS'], ['DP', 'INPROCESS'], ['AR', 'INPROCESS'], ['AC', 'INPROCESS'],
    ['PN1', 'INPROCESS'], ['PN2', 'INPROCESS'], ['NR', 'INPROCESS'], ['RO', 'INPROCESS'], ['RN1', 'INPROCESS'], ['RN2', 'INPROCESS'],
    ['DV', 'DELIVERED'], ['RS', 'RTS'], ['RW', 'RTS'], ['DW', null], ['DR', null],
  ])('push code %s → %s', (code, status) => {
    expect(classifyStatus(LEOPARD_PUSH_CODES, code).status).toBe(status);
  });
});

describe('Leopards mapper', () => {
  it('builds a bookPacket body in whole grams with "self" shipper fields', () => {
    const body = bookPacketBody(request, { api_key: 'k', api_password: 'p' }, '03001234567');
    expect(body).toMatchObject({
      booked_packet_weight: 1500,
      booked_packet_no_piece: 2,
      booked_packet_collect_amount: 3450,
      booked_packet_order_id: '#1042',
      origin_city: 'self',
      destination_city: 475,
      shipment_name_eng: 'self',
      consignment_phone: '03001234567',
      special_instructions: 'Lawn suit x2',
      shipment_type: 'overnight',
    });
  });

  it('reads cities, keeping destinations only and trimming names', () => {
    expect(readCities(cities)).toEqual({ ok: true, cities: [{ key: '789', name: 'Lahore' }, { key: '475', name: 'Karachi' }] });
  });

  it('reads a booking and a refusal', () => {
    expect(readBooking(bookOk)).toEqual({ ok: true, trackingNumber: 'KI123456789', labelUrl: 'https://merchantapi.leopardscourier.com/slip/KI123456789' });
    expect(readBooking(bookRefused)).toEqual({ ok: false, messages: ['Consignee Phone is required'] });
  });

  it('puts batch refusals on their own rows', () => {
    expect(readBatchBooking(batchRefused, 2)).toEqual([
      { ok: false, messages: ['Not booked: another packet in the same batch was refused'] },
      { ok: false, messages: ['Packet Weight is required', 'Consignee Phone is required'] },
    ]);
  });

  it('reads every event key spelling and dates events in Pakistan time', () => {
    const [result] = readTracking(trackMixed, ['KI123456789']);
    expect(result).toEqual({
      trackingNumber: 'KI123456789',
      found: true,
      status: 'DELIVERED',
      returning: false,
      rawStatus: 'Delivered',
      events: [
        { status: 'Shipment Picked', message: 'Shipment Picked', at: '2024-10-14T19:00:00.000Z' },
        { status: 'Arrived at Station', message: 'Arrived at Station', at: '2024-10-16T04:15:00.000Z' },
        { status: 'Pending', message: 'Pending - Consignee not available', at: '2024-10-16T13:40:00.000Z' },
        { status: 'Delivered', message: 'Delivered - Received by Ayesha', at: '2024-10-17T07:58:00.000Z' },
      ],
      deliveredAt: '2024-10-17T07:58:00.000Z',
    });
  });

  it('answers not-found per number when Leopards knows none of them', () => {
    expect(readTracking(trackNotFound, ['KI1', 'KI2']).map((r) => [r.trackingNumber, r.found, r.status])).toEqual([
      ['KI1', false, null],
      ['KI2', false, null],
    ]);
  });

  it('does not hide refused credentials behind "not found"', () => {
    expect(() => readTracking({ status: 0, error: 'Invalid API Key or Password', packet_list: null }, ['KI1'])).toThrow(
      expect.objectContaining({ reason: 'auth', courier: 'LEOPARD' }),
    );
  });

  it('reads a cancel refusal keyed by CN', () => {
    expect(readCancel(cancelRefused)).toEqual({ kind: 'refused', messages: ['Packet cannot be cancelled after pickup'] });
    expect(readCancel({ status: '1', error: 'null' })).toEqual({ kind: 'cancelled' });
  });

  it('treats a body of the wrong shape as an outage', () => {
    expect(() => readBooking({ unexpected: true })).toThrow(CourierUnavailableError);
    expect(() => readBooking([1, 2])).toThrow(CourierUnavailableError);
  });
});
