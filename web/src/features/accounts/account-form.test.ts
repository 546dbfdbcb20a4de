import { CreateAccountInput, PAKISTAN_CITIES, UpdateAccountInput, type TrackingAccount } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyCreateForm, formFromAccount, toCreatePayload, toUpdatePayload, validateCreateAccount, validateUpdateAccount,
  type CreateAccountValues, type EditAccountValues,
} from './account-form';

const ID = '65f1c2a9b4d3e8f7a6b5c4d3';

const form = (over: Partial<CreateAccountValues> = {}): CreateAccountValues => ({
  ...emptyCreateForm(),
  account_name: ' Lahore warehouse ',
  city: 'Lahore',
  weight: '100',
  ...over,
});

describe('create account payload (spec 001 §5, §7)', () => {
  it("starts with no weight of its own (the store's default applies), not default, no company", () => {
    expect(emptyCreateForm()).toMatchObject({ company: '', weight: '', is_default: false, city: '' });
    expect('weight' in toCreatePayload({ ...emptyCreateForm(), company: 'POSTEX' })).toBe(false);
  });

  it('sends only the chosen courier’s fields, trimmed, with the weight as a number', () => {
    const values = form({ company: 'LEOPARD', api_key: ' key-123 ', api_password: 'pw', token: 'left over', username: 'typed before switching' });
    expect(toCreatePayload(values)).toEqual({
      company: 'LEOPARD', account_name: 'Lahore warehouse', is_default: 'No', city: 'Lahore', weight: 100, api_key: 'key-123', api_password: 'pw',
    });
  });

  it('maps the default toggle to Default / No', () => {
    expect(toCreatePayload(form({ company: 'POSTEX', is_default: true })).is_default).toBe('Default');
    expect(toCreatePayload(form({ company: 'POSTEX', is_default: false })).is_default).toBe('No');
  });

  it("leaves a blank weight out so the account follows the store's default weight", () => {
    expect('weight' in toCreatePayload(form({ company: 'POSTEX', weight: '  ' }))).toBe(false);
    expect(toCreatePayload(form({ company: 'POSTEX', weight: '2500' })).weight).toBe(2500);
  });

  it('carries every TCS field, shipper details included', () => {
    const payload = toCreatePayload(form({
      company: 'TCS', username: 'u', api_password: 'p', tcs_account_id: 'a', client_id: 'c', client_secret: 's', cost_center_code: 'cc',
      shipper_name: 'Chai Co', shipper_mobile: '03001234567', shipper_address: 'Gulberg III', shipper_city: 'Lahore',
    }));
    expect(Object.keys(payload).sort()).toEqual([
      'account_name', 'api_password', 'city', 'client_id', 'client_secret', 'company', 'cost_center_code', 'is_default',
      'shipper_address', 'shipper_city', 'shipper_mobile', 'shipper_name', 'tcs_account_id', 'username', 'weight',
    ]);
  });
});

describe('create account validation (the server’s messages)', () => {
  it('passes complete forms of each courier', () => {
    expect(validateCreateAccount(CreateAccountInput, form({ company: 'LEOPARD', api_key: 'k', api_password: 'p' })).ok).toBe(true);
    expect(validateCreateAccount(CreateAccountInput, form({ company: 'MNP', username: 'u', account_no: '12', api_password: 'p' })).ok).toBe(true);
    expect(validateCreateAccount(CreateAccountInput, form({ company: 'POSTEX', token: 't', address_code: '001' })).ok).toBe(true);
    const tcs = form({
      company: 'TCS', username: 'u', api_password: 'p', tcs_account_id: 'a', client_id: 'c', client_secret: 's', cost_center_code: 'cc',
      shipper_name: 'Chai Co', shipper_mobile: '03001234567', shipper_address: 'Gulberg III', shipper_city: 'Lahore',
    });
    expect(validateCreateAccount(CreateAccountInput, tcs).ok).toBe(true);
  });

  it('asks for the company first, with the common fields’ messages alongside', () => {
    const result = validateCreateAccount(CreateAccountInput, { ...emptyCreateForm(), weight: '60000' });
    expect(result).toEqual({
      ok: false,
      errors: { company: 'Company is required', account_name: 'Account name is required', weight: 'Weight must be at most 50000', city: 'Please add the pickup city' },
    });
  });

  it('names each missing courier field', () => {
    const result = validateCreateAccount(CreateAccountInput, form({ company: 'MNP' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ username: 'Username is required', account_no: 'Account number is required', api_password: 'API password is required' });
  });

  it('enforces the maximum lengths', () => {
    const result = validateCreateAccount(CreateAccountInput, form({ company: 'POSTEX', account_name: 'x'.repeat(31), token: 't'.repeat(501), address_code: 'a'.repeat(51) }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      account_name: 'Account name must be at most 30 characters',
      token: 'Token must be at most 500 characters',
      address_code: 'Address code must be at most 50 characters',
    });
  });

  it('keeps the weight within 0 to 50000 grams and numeric', () => {
    const check = (weight: string) => {
      const result = validateCreateAccount(CreateAccountInput, form({ company: 'POSTEX', token: 't', address_code: '1', weight }));
      return result.ok ? null : result.errors.weight;
    };
    expect(check('0')).toBeNull();
    expect(check('50000')).toBeNull();
    expect(check('-1')).toBe('Weight must be at least 0');
    expect(check('50001')).toBe('Weight must be at most 50000');
    expect(check('heavy')).toBe('Weight must be a number');
  });

  it('requires a city from the list', () => {
    const result = validateCreateAccount(CreateAccountInput, form({ company: 'POSTEX', token: 't', address_code: '1', city: 'Atlantis' }));
    expect(result.ok ? null : result.errors.city).toBe('Please add the pickup city');
  });

  it('names the TCS shipper city and a missing shipper mobile for what they are', () => {
    const result = validateCreateAccount(CreateAccountInput, form({
      company: 'TCS', username: 'u', api_password: 'p', tcs_account_id: 'a', client_id: 'c', client_secret: 's', cost_center_code: 'cc',
      shipper_name: 'Chai Co', shipper_mobile: '', shipper_address: 'Gulberg III', shipper_city: '',
    }));
    expect(result.ok ? null : [result.errors.shipper_city, result.errors.shipper_mobile]).toEqual(['Please add the shipper city', 'Shipper mobile is required']);
  });

  it('checks the TCS shipper mobile', () => {
    const result = validateCreateAccount(CreateAccountInput, form({
      company: 'TCS', username: 'u', api_password: 'p', tcs_account_id: 'a', client_id: 'c', client_secret: 's', cost_center_code: 'cc',
      shipper_name: 'Chai Co', shipper_mobile: '12345', shipper_address: 'Gulberg III', shipper_city: 'Lahore',
    }));
    expect(result.ok ? null : result.errors.shipper_mobile).toBe('Shipper mobile must be a Pakistani mobile number like 03001234567');
  });
});

const account = (over: Partial<TrackingAccount> = {}): TrackingAccount => ({
  _id: ID, name: 'Karachi main', company: 'LEOPARD', address_code: '', weight: 500, is_default: true, in_active: false, city: 'Karachi',
  saved_credentials: ['api_key', 'api_password'], createdAt: '2026-03-05T10:30:00.000Z', ...over,
});

const edit = (over: Partial<EditAccountValues> = {}): EditAccountValues => ({ ...formFromAccount(account(), PAKISTAN_CITIES), ...over });

describe('edit account form', () => {
  it('starts from the account, with the secrets empty', () => {
    expect(formFromAccount(account({ in_active: true }), PAKISTAN_CITIES)).toEqual({
      name: 'Karachi main', api_password: '', address_code: '', client_secret: '', shipper_name: '', shipper_mobile: '', shipper_address: '',
      shipper_city: '', city: 'Karachi', weight: '500', activity: 'IN_ACTIVE', is_default: true,
    });
  });

  it('leaves a city outside the list unchosen', () => {
    expect(formFromAccount(account({ city: 'Old town' }), PAKISTAN_CITIES).city).toBe('');
  });

  it('sends the API password for Leopards, never an address code', () => {
    expect(toUpdatePayload(ID, 'LEOPARD', edit({ api_password: ' pw ', address_code: 'x' }))).toEqual({
      id: ID, name: 'Karachi main', activity: 'ACTIVE', is_default: true, city: 'Karachi', weight: 500, api_password: 'pw',
    });
  });

  it('sends the address code and no password for PostEx', () => {
    expect(toUpdatePayload(ID, 'POSTEX', edit({ api_password: 'pw', address_code: ' 002 ' }))).toEqual({
      id: ID, name: 'Karachi main', activity: 'ACTIVE', is_default: true, city: 'Karachi', weight: 500, address_code: '002',
    });
  });

  it('leaves out secrets left empty, so the saved ones stay', () => {
    expect(toUpdatePayload(ID, 'TCS', edit({ api_password: ' ', client_secret: '', shipper_name: 'n', shipper_mobile: '03001234567', shipper_address: 'a', shipper_city: 'Multan' }))).toEqual({
      id: ID, name: 'Karachi main', activity: 'ACTIVE', is_default: true, city: 'Karachi', weight: 500,
      shipper_name: 'n', shipper_mobile: '03001234567', shipper_address: 'a', shipper_city: 'Multan',
    });
  });

  it('never sends an inactive account as the default', () => {
    expect(toUpdatePayload(ID, 'LEOPARD', edit({ activity: 'IN_ACTIVE', is_default: true }))).toMatchObject({ activity: 'IN_ACTIVE', is_default: false });
  });

  it("sends TCS client secret and shipper details; a blank city is left out, a blank weight is 0 (the store's default)", () => {
    const payload = toUpdatePayload(ID, 'TCS', edit({
      weight: '', city: '', api_password: 'p', client_secret: 's', shipper_name: 'n', shipper_mobile: '03001234567', shipper_address: 'a', shipper_city: 'Multan',
    }));
    expect(payload).toEqual({
      id: ID, name: 'Karachi main', activity: 'ACTIVE', is_default: true, weight: 0,
      api_password: 'p', client_secret: 's', shipper_name: 'n', shipper_mobile: '03001234567', shipper_address: 'a', shipper_city: 'Multan',
    });
  });

  it("shows an account without a weight of its own (0) as an empty weight, and keeps it so when saved", () => {
    const values = formFromAccount(account({ weight: 0 }), PAKISTAN_CITIES);
    expect(values.weight).toBe('');
    expect(toUpdatePayload(ID, 'LEOPARD', values).weight).toBe(0);
    expect(toUpdatePayload(ID, 'LEOPARD', { ...values, weight: '750' }).weight).toBe(750);
  });
});

describe('edit account validation (spec 001 §5, credentials only to change them)', () => {
  it('asks for no password to rename an account or make it the default', () => {
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'LEOPARD', edit({ name: 'Renamed' })).ok).toBe(true);
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'MNP', edit({ api_password: 'p' })).ok).toBe(true);
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'POSTEX', edit({ address_code: '001' })).ok).toBe(true);
  });

  it('requires PostEx’s address code, at most 50 characters', () => {
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'POSTEX', edit())).toEqual({ ok: false, errors: { address_code: 'Address code is required' } });
    const long = validateUpdateAccount(UpdateAccountInput, ID, 'POSTEX', edit({ address_code: 'a'.repeat(51) }));
    expect(long.ok ? null : long.errors.address_code).toBe('Address code must be at most 50 characters');
  });

  it('requires TCS’s shipper details and city, and the pickup city, but not the secrets', () => {
    const result = validateUpdateAccount(UpdateAccountInput, ID, 'TCS', edit({ city: '' }));
    expect(result).toEqual({
      ok: false,
      errors: {
        city: 'Please add the pickup city', shipper_name: 'Shipper name is required', shipper_mobile: 'Shipper mobile is required',
        shipper_address: 'Shipper address is required', shipper_city: 'Please add the shipper city',
      },
    });
    const mobile = validateUpdateAccount(UpdateAccountInput, ID, 'TCS', edit({
      shipper_name: 'n', shipper_mobile: '4444', shipper_address: 'a', shipper_city: 'Multan',
    }));
    expect(mobile.ok ? null : mobile.errors).toEqual({ shipper_mobile: 'Shipper mobile must be a Pakistani mobile number like 03001234567' });
  });

  it('the saved default is not made inactive while Default is on (the server refuses it too); turned off, it may', () => {
    const message = 'This is the default account, so it cannot be made inactive. Make another account the default first, or turn Default off.';
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'LEOPARD', edit({ activity: 'IN_ACTIVE', is_default: true }), true)).toEqual({ ok: false, errors: { activity: message } });
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'LEOPARD', edit({ activity: 'IN_ACTIVE', is_default: false }), true).ok).toBe(true);
    // not the saved default: the form simply sends it as not the default
    expect(validateUpdateAccount(UpdateAccountInput, ID, 'LEOPARD', edit({ activity: 'IN_ACTIVE', is_default: true }), false).ok).toBe(true);
  });

  it('requires a name of at most 30 characters and keeps the weight in range', () => {
    const result = validateUpdateAccount(UpdateAccountInput, ID, 'LEOPARD', edit({ name: ' ', weight: '50001' }));
    expect(result).toEqual({ ok: false, errors: { name: 'Name is required', weight: 'Weight must be at most 50000' } });
    const long = validateUpdateAccount(UpdateAccountInput, ID, 'LEOPARD', edit({ name: 'n'.repeat(31) }));
    expect(long.ok ? null : long.errors.name).toBe('Name must be at most 30 characters');
  });
});
