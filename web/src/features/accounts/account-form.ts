import { CREDENTIAL_FIELDS, DEFAULT_NOT_DEACTIVATED, type Courier, type CreateAccountInput, type TrackingAccount, type UpdateAccountInput } from '@dakiya/shared';
import { validate, type FieldErrors, type ParseableSchema, type Validation } from '../../lib/validate';
import { COURIER_IDS, CREATE_FIELDS, EDIT_FIELDS, type CredentialKey } from './couriers';

type CredentialValues = Record<CredentialKey, string>;

/** What the create form holds: every input as typed; only the chosen courier's fields are sent. */
export interface CreateAccountValues extends CredentialValues {
  company: Courier | '';
  account_name: string;
  weight: string;
  is_default: boolean;
  city: string;
}

export type CreateAccountField = keyof CreateAccountValues;

const COMMON_CREATE_FIELDS = ['company', 'account_name', 'weight', 'is_default', 'city'] as const;

const emptyCredentials = (): CredentialValues =>
  Object.fromEntries([...CREDENTIAL_FIELDS.keys()].map((key) => [key, ''])) as CredentialValues;

export function emptyCreateForm(): CreateAccountValues {
  return { company: '', account_name: '', weight: '', is_default: false, city: '', ...emptyCredentials() };
}

/**
 * '' -> undefined: the account has no weight of its own (the server stores 0) and its bookings start
 * from the store's default weight. Anything else as a number, NaN included, so the schema names it.
 */
function weightOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * The create-account body: common fields plus only the chosen courier's fields, text trimmed, the
 * default toggle as 'Default' / 'No' and the weight as a number (spec 001 §7).
 */
export function toCreatePayload(values: CreateAccountValues): CreateAccountInput {
  const payload: Record<string, unknown> = {
    company: values.company === '' ? undefined : values.company,
    account_name: values.account_name.trim(),
    is_default: values.is_default ? 'Default' : 'No',
    city: values.city,
  };
  const weight = weightOf(values.weight);
  if (weight !== undefined) payload.weight = weight;
  if (values.company !== '') {
    for (const field of CREATE_FIELDS[values.company]) payload[field.key] = values[field.key].trim();
  }
  return payload as CreateAccountInput;
}

/**
 * Create account, checked with the server's own schema so the messages are the server's. With no
 * company chosen yet the schema only names the company: the common fields' messages come with it.
 */
export function validateCreateAccount(
  schema: ParseableSchema<CreateAccountInput>,
  values: CreateAccountValues,
): Validation<CreateAccountInput, CreateAccountField> {
  const payload = toCreatePayload(values);
  const result = validate<CreateAccountInput, CreateAccountField>(schema, payload);
  if (values.company !== '' || result.ok) return result;
  // Any courier shares the common fields: borrow one to read their messages.
  const common = validate<CreateAccountInput, CreateAccountField>(schema, { ...payload, company: COURIER_IDS[0] });
  const errors: FieldErrors<CreateAccountField> = { ...result.errors };
  if (!common.ok) {
    for (const key of COMMON_CREATE_FIELDS) if (common.errors[key]) errors[key] = common.errors[key];
  }
  return { ok: false, errors };
}

/** What the edit form holds. Secrets start empty: saved ones are never sent to the browser. */
export interface EditAccountValues {
  name: string;
  api_password: string;
  address_code: string;
  client_secret: string;
  shipper_name: string;
  shipper_mobile: string;
  shipper_address: string;
  shipper_city: string;
  city: string;
  weight: string;
  activity: 'ACTIVE' | 'IN_ACTIVE';
  is_default: boolean;
}

export type EditAccountField = keyof EditAccountValues;

/** The edit form of a loaded account; a city outside `cities` (an older value) starts unchosen. */
export function formFromAccount(account: TrackingAccount, cities: readonly string[]): EditAccountValues {
  const known = (city: string | undefined) => (city && cities.includes(city) ? city : '');
  return {
    name: account.name,
    api_password: '',
    address_code: account.address_code ?? '',
    client_secret: '',
    shipper_name: account.shipper_name ?? '',
    shipper_mobile: account.shipper_mobile ?? '',
    shipper_address: account.shipper_address ?? '',
    shipper_city: known(account.shipper_city),
    city: known(account.city),
    // 0 is no weight of its own: the field stays empty and says the store's default applies
    weight: Number.isFinite(account.weight) && account.weight > 0 ? String(account.weight) : '',
    activity: account.in_active ? 'IN_ACTIVE' : 'ACTIVE',
    is_default: account.is_default,
  };
}

/** Spec 001 §4: an inactive account is hidden from booking, so it is never the default (the server refuses it too). */
export const INACTIVE_NOT_DEFAULT = 'An inactive account cannot be the default.';

/**
 * The saved default made inactive while Default is still on: the server refuses it (param activity), so
 * the form says it at once. Turning Default off first is the person's choice to leave the shop without one.
 */
export function defaultDeactivationConflict(savedDefault: boolean, values: Pick<EditAccountValues, 'activity' | 'is_default'>): string | undefined {
  return savedDefault && values.activity === 'IN_ACTIVE' && values.is_default ? DEFAULT_NOT_DEACTIVATED : undefined;
}

/**
 * The update-account body: id, the common fields, and what the courier lets change (spec 001 §7). A
 * secret left empty is not sent, so the saved one stays (the departure from the spec the README lists);
 * an inactive account is never sent as the default.
 */
export function toUpdatePayload(id: string, company: Courier, values: EditAccountValues): UpdateAccountInput {
  const payload: Record<string, unknown> = {
    id,
    name: values.name.trim(),
    activity: values.activity,
    is_default: values.activity === 'ACTIVE' && values.is_default,
  };
  if (values.city !== '') payload.city = values.city;
  // emptied, the weight goes back to the store's default (0), not to what was saved
  payload.weight = weightOf(values.weight) ?? 0;
  for (const field of EDIT_FIELDS[company]) {
    const value = values[field.key as EditAccountField];
    if (typeof value !== 'string') continue;
    if ((field.kind === 'city' || field.kind === 'secret') && value.trim() === '') continue;
    payload[field.key] = value.trim();
  }
  return payload as UpdateAccountInput;
}

/**
 * Edit account (spec 001 §5), checked with the server's own schema: every shown courier field (PostEx's
 * address code, TCS's shipper details and city) and the pickup city are checked as typed, so one left
 * empty gets the schema's 'is required' or 'Please add the ...'; secrets are asked for only to change them.
 */
export function validateUpdateAccount(
  schema: ParseableSchema<UpdateAccountInput>,
  id: string,
  company: Courier,
  values: EditAccountValues,
  savedDefault = false,
): Validation<UpdateAccountInput, EditAccountField> {
  const checked: Record<string, unknown> = { ...toUpdatePayload(id, company, values), city: values.city };
  // a city left unchosen is not sent (the saved one stays), but the form must not pass with it empty
  for (const field of EDIT_FIELDS[company]) if (field.kind === 'city') checked[field.key] = values[field.key as EditAccountField];
  const result = validate<UpdateAccountInput, EditAccountField>(schema, checked);
  const conflict = defaultDeactivationConflict(savedDefault, values);
  if (!conflict) return result;
  return { ok: false, errors: { ...(result.ok ? {} : result.errors), activity: conflict } };
}
