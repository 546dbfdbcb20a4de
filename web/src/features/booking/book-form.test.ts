import { BookOrderInput, type OrderLookup, type TrackingAccount } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  bookableAccounts, bookBody, bookRefusalTitle, cityListLabel, cityMatchFor, citySearch, closestCities, noCityMessage, formFromLookup, loadBanner, mergedCod, preselectedAccount, proposedFor, validateBookForm,
  weightAfterAccountChange, weightHelper, type BookFormValues, type MergeTotals,
} from './book-form';

const account = (id: string, patch: Partial<TrackingAccount> = {}): TrackingAccount => ({
  _id: id.padEnd(24, '0'), name: id, company: 'LEOPARD', address_code: '', weight: 0, is_default: false, in_active: false, city: 'Karachi',
  saved_credentials: [], createdAt: '2026-11-01T00:00:00Z', ...patch,
});

const lookup: OrderLookup = {
  order_id: '5000000000001', order_name: '#1001', pieces: 2, weight: 500, cod_amount: 5250, shipping_price: 250, free_shipping_applied: false,
  products_list: 'Lawn Suit - Red x 2', consignee_fullname: 'Sana Iqbal', consignee_email: '', consignee_phone1: '03001234567',
  consignee_phone2: '', consignee_phone3: '', consignee_address: 'House 12', consignee_city: 'khi',
  orderData: {
    id: 'gid://shopify/Order/5000000000001', name: '#1001', created_at: '', financial_status: 'PENDING', fulfillment_status: 'UNFULFILLED', tags: [], note: null,
    currency: 'PKR', total: 5250, outstanding: 5250, shipping: 250, discounts: [], payment_gateways: [], line_items: [], line_items_truncated: false,
  },
};

const ACCOUNT_ID = account('acc')._id;

/** What the form says on Book, for this form and the chosen account's courier. */
const check = (values: BookFormValues, courier: TrackingAccount['company'] = 'LEOPARD', orderId: string | string[] = lookup.order_id, merge?: MergeTotals) =>
  validateBookForm(BookOrderInput, bookBody(values, orderId, courier, merge), courier);

describe('the booking form', () => {
  it('hides inactive accounts and preselects the default', () => {
    const accounts = [account('a1'), account('a2', { in_active: true, is_default: false }), account('a3', { is_default: true })];
    expect(bookableAccounts(accounts).map((a) => a.name)).toEqual(['a3', 'a1']);
    expect(preselectedAccount(accounts)).toBe(account('a3')._id);
    expect(preselectedAccount([account('a2', { in_active: true })])).toBe('');
  });

  it('starts from the lookup, weight from the account, else the store default, else 100 g (what the server would use)', () => {
    expect(formFromLookup(lookup, 'x', account('a1'))).toMatchObject({ pieces: '2', weight: '500', cod_amount: '5250', consignee_city: 'khi', destination_city: '' });
    expect(formFromLookup(lookup, 'x', account('a1', { weight: 750 })).weight).toBe('750');
    expect(proposedFor(account('a1', { weight: 750 }), 0)).toBe('750');
    expect(proposedFor(account('a1'), 0)).toBe('100');
  });

  it('follows the chosen account until the person types a weight', () => {
    const values = formFromLookup(lookup, 'x', account('a1'));
    const tcs = account('t1', { company: 'TCS', weight: 800 });
    expect(weightAfterAccountChange(values, tcs, lookup.weight, false)).toBe('800');
    expect(weightAfterAccountChange({ ...values, weight: '800' }, account('a2'), lookup.weight, false)).toBe('500');
    expect(weightAfterAccountChange({ ...values, weight: '650' }, tcs, lookup.weight, true)).toBe('650');
  });

  it("says where the weight comes from until it is typed, and the courier's minimum when it has one", () => {
    expect(weightHelper(account('t1', { company: 'TCS' }), 300, false)).toBe("From your store's default weight. TCS needs at least 500 g.");
    expect(weightHelper(account('t1', { company: 'TCS', weight: 800 }), 300, true)).toBe('TCS needs at least 500 g.');
    expect(weightHelper(account('a1', { weight: 750 }), 300, false)).toBe('From the account.');
    expect(weightHelper(account('a1'), 0, false)).toBe('The standard weight.');
    expect(weightHelper(account('a1'), 300, true)).toBeUndefined();
  });

  it('checks the spec\'s rules before sending', () => {
    const values = { ...formFromLookup(lookup, ACCOUNT_ID), pieces: '0', weight: '50001', cod_amount: '-1', consignee_name: ' ' };
    expect(check(values)).toEqual({
      pieces: 'Pieces must be at least 1', weight: 'Weight must be at most 50000', cod_amount: 'COD amount must be at least 0',
      consignee_name: 'Consignee name is required', destination_city: 'Please add destination city',
    });
    expect(check({ ...formFromLookup(lookup, ACCOUNT_ID), destination_city: '475' })).toEqual({});
  });

  it("says the shared schema's words for numbers that are not whole or not numbers", () => {
    const values = { ...formFromLookup(lookup, ACCOUNT_ID), destination_city: '475' };
    expect(check({ ...values, pieces: '1.5', weight: 'heavy' })).toEqual({ pieces: 'Pieces must be a whole number', weight: 'Weight must be a number' });
    expect(check({ ...values, weight: ' ', cod_amount: '' })).toEqual({ weight: 'Weight must be a number', cod_amount: 'COD amount must be a number' });
    expect(check({ ...values, weight: '250.5' })).toEqual({ weight: 'Weight must be whole grams' });
  });

  it("refuses a parcel lighter than the courier takes, in the server's words", () => {
    const values = { ...formFromLookup(lookup, ACCOUNT_ID), destination_city: '475', weight: '499' };
    expect(check(values, 'TCS')).toEqual({ weight: 'Weight must be at least 500 grams for TCS' });
    expect(check({ ...values, weight: '500' }, 'TCS')).toEqual({});
    expect(check(values, 'LEOPARD')).toEqual({});
  });

  it("checks a merge's COD against its parts, as the server does", () => {
    const values = { ...formFromLookup(lookup, ACCOUNT_ID), destination_city: '475', cod_amount: '5250' };
    const ids = ['5000000000001', '5000000000002'];
    expect(check(values, 'LEOPARD', ids, { codWithoutShipping: 5000, avgShipping: 250, shippingPrice: 500 })).toEqual({});
    expect(check(values, 'LEOPARD', ids, { codWithoutShipping: 5000, avgShipping: 100, shippingPrice: 500 }))
      .toEqual({ cod_amount: 'COD amount must equal the COD without shipping plus the average shipping' });
  });

  it('sends numbers as numbers and the city under each name the server reads', () => {
    const body = bookBody({ ...formFromLookup(lookup, ACCOUNT_ID), destination_city: '475' }, lookup.order_id, 'LEOPARD');
    expect(body).toMatchObject({ order_id: '5000000000001', pieces: 2, weight: 500, cod_amount: 5250, destination_city: '475', city: '475', consignee_city: 'khi', shipping_type: 'overnight', courier_company: 'LEOPARD' });
    expect(body.remarks).toBeUndefined();
  });

  it('matches the order\'s city to the courier list, or suggests', () => {
    const cities = [{ label: 'Karachi', value: '475' }, { label: 'Lahore', value: '789' }, { label: 'Larkana', value: '790' }];
    expect(cityMatchFor('khi', cities)).toMatchObject({ kind: 'match', city: { key: '475' } });
    expect(cityMatchFor('Lahor', cities)).toMatchObject({ kind: 'match', city: { key: '789' }, how: 'close' });
    expect(cityMatchFor('Timbuktu', cities).kind).toBe('no-match');
  });

  it('shows the fulfilled-order answer in a success tone and every other one as a warning', () => {
    const fulfilled = new ApiError(409, { errors: [{ msg: 'order is already fulfilled on shopify.', code: 'ORDER_ALREADY_FULFILLED' }] }, 'order is already fulfilled on shopify.');
    expect(loadBanner(fulfilled)).toEqual({ tone: 'success', message: 'order is already fulfilled on shopify.', code: 'ORDER_ALREADY_FULFILLED' });
    expect(loadBanner(new ApiError(404, null, 'Not here')).tone).toBe('warning');
    const booked = new ApiError(409, { errors: [{ msg: 'This order is already booked with Dakiya (tracking number KI1).', code: 'ORDER_ALREADY_BOOKED' }], tracking_number: 'KI1' }, 'This order is already booked with Dakiya (tracking number KI1).');
    expect(loadBanner(booked)).toEqual({ tone: 'success', message: 'This order is already booked with Dakiya (tracking number KI1).', code: 'ORDER_ALREADY_BOOKED', trackingNumber: 'KI1' });
  });

  it('totals a merged parcel as COD without shipping plus average shipping', () => {
    expect(mergedCod('5000', '250')).toBe(5250);
    expect(mergedCod('5000.5', '')).toBe(5000.5);
  });
});

describe('the city search', () => {
  const tcs = ['Karachi', 'Lahore', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Hyderabad', 'Gujranwala', 'Peshawar', 'Quetta', 'Sialkot', 'Sargodha', 'Bahawalpur', 'Sukkur', 'Gujrat']
    .map((label, i) => ({ label, value: String(100 + i) }));

  it('a city the courier does not serve says so, naming the courier, with the nearest cities instead of an empty list', () => {
    const found = citySearch('Gilgit', tcs, 'TCS');
    expect(found.shown).toEqual([]);
    expect(found.none!.message).toBe('No TCS city matches "Gilgit".');
    expect(found.none!.closest).toHaveLength(3);
    expect(cityListLabel(false, 0, 15, true)).toBe('No city matches the search');
  });

  it('a search that matches lists those cities and says how many of all', () => {
    const found = citySearch('gu', tcs, 'TCS');
    expect(found.shown.map((c) => c.label)).toEqual(['Gujranwala', 'Gujrat']);
    expect(found.none).toBeUndefined();
    expect(cityListLabel(false, 2, 15, true)).toBe('Choose from 2 of 15 cities');
    expect(cityListLabel(false, 15, 15, false)).toBe('Choose from 15 cities');
    expect(citySearch('  ', tcs, 'TCS').shown).toHaveLength(15);
  });

  it('the nearest cities come by spelling', () => {
    expect(closestCities('Multaan', tcs)[0]!.label).toBe('Multan');
    expect(noCityMessage('Leopards', ' Skardu ')).toBe('No Leopards city matches "Skardu".');
  });
});

describe("the Book button's refusal", () => {
  it("says 'Not booked' only when nothing was booked", () => {
    expect(bookRefusalTitle({ code: 'VALIDATION_FAILED', tone: 'error' })).toBe('Not booked');
    expect(bookRefusalTitle({ code: 'COURIER_REFUSED', tone: 'error' })).toBe('Not booked');
    expect(bookRefusalTitle({ tone: 'error' })).toBe('Not booked');
    // the courier may have booked it
    expect(bookRefusalTitle({ code: 'COURIER_CHECK_NEEDED', tone: 'error' })).toBe('The booking did not finish');
    expect(bookRefusalTitle({ code: 'FULFILMENT_PENDING', tone: 'warning' })).toBe('The booking did not finish');
    expect(bookRefusalTitle({ tone: 'warning' })).toBe('The booking did not finish');
    expect(bookRefusalTitle({ code: 'ORDER_ALREADY_BOOKED', tone: 'error' })).toBe('Already booked');
  });
});
