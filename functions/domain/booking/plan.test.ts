import { describe, expect, it } from 'vitest';
import type { BookOrderInput, CourierId } from '@dakiya/shared';
import { fakeDeps } from '../../test-support/fake-deps';
import { newId } from '../../ground/ids';
import type { CourierAdapter, CourierCity } from '../ports/courier';
import type { AccountRepo } from '../ports/repos';
import type { SecretBox } from '../ports/secrets';
import type { AccountRecord } from '../records';
import { bookingAccount, planBooking } from './plan';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const CITIES: CourierCity[] = [{ key: 'LHE-1', name: 'Lahore' }, { key: 'KHI-2', name: 'Karachi' }, { key: 'RWP-3', name: 'Rawalpindi ' }];

/** A tracking account of its own (the city list is kept per account and container, so each test's is fresh). */
function accountOf(company: CourierId, extra: Partial<AccountRecord> = {}): AccountRecord {
  return {
    _id: newId(), shopId: 'shop-1', name: `${company} main`, company, address_code: '', weight: 0, in_active: false, city: 'Karachi',
    credentials: 'sealed', saved_credentials: [], createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', ...extra,
  };
}

/** The courier port as planning uses it: its city list, nothing else. */
function courierListing(cities = CITIES): CourierAdapter {
  return { listCities: async () => ({ ok: true, cities }) } as Partial<CourierAdapter> as CourierAdapter;
}

function input(extra: Partial<BookOrderInput> = {}): BookOrderInput {
  return {
    tracking_account: 'a'.repeat(24), shipping_type: 'overnight', order_id: '5410001000001', pieces: 1, weight: 500, cod_amount: 2500,
    order_name: '#1001', products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: '+92 300 1234567',
    consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore', ...extra,
  };
}

const plan = (company: CourierId, extra: Partial<BookOrderInput> = {}) =>
  planBooking(input(extra), ['5410001000001'], ['#1001'], { account: accountOf(company), adapter: courierListing() }, NOW);

/** The refusal a plan ends in: its code, field and words. */
const refusal = (promise: Promise<unknown>) => promise.then(
  () => { throw new Error('the plan was not refused'); },
  (error: { code: string; param?: string; message: string }) => ({ code: error.code, param: error.param, msg: error.message }),
);

describe('a booking planned against its courier', () => {
  it('books what the form said, with the phones normalised and the city the courier knows', async () => {
    // Act
    const planned = await plan('LEOPARD', { consignee_phone2: '0321-7654321', remarks: ' Call first ', cod_amount: 2499.6 });
    // Assess
    expect(planned).toMatchObject({
      reference: '#1001', destinationKey: 'LHE-1', destinationCity: 'Lahore', cod: 2500, weight: 500, pieces: 1, remarks: 'Call first',
      consignee: { name: 'Ayesha Khan', phone: '03001234567', phone2: '03217654321', address: 'House 12, Street 4, Gulberg III' },
    });
  });

  it("holds each courier to its lightest parcel: TCS 500 g, the others 1 g", async () => {
    expect(await refusal(plan('TCS', { weight: 499 }))).toEqual({ code: 'VALIDATION_FAILED', param: 'weight', msg: 'Weight must be at least 500 grams for TCS' });
    expect((await plan('TCS', { weight: 500 })).weight).toBe(500);
    for (const company of ['LEOPARD', 'MNP', 'POSTEX'] as const) expect((await plan(company, { weight: 1 })).weight).toBe(1);
  });

  it('holds the cash on delivery to the courier: at most 1,000,000 (Leopards, PostEx), 250,000 (TCS), 99,999 (M&P)', async () => {
    const tooMuch = async (company: CourierId, max: number) => {
      expect((await plan(company, { cod_amount: max })).cod).toBe(max);
      expect(await refusal(plan(company, { cod_amount: max + 1 }))).toEqual({ code: 'VALIDATION_FAILED', param: 'cod_amount', msg: `COD amount must be at most ${max}` });
    };
    await tooMuch('LEOPARD', 1_000_000);
    await tooMuch('POSTEX', 1_000_000);
    await tooMuch('TCS', 250_000);
    await tooMuch('MNP', 99_999);
  });

  it('books a prepaid order (COD 0) except with M&P, which takes cash on delivery only', async () => {
    expect((await plan('LEOPARD', { cod_amount: 0 })).cod).toBe(0);
    expect((await plan('TCS', { cod_amount: 0 })).cod).toBe(0);
    expect(await refusal(plan('MNP', { cod_amount: 0 }))).toEqual({
      code: 'VALIDATION_FAILED', param: 'cod_amount', msg: 'M&P books cash on delivery only: the COD amount must be more than 0',
    });
    // a few paisas round to no cash at all
    expect(await refusal(plan('MNP', { cod_amount: 0.4 }))).toMatchObject({ param: 'cod_amount' });
  });

  it("holds the consignee's name and address to the courier's lengths", async () => {
    expect(await refusal(plan('TCS', { consignee_name: 'Al' }))).toEqual({ code: 'VALIDATION_FAILED', param: 'consignee_name', msg: 'Consignee name must be 3 to 50 characters for TCS' });
    expect((await plan('TCS', { consignee_name: ' Ali ' })).consignee.name).toBe('Ali');
    expect(await refusal(plan('MNP', { consignee_name: 'x'.repeat(51) }))).toMatchObject({ param: 'consignee_name', msg: 'Consignee name must be 1 to 50 characters for M&P' });
    expect((await plan('LEOPARD', { consignee_name: 'x'.repeat(100) })).consignee.name).toHaveLength(100);
    expect(await refusal(plan('TCS', { consignee_address: 'x'.repeat(121) }))).toEqual({
      code: 'VALIDATION_FAILED', param: 'consignee_address', msg: 'Consignee address must be at most 120 characters for TCS',
    });
    expect((await plan('TCS', { consignee_address: 'x'.repeat(120) })).consignee.address).toHaveLength(120);
    expect(await refusal(plan('MNP', { consignee_address: 'x'.repeat(256) }))).toMatchObject({ param: 'consignee_address' });
  });

  it('holds pieces to the courier: M&P at most 99', async () => {
    expect(await refusal(plan('MNP', { pieces: 100 }))).toEqual({ code: 'VALIDATION_FAILED', param: 'pieces', msg: 'Pieces must be at most 99' });
    expect((await plan('MNP', { pieces: 99 })).pieces).toBe(99);
    expect((await plan('LEOPARD', { pieces: 999 })).pieces).toBe(999);
  });

  it("matches the destination to the courier's own list: aliases and close spellings, suggestions when unsure", async () => {
    expect((await plan('LEOPARD', { destination_city: 'lhr' })).destinationKey).toBe('LHE-1');
    expect((await plan('LEOPARD', { destination_city: 'lahor' })).destinationKey).toBe('LHE-1');
    // the courier's name for the city is what the booking keeps (trimmed)
    expect(await plan('LEOPARD', { destination_city: 'Rawalpindi Cantt' })).toMatchObject({ destinationKey: 'RWP-3', destinationCity: 'Rawalpindi' });
    // with no destination_city the consignee's city is matched
    expect((await plan('LEOPARD', { destination_city: undefined, consignee_city: 'Karachi' })).destinationKey).toBe('KHI-2');
    const unknown = await refusal(plan('LEOPARD', { destination_city: 'Gilgit' }));
    expect(unknown).toMatchObject({ code: 'CITY_NOT_MATCHED', param: 'destination_city' });
    expect(unknown.msg).toMatch(/^No courier city matches "Gilgit"/);
  });

  it('requires a Pakistani mobile for the consignee, and checks the extra phones only when given', async () => {
    expect(await refusal(plan('LEOPARD', { consignee_phone: '  ' }))).toEqual({ code: 'VALIDATION_FAILED', param: 'consignee_phone', msg: 'Consignee phone is required' });
    expect(await refusal(plan('LEOPARD', { consignee_phone: '12345' }))).toMatchObject({ code: 'VALIDATION_FAILED', param: 'consignee_phone' });
    expect(await refusal(plan('LEOPARD', { consignee_phone3: '042-1234567' }))).toMatchObject({ param: 'consignee_phone3' });
    expect((await plan('LEOPARD', { consignee_phone2: '' })).consignee.phone2).toBeUndefined();
  });
});

describe('the account a booking is made with', () => {
  it("is this shop's active account, with its courier opened on its own credentials", async () => {
    // Prepare: the account repository, the secret box and the courier port, nothing else
    const active = accountOf('POSTEX', { credentials: 'sealed-postex' });
    const opened: { company: string; credentials: unknown }[] = [];
    const deps = fakeDeps({
      accounts: { get: async (_shop: string, id: string) => (id === active._id ? active : undefined) } as Partial<AccountRepo> as AccountRepo,
      secrets: { decrypt: async (blob: string) => JSON.stringify({ token: `opened ${blob}` }) } as Partial<SecretBox> as SecretBox,
      courier: (company, credentials) => { opened.push({ company, credentials }); return courierListing(); },
    });
    // Act
    const chosen = await bookingAccount('shop-1', active._id, deps);
    // Assess
    expect(chosen.account).toBe(active);
    expect(opened).toEqual([{ company: 'POSTEX', credentials: { token: 'opened sealed-postex' } }]);
    expect(await refusal(bookingAccount('shop-1', newId(), deps))).toEqual({ code: 'NOT_FOUND', param: undefined, msg: 'Tracking account not found' });
  });

  it('is refused when inactive, before its courier is opened', async () => {
    const inactive = accountOf('LEOPARD', { in_active: true });
    const deps = fakeDeps({ accounts: { get: async () => inactive } as Partial<AccountRepo> as AccountRepo });
    expect(await refusal(bookingAccount('shop-1', inactive._id, deps))).toEqual({
      code: 'VALIDATION_FAILED', param: 'tracking_account', msg: 'This tracking account is inactive. Choose an active one.',
    });
  });
});
