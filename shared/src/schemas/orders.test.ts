import { describe, expect, it } from 'vitest';
import { ORDERS_URL_KEYS, OrdersQuery, ordersQueryFromUrl, trackingStep, urlFromOrdersQuery, type OrdersUrlKey } from './orders';

/** A value of each address key that is not its default, as a person's filter would set it. */
const SAMPLE: Record<OrdersUrlKey, string> = {
  query: '#1443',
  track: 'KI123456789',
  courier: 'LEOPARD,MNP',
  status: 'DELIVERED,RTS',
  payment_status: 'PAID',
  bookingfrom: '2026-10-01',
  bookingto: '2026-10-31',
  dest: 'Lahore',
  deliveredfrom: '2026-10-05',
  deliveredto: '2026-11-05',
  page: '3',
  limit: '25',
  days: '4',
  op: 'LESS',
  tag: 'MERGED',
  bookedBy: '64b7f0c2a1d3e4f5a6b7c8d9,64b7f0c2a1d3e4f5a6b7c8da',
  phone_num: '03001234567',
  attention: 'true',
  cursor: 'eyJwayI6IngifQ',
};

describe('the orders address (spec §2 keys) and the API query (spec §3 fields)', () => {
  it('maps exactly the spec\'s keys to exactly its fields, plus attention and cursor', () => {
    expect(ORDERS_URL_KEYS).toEqual({
      query: 'query', track: 'track', courier: 'couriers', status: 'status', payment_status: 'payment_status', bookingfrom: 'bookingFrom',
      bookingto: 'bookingTo', dest: 'dest', deliveredfrom: 'deliveredFrom', deliveredto: 'deliveredTo', page: 'page', limit: 'limit',
      days: 'days', op: 'op', tag: 'tag', bookedBy: 'bookedBy', phone_num: 'phone', attention: 'attention', cursor: 'cursor',
    });
  });

  it.each(Object.keys(SAMPLE) as OrdersUrlKey[])('%s goes to its API field, is accepted there, and comes back to the same address', (key) => {
    const url = new URLSearchParams({ [key]: SAMPLE[key] });
    const api = ordersQueryFromUrl(url);
    expect(api[ORDERS_URL_KEYS[key]]).toBe(SAMPLE[key]);
    expect(OrdersQuery.safeParse(api).success).toBe(true);
    expect(urlFromOrdersQuery(api).toString()).toBe(url.toString());
  });

  it('reads every key at once, a repeated key as one list, and fills the spec\'s defaults', () => {
    const url = new URLSearchParams(SAMPLE);
    url.append('status', 'CANCELLED');
    const api = ordersQueryFromUrl(url);
    expect(api.status).toBe('DELIVERED,RTS,CANCELLED');
    expect(ordersQueryFromUrl(new URLSearchParams())).toEqual({ page: '1', limit: '50', op: 'GREATER' });
    const parsed = OrdersQuery.parse(api);
    expect(parsed.status).toEqual(['DELIVERED', 'RTS', 'CANCELLED']);
    expect(parsed.couriers).toEqual(['LEOPARD', 'MNP']);
    expect(parsed.attention).toBe(true);
    expect(parsed.days).toBe(4);
  });

  it('leaves defaults and empty values out of the address, and takes arrays for multi-selects', () => {
    expect(urlFromOrdersQuery({ page: 1, limit: 50, op: 'GREATER', query: '', status: ['FULFILLED', 'RTS'] }).toString()).toBe('status=FULFILLED%2CRTS');
  });
});

describe('the list query says what is wrong in plain words', () => {
  const message = (input: Record<string, unknown>) => {
    const result = OrdersQuery.safeParse(input);
    return result.success ? undefined : result.error.issues[0]!.message;
  };

  it.each([
    [{ status: 'SHIPPED' }, 'Status must be one of FULFILLED, INPROCESS, DELIVERED, CANCELLED, RTS'],
    [{ couriers: 'DHL' }, 'Courier must be one of LEOPARD, MNP, POSTEX, TCS'],
    [{ payment_status: 'unpaid' }, 'Payment status must be one of UNPAID, PAID'],
    [{ bookingFrom: '2026-02-30' }, 'Booking date from must be a date like 2026-11-23'],
    [{ bookingFrom: '2026-11-02', bookingTo: '2026-11-01' }, 'Booking date from must be on or before booking date to'],
    [{ deliveredFrom: '2026-11-02', deliveredTo: '2026-11-01' }, 'Delivered date from must be on or before delivered date to'],
    [{ days: 'abc' }, 'Delivery days must be a number'],
    [{ days: '1.5' }, 'Delivery days must be a whole number'],
    [{ op: 'MORE' }, 'Delivery days operator must be GREATER, LESS or EQUAL'],
    [{ tag: 'VIP' }, 'Tag can only be MERGED'],
    [{ bookedBy: 'someone' }, 'Invalid id entered'],
    [{ limit: '500' }, 'Limit must be at most 100'],
    [{ page: '0' }, 'Page must be at least 1'],
    [{ cursor: 'not a cursor' }, 'This page of orders is no longer valid'],
    [{ attention: 'yes' }, 'Attention must be true or false'],
  ])('%j: %s', (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it('takes a page of 50 from page 1 by default', () => {
    expect(OrdersQuery.parse({})).toEqual({ op: 'GREATER', page: 1, limit: 50 });
  });
});

describe('the tracking steps (spec §4: 1 to 4)', () => {
  it('numbers Fulfilled, Inprocess, Delivered, Cancelled and leaves a return out of the steps', () => {
    expect(['FULFILLED', 'INPROCESS', 'DELIVERED', 'CANCELLED', 'RTS'].map((s) => trackingStep(s as never))).toEqual([1, 2, 3, 4, null]);
  });
});
