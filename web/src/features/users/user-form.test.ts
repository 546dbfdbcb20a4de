import { CreateUserInput, EditUserInput, type User } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import {
  canChangeEmail, emptyUserForm, formFromUser, toCreatePayload, toEditPayload, validateCreateUser,
  validateEditUser, type UserFormValues,
} from './user-form';

const filled = (over: Partial<UserFormValues> = {}): UserFormValues => ({
  ...emptyUserForm(),
  first_name: ' Bilal ', last_name: 'Ahmed', email: ' Bilal@ChaiCo.PK ', password: 'karachi-2026', tag: 'BA',
  access_scopes: ['READ_ORDERS'],
  ...over,
});

describe('create user payload', () => {
  it('trims, lower-cases the email and leaves blank optional fields out', () => {
    expect(toCreatePayload(filled({ city: ' Lahore ', phone: '  ' }))).toEqual({
      first_name: 'Bilal', last_name: 'Ahmed', email: 'bilal@chaico.pk', password: 'karachi-2026', tag: 'BA',
      city: 'Lahore', role: 'USER', access_scopes: ['READ_ORDERS'],
    });
  });
  it('sends no scopes for an ADMIN', () => {
    expect(toCreatePayload(filled({ role: 'ADMIN', access_scopes: ['READ_ORDERS'] })).access_scopes).toEqual([]);
  });
});

describe('create user validation (spec 000 §5, server messages)', () => {
  it('passes a complete USER', () => {
    expect(validateCreateUser(CreateUserInput, filled()).ok).toBe(true);
  });
  it('names every missing required field', () => {
    const result = validateCreateUser(CreateUserInput, emptyUserForm());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      tag: 'Tag is required',
    });
  });
  it('limits lengths', () => {
    const result = validateCreateUser(CreateUserInput, filled({ first_name: 'x'.repeat(21), tag: 'x'.repeat(11), phone: '1'.repeat(16), province: 'p'.repeat(21) }));
    expect(result.ok ? {} : result.errors).toMatchObject({
      first_name: 'First name must be at most 20 characters',
      tag: 'Tag must be at most 10 characters',
      phone: 'Phone must be at most 15 characters',
      province: 'Province must be at most 20 characters',
    });
  });
  it("a USER without scopes: 'Atleast one access scope is required'; an ADMIN needs none", () => {
    const user = validateCreateUser(CreateUserInput, filled({ access_scopes: [] }));
    expect(user.ok ? {} : user.errors).toEqual({ access_scopes: 'Atleast one access scope is required' });
    expect(validateCreateUser(CreateUserInput, filled({ role: 'ADMIN', access_scopes: [] })).ok).toBe(true);
  });
  it('rejects a malformed email', () => {
    const result = validateCreateUser(CreateUserInput, filled({ email: 'bilal@' }));
    expect(result.ok ? {} : result.errors).toEqual({ email: 'Email is invalid' });
  });
});

const user: User = {
  _id: 'b'.repeat(24), first_name: 'Bilal', last_name: 'Ahmed', email: 'bilal@chaico.pk', phone: '03001234567', role: 'USER', tag: 'BA',
  access_scopes: ['READ_ORDERS', 'BOOK_ORDERS'], is_active: true, is_verified_user: true, two_factor_enabled: false, is_owner: false,
  createdAt: '2024-03-05T10:30:00.000Z', city: 'Lahore',
};

describe('edit user', () => {
  it('fills the form from the user and maps it back, blank fields sent blank', () => {
    const form = formFromUser(user);
    expect(form).toMatchObject({ phone: '03001234567', city: 'Lahore', address: '', password: '' });
    expect(toEditPayload({ ...form, city: ' ' })).toEqual({
      first_name: 'Bilal', last_name: 'Ahmed', tag: 'BA', phone: '03001234567', province: '', address: '', city: '', country: '',
      role: 'USER', access_scopes: ['READ_ORDERS', 'BOOK_ORDERS'],
    });
  });
  it('allows names up to 30', () => {
    expect(validateEditUser(EditUserInput, { ...formFromUser(user), first_name: 'x'.repeat(30) }).ok).toBe(true);
    const long = validateEditUser(EditUserInput, { ...formFromUser(user), first_name: 'x'.repeat(31) });
    expect(long.ok ? {} : long.errors).toEqual({ first_name: 'First name must be at most 30 characters' });
  });
  it("a USER with no scope gets 'At lease one scope should be assigned to update user'", () => {
    const result = validateEditUser(EditUserInput, { ...formFromUser(user), access_scopes: [], tag: '' });
    expect(result.ok ? {} : result.errors).toEqual({ tag: 'Tag is required', access_scopes: 'At lease one scope should be assigned to update user' });
    expect(validateEditUser(EditUserInput, { ...formFromUser(user), role: 'ADMIN', access_scopes: [] }).ok).toBe(true);
  });
});

describe('change email button', () => {
  it('is off when empty, unchanged (ignoring case and spaces) or for an ADMIN', () => {
    expect(canChangeEmail('bilal@chaico.pk', '', 'USER')).toBe(false);
    expect(canChangeEmail('bilal@chaico.pk', ' Bilal@ChaiCo.pk ', 'USER')).toBe(false);
    expect(canChangeEmail('bilal@chaico.pk', 'bilal.ahmed@chaico.pk', 'USER')).toBe(true);
    expect(canChangeEmail('owner@chaico.pk', 'new@chaico.pk', 'ADMIN')).toBe(false);
  });
});
