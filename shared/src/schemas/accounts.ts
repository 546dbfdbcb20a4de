import { z } from '../zod';
import { ObjectId } from './common';
import { PAKISTAN_CITIES } from '../cities';
import { LIMITS } from '../plans';
import { PK_MOBILE, pkMobileMessage } from '../pk-mobile';
import { COURIER_DEFINITIONS, COURIER_IDS, CREDENTIAL_FIELDS, type CourierDefinition, type AccountDetailKey, type CredentialFieldDef, type EditableKey } from '../couriers';

export const Courier = z.enum(COURIER_IDS, { error: 'Company is required' });
export type Courier = z.infer<typeof Courier>;

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const Weight = z.coerce
  .number({ error: 'Weight must be a number' })
  .int('Weight must be whole grams')
  .min(0, 'Weight must be at least 0')
  .max(LIMITS.maxAccountWeightGrams, `Weight must be at most ${LIMITS.maxAccountWeightGrams}`);

/** A choice from Dakiya's city list, named for what it is ('Please add the shipper city'). */
const cityOf = (label: string) => z.enum(PAKISTAN_CITIES, { error: `Please add the ${label.toLowerCase()}` });
/**
 * The account's city is where its parcels are picked up (the spec's create form calls it 'destination
 * city', which it is not: a booking's destination comes from the order). One word for it, everywhere.
 */
const City = cityOf('pickup city');
/** Empty is missing, not a malformed number. */
// An empty value is only "required": `abort` stops the pattern check from adding a second message.
const mobile = (label: string, max: number) => z.string({ error: `${label} is required` }).trim()
  .min(1, { error: `${label} is required`, abort: true })
  .max(max, `${label} must be at most ${max} characters`)
  .regex(PK_MOBILE, pkMobileMessage(label));

/** A credential field's schema on the create form, from its definition. */
function createField(f: CredentialFieldDef): z.ZodType {
  if (f.kind === 'city') return cityOf(f.label);
  if (f.kind === 'tel') return mobile(f.label, f.max);
  return text(f.label, f.max);
}

/** The same field on the edit form: optional (not sent keeps the saved value); sent, it is required like on create. */
function editField(f: CredentialFieldDef): z.ZodType {
  if (f.kind === 'city') return cityOf(f.label).optional();
  if (f.kind === 'tel') return mobile(f.label, f.max).optional();
  return text(f.label, f.max).optional();
}

/** The longest account name (spec 001 §5), for the forms' inputs too. */
export const ACCOUNT_NAME_MAX = 30;

const common = {
  account_name: text('Account name', ACCOUNT_NAME_MAX),
  weight: Weight.optional(),
  is_default: z.enum(['No', 'Default']).default('No'),
  city: City,
};

const createShape = (d: CourierDefinition) =>
  z.object({ company: z.literal(d.id), ...common, ...Object.fromEntries(d.fields.map((f) => [f.key, createField(f)])) });

/** Spec 001 §5: create account, one shape per company (from its definition); credentials cannot change later. */
export const CreateAccountInput = z.discriminatedUnion(
  'company',
  COURIER_DEFINITIONS.map(createShape) as unknown as [ReturnType<typeof createShape>, ...ReturnType<typeof createShape>[]],
  { error: 'Company is required' },
) as unknown as z.ZodType<CreateAccountBody, CreateAccountBodyIn>;

type CommonIn = { account_name: string; weight?: number | string; is_default?: 'No' | 'Default'; city: string };
type CommonOut = { account_name: string; weight?: number; is_default: 'No' | 'Default'; city: string };
type FieldsOf<D> = D extends { fields: readonly (infer F)[] } ? F extends { key: infer K extends string } ? K : never : never;
type BodyOf<D, C> = D extends { id: infer Id } ? { company: Id } & C & { [K in FieldsOf<D>]: string } : never;
type CreateAccountBody = BodyOf<(typeof COURIER_DEFINITIONS)[number], CommonOut>;
type CreateAccountBodyIn = BodyOf<(typeof COURIER_DEFINITIONS)[number], CommonIn>;
export type CreateAccountInput = CreateAccountBody;

/** Every field any courier lets change after creation, each once. */
const EDITABLE = [...CREDENTIAL_FIELDS.values()].filter((f) => f.editable);

/**
 * Spec 001 §5: edit account. The secret identity (API key, username, token) is not editable. What is not
 * sent stays as it is, so Set default sends only `{ id, is_default: true }` and cannot undo what someone
 * else changed a moment before (a rename, deactivating the account).
 */
export const UpdateAccountInput = z.object({
  id: ObjectId,
  name: text('Name', ACCOUNT_NAME_MAX).optional(),
  ...(Object.fromEntries(EDITABLE.map((f) => [f.key, editField(f)])) as Record<EditableKey, z.ZodOptional<z.ZodString>>),
  city: City.optional(),
  activity: z.enum(['ACTIVE', 'IN_ACTIVE'], { error: 'Activity is ACTIVE or IN_ACTIVE' }).optional(),
  weight: Weight.optional(),
  // Not sent: the default stays as it is (a `.default(false)` here once quietly took it from a renamed default).
  is_default: z.boolean().optional(),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>;

/**
 * The default account is preselected on every booking: deactivating it would leave the shop with none
 * without a word. update-account refuses it (param activity) until another account is the default, or
 * the same request turns Default off on purpose; the edit form says it before saving.
 */
export const DEFAULT_NOT_DEACTIVATED =
  'This is the default account, so it cannot be made inactive. Make another account the default first, or turn Default off.';

/** Fields some courier keeps in the clear on the account; address_code is always present (spec). */
export const ACCOUNT_DETAILS = [...CREDENTIAL_FIELDS.values()].filter((f) => f.onAccount && f.key !== 'address_code').map((f) => f.key as AccountDetailKey);

/** What the browser sees of a tracking account: never a credential value once saved. */
export const TrackingAccount = z.object({
  _id: ObjectId,
  name: z.string(),
  company: Courier,
  address_code: z.string(),
  /** Grams a booking with this account starts from; 0 is not set: the store's default weight applies. */
  weight: z.number(),
  is_default: z.boolean(),
  in_active: z.boolean(),
  city: z.string(),
  /** The courier details kept in the clear (TCS shipper name, mobile, address and city, ...). */
  ...(Object.fromEntries(ACCOUNT_DETAILS.map((key) => [key, z.string().optional()])) as Record<AccountDetailKey, z.ZodOptional<z.ZodString>>),
  /** Which credentials are stored, e.g. ['api_key', 'api_password'], so a form can say "saved". */
  saved_credentials: z.array(z.string()),
  createdAt: z.string(),
});
export type TrackingAccount = z.infer<typeof TrackingAccount>;

export const AccountsList = z.object({ accounts: z.array(TrackingAccount) });
export const AccountsTable = z.object({
  accounts: z.array(TrackingAccount),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() }),
});
export const AccountOutput = z.object({ account: TrackingAccount });
export const AccountMessage = z.object({ msg: z.string(), account: TrackingAccount });

export const CityOption = z.object({ label: z.string(), value: z.string() });
export const CitiesOutput = z.object({ cities: z.array(CityOption) });
export type CitiesOutput = z.infer<typeof CitiesOutput>;
export const AccountCitiesParams = z.object({ tracking_account_id: ObjectId });
