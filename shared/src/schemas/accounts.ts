import { z } from '../zod';
import { ObjectId } from './common';
import { PAKISTAN_CITIES } from '../cities';
import { LIMITS } from '../plans';

export const Courier = z.enum(['LEOPARD', 'MNP', 'POSTEX', 'TCS'], { error: 'Company is required' });
export type Courier = z.infer<typeof Courier>;

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const Weight = z.coerce
  .number({ error: 'Weight must be a number' })
  .int('Weight must be whole grams')
  .min(0, 'Weight must be at least 0')
  .max(LIMITS.maxAccountWeightGrams, `Weight must be at most ${LIMITS.maxAccountWeightGrams}`);

const City = z.enum(PAKISTAN_CITIES, { error: 'Please add destination city' });
const Mobile = z.string({ error: 'Shipper mobile is required' }).trim().regex(/^(\+92|0092|92|0)?3\d{9}$/, 'Shipper mobile must be a Pakistani mobile number like 03001234567').max(100);

const common = {
  account_name: text('Account name', 30),
  weight: Weight.optional(),
  is_default: z.enum(['No', 'Default']).default('No'),
  city: City,
};

/** Spec 001 §5: create account, one shape per company; credentials cannot change later. */
export const CreateAccountInput = z.discriminatedUnion('company', [
  z.object({ company: z.literal('MNP'), ...common, username: text('Username', 100), account_no: text('Account number', 50), api_password: text('API password', 100) }),
  z.object({ company: z.literal('LEOPARD'), ...common, api_key: text('API key', 500), api_password: text('API password', 100) }),
  z.object({
    company: z.literal('TCS'), ...common,
    username: text('Username', 100), api_password: text('API password', 100), tcs_account_id: text('TCS account id', 100),
    client_id: text('Client id', 500), client_secret: text('Client secret', 100), cost_center_code: text('Cost center code', 100),
    shipper_name: text('Shipper name', 100), shipper_address: text('Shipper address', 100), shipper_mobile: Mobile, shipper_city: City,
  }),
  z.object({ company: z.literal('POSTEX'), ...common, token: text('Token', 500), address_code: text('Address code', 50) }),
], { error: 'Company is required' });
export type CreateAccountInput = z.infer<typeof CreateAccountInput>;

/** Spec 001 §5: edit account. The secret identity (API key, username, token) is not editable. */
export const UpdateAccountInput = z.object({
  id: ObjectId,
  name: text('Name', 30),
  api_password: z.string().trim().max(100, 'API password must be at most 100 characters').optional(),
  address_code: z.string().trim().max(50, 'Address code must be at most 50 characters').optional(),
  client_secret: z.string().trim().max(100, 'Client secret must be at most 100 characters').optional(),
  shipper_name: z.string().trim().max(100, 'Shipper name must be at most 100 characters').optional(),
  shipper_address: z.string().trim().max(100, 'Shipper address must be at most 100 characters').optional(),
  shipper_mobile: Mobile.optional(),
  shipper_city: City.optional(),
  city: City.optional(),
  activity: z.enum(['ACTIVE', 'IN_ACTIVE'], { error: 'Activity is ACTIVE or IN_ACTIVE' }),
  weight: Weight.optional(),
  is_default: z.boolean().default(false),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>;

/** What the browser sees of a tracking account: never a credential value once saved. */
export const TrackingAccount = z.object({
  _id: ObjectId,
  name: z.string(),
  company: Courier,
  address_code: z.string(),
  weight: z.number(),
  is_default: z.boolean(),
  in_active: z.boolean(),
  city: z.string(),
  shipper_name: z.string().optional(),
  shipper_mobile: z.string().optional(),
  shipper_address: z.string().optional(),
  shipper_city: z.string().optional(),
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
