import { EDIT_USER_NEEDS_SCOPE, type CreateUserInput, type EditUserInput, type Role, type Scope, type User } from '@dakiya/shared';
import { validate, type ParseableSchema, type Validation } from '../../lib/validate';

/** What the create and edit forms hold: every field as typed, scopes as picked. */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  tag: string;
  phone: string;
  province: string;
  address: string;
  city: string;
  country: string;
  role: Role;
  access_scopes: Scope[];
}

export type UserField = keyof UserFormValues;

/** Spec 000 §6. */
export const ADMIN_SCOPES_NOTE = 'An ADMIN has all scopes by default';
/** The store owner stays an ADMIN (the server refuses anything else). */
export const OWNER_ROLE_LOCKED = 'The store owner is always an ADMIN.';
/** Only the owner changes the owner's details (the server refuses another admin). */
export const OWNER_DETAILS_LOCKED = 'Only the store owner can change these details.';

export function emptyUserForm(): UserFormValues {
  return {
    first_name: '', last_name: '', email: '', password: '', tag: '', phone: '',
    province: '', address: '', city: '', country: '', role: 'USER', access_scopes: [],
  };
}

export function formFromUser(user: User): UserFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    password: '',
    tag: user.tag,
    phone: user.phone ?? '',
    province: user.province ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    country: user.country ?? '',
    role: user.role,
    access_scopes: user.role === 'ADMIN' ? [] : [...user.access_scopes],
  };
}

const OPTIONAL = ['phone', 'province', 'address', 'city', 'country'] as const;

/** An ADMIN holds every scope by role, so none are sent for one. */
function scopesFor(values: UserFormValues): Scope[] {
  return values.role === 'ADMIN' ? [] : [...values.access_scopes];
}

/** The create-user body: text trimmed, blank optional fields left out. */
export function toCreatePayload(values: UserFormValues): CreateUserInput {
  const payload: CreateUserInput = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim().toLowerCase(),
    password: values.password,
    tag: values.tag.trim(),
    role: values.role,
    access_scopes: scopesFor(values),
  };
  for (const key of OPTIONAL) {
    const value = values[key].trim();
    if (value !== '') payload[key] = value;
  }
  return payload;
}

/** The edit-user body: blank optional fields are sent blank so a cleared field is cleared. Email and password have their own calls. */
export function toEditPayload(values: UserFormValues): EditUserInput {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    tag: values.tag.trim(),
    phone: values.phone.trim(),
    province: values.province.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    country: values.country.trim(),
    role: values.role,
    access_scopes: scopesFor(values),
  };
}

/** Create user, checked with the server's own schema so the messages are the server's. */
export function validateCreateUser(
  schema: ParseableSchema<CreateUserInput>,
  values: UserFormValues,
): Validation<CreateUserInput, UserField> {
  return validate<CreateUserInput, UserField>(schema, toCreatePayload(values));
}

/** Edit user: the shared schema plus spec 000 §5's scope rule for a USER. */
export function validateEditUser(schema: ParseableSchema<EditUserInput>, values: UserFormValues): Validation<EditUserInput, UserField> {
  const result = validate<EditUserInput, UserField>(schema, toEditPayload(values));
  const needsScope = values.role === 'USER' && values.access_scopes.length === 0;
  if (!needsScope) return result;
  const errors = result.ok ? {} : result.errors;
  return { ok: false, errors: { ...errors, access_scopes: EDIT_USER_NEEDS_SCOPE } };
}

/** Spec 000 §5: the change-email button is off when the email is empty, unchanged, or the user is an ADMIN. */
export function canChangeEmail(current: string, draft: string, role: Role): boolean {
  if (role === 'ADMIN') return false;
  const next = draft.trim().toLowerCase();
  return next !== '' && next !== current.trim().toLowerCase();
}
