import { describe, expect, it } from 'vitest';
import { COURIER_DEFINITIONS, COURIER_IDS, CREDENTIAL_FIELDS, SECRET_CREDENTIALS, courierNames } from './index';
import { CreateAccountInput, UpdateAccountInput, ACCOUNT_DETAILS } from '../schemas/accounts';

describe('courier definitions', () => {
  it('lists each courier once, with distinct marks and palettes', () => {
    expect(COURIER_IDS).toEqual(['LEOPARD', 'MNP', 'POSTEX', 'TCS']);
    expect(new Set(COURIER_DEFINITIONS.map((d) => d.palette)).size).toBe(COURIER_DEFINITIONS.length);
    expect(courierNames('or')).toBe('Leopards, M&P, PostEx or TCS');
  });

  it('describes a credential the same way on every courier that has it', () => {
    for (const definition of COURIER_DEFINITIONS) {
      for (const f of definition.fields) {
        const first = CREDENTIAL_FIELDS.get(f.key)!;
        expect({ key: f.key, label: f.label, max: f.max, kind: f.kind }).toEqual({ key: first.key, label: first.label, max: first.max, kind: first.kind });
      }
    }
  });

  it('redacts every secret and identity value the couriers echo', () => {
    expect([...SECRET_CREDENTIALS].sort()).toEqual(['api_key', 'api_password', 'client_id', 'client_secret', 'token', 'username']);
  });

  it('only lets a courier bulk-book in parallel when a lost answer can be found again by reference', () => {
    for (const { id, booking } of COURIER_DEFINITIONS) {
      expect({ id, parallel: booking.bulkParallel > 1 }).toEqual({ id, parallel: booking.findByReference });
    }
  });
});

describe('account schemas derived from the definitions', () => {
  it('asks each courier for its own fields with their limits and messages', () => {
    const tcs = CreateAccountInput.safeParse({ company: 'TCS', account_name: 'x', city: 'Karachi' });
    expect(tcs.success).toBe(false);
    const messages = tcs.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'username: Username is required', 'api_password: API password is required', 'tcs_account_id: TCS account ID is required',
      'client_id: Client ID is required', 'client_secret: Client secret is required', 'cost_center_code: Cost center code is required',
      'shipper_name: Shipper name is required', 'shipper_mobile: Shipper mobile is required', 'shipper_address: Shipper address is required',
      'shipper_city: Please add the shipper city',
    ]);
    const long = CreateAccountInput.safeParse({ company: 'POSTEX', account_name: 'x', city: 'Karachi', token: 't', address_code: 'x'.repeat(51) });
    expect(long.error!.issues.map((i) => i.message)).toEqual(['Address code must be at most 50 characters']);
    expect(CreateAccountInput.safeParse({ company: 'DHL', account_name: 'x', city: 'Karachi' }).error!.issues[0]!.message).toBe('Company is required');
  });

  it('lets the edit form send only what some courier may change', () => {
    const parsed = UpdateAccountInput.parse({
      id: 'a'.repeat(24), name: 'Main', activity: 'ACTIVE', api_password: 'p', api_key: 'never-changes', shipper_mobile: '03001234567',
    });
    expect(parsed).toEqual({ id: 'a'.repeat(24), name: 'Main', activity: 'ACTIVE', api_password: 'p', shipper_mobile: '03001234567' }); // is_default not sent: left out, the default stays
    expect(ACCOUNT_DETAILS).toEqual(['shipper_name', 'shipper_mobile', 'shipper_address', 'shipper_city']);
  });
});
