import { z } from '../zod';
import { ObjectId, Pagination } from './common';
import { Role, Scope } from '../scopes';
import { NewPassword } from './auth';
import { SessionUser, User } from './user';
import { ShopStatus, ShopSummary } from './shop';
import { PlanId } from '../plans';
import { RECOVERY_CODE_MAX, TWO_FACTOR_CODE_DIGITS } from '../codes';

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const optional = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).optional();

/** Spec 000 §5 lengths, for the forms' inputs too: names may be longer on edit (30) than at creation (20), as the spec says. */
const CREATE_LIMITS = { first_name: 20, last_name: 20, email: 50, tag: 10, phone: 15, province: 20, address: 50, city: 50, country: 30 } as const;
export const USER_LIMITS = { create: CREATE_LIMITS, edit: { ...CREATE_LIMITS, first_name: 30, last_name: 30 } } as const;

/**
 * A USER edited without a scope is refused (spec 000 §5, the server's message, typo included); the rule
 * reads the saved role when none is sent, so it is checked where the user is loaded, and the form says it first.
 */
export const EDIT_USER_NEEDS_SCOPE = 'At lease one scope should be assigned to update user';

/** change-email refuses an ADMIN's address (it is how the store reaches them); the edit form says it beside the field. */
export const ADMIN_EMAIL_LOCKED = "An admin's email cannot be changed";

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(CREATE_LIMITS.email, `Email must be at most ${CREATE_LIMITS.email} characters`)
  .pipe(z.email({ error: 'Email is invalid' }));

/** Pakistani mobile or landline digits; the spec only bounds the length (15). */
const Phone = z.string({ error: 'Phone must be text' }).trim().max(CREATE_LIMITS.phone, `Phone must be at most ${CREATE_LIMITS.phone} characters`).regex(/^[0-9+\- ]*$/, 'Phone may contain digits, spaces, + and - only');

const Scopes = z.array(Scope, { error: 'Atleast one access scope is required' }).max(20, 'Choose at most 20 access scopes');

/** Spec 000 §5: create user. */
export const CreateUserInput = z
  .object({
    first_name: required('First name', USER_LIMITS.create.first_name),
    last_name: required('Last name', USER_LIMITS.create.last_name),
    email: Email,
    password: NewPassword,
    tag: required('Tag', USER_LIMITS.create.tag),
    phone: Phone.optional(),
    province: optional('Province', USER_LIMITS.create.province),
    address: optional('Address', USER_LIMITS.create.address),
    city: optional('City', USER_LIMITS.create.city),
    country: optional('Country', USER_LIMITS.create.country),
    role: Role.default('USER'),
    access_scopes: Scopes.default([]),
  })
  .refine((u) => u.role === 'ADMIN' || u.access_scopes.length > 0, { message: 'Atleast one access scope is required', path: ['access_scopes'] });
export type CreateUserInput = z.infer<typeof CreateUserInput>;

/** Spec 000 §5: update user (names up to 30 here, 20 at creation, as the spec says). */
export const EditUserInput = z
  .object({
    first_name: required('First name', USER_LIMITS.edit.first_name),
    last_name: required('Last name', USER_LIMITS.edit.last_name),
    tag: required('Tag', USER_LIMITS.edit.tag),
    phone: Phone.optional(),
    province: optional('Province', USER_LIMITS.edit.province),
    address: optional('Address', USER_LIMITS.edit.address),
    city: optional('City', USER_LIMITS.edit.city),
    country: optional('Country', USER_LIMITS.edit.country),
    role: Role.optional(),
    access_scopes: Scopes.optional(),
  });
export type EditUserInput = z.infer<typeof EditUserInput>;

export const UsersQuery = z.object({
  /** `orders` asks for the light list the order filters use (spec 000 §7). */
  page: z.union([z.literal('orders'), z.coerce.number().int().min(1).max(100000)]).default(1),
  limit: z.coerce.number().int().min(1).max(250).default(50),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

export const UserOption = z.object({ _id: ObjectId, first_name: z.string(), last_name: z.string(), tag: z.string() });
export type UserOption = z.infer<typeof UserOption>;

export const UsersList = z.object({
  childrenAccounts: z.array(User),
  pagination: Pagination,
});
export type UsersList = z.infer<typeof UsersList>;

export const UserOptions = z.object({ users: z.array(UserOption) });

export const UsersOutput = z.union([UsersList, UserOptions]);
export type UsersOutput = z.infer<typeof UsersOutput>;

export const UserOutput = z.object({ user: User });
export const UserMessage = z.object({ msg: z.string(), user: User });
export type UserMessage = z.infer<typeof UserMessage>;

export const RestrictUserInput = z.object({ id: ObjectId });
export const ChangeEmailInput = z.object({ email: Email });
export const SetUserPasswordInput = z.object({
  password: NewPassword,
  logoutFromAllDevices: z.boolean().default(false),
});
export const ResendEmailInput = z.object({ account_id: ObjectId, email: Email.optional() });

export const ChangeOwnPasswordInput = z
  .object({
    current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200, 'Current password must be at most 200 characters'),
    new_password: NewPassword,
    confirm_password: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required').max(200, 'Confirm password must be at most 200 characters'),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: 'Password and confirm password must be same', path: ['confirm_password'] });

export const EditTagInput = z.object({ tag: required('Tag', USER_LIMITS.edit.tag) });

export const Profile = z.object({
  data: SessionUser.extend({
    shop: ShopSummary.extend({ status: ShopStatus, plan: PlanId }),
    /** Unused recovery codes of a person with two-factor on (0 when off). */
    recovery_codes_left: z.number().int().min(0),
  }),
});
export type Profile = z.infer<typeof Profile>;

export const QrCode = z.object({ qrCodeDataUrl: z.string(), secret: z.string() });
export const TwoFactorCode = z.object({
  code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required')
    .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`), `Enter the ${TWO_FACTOR_CODE_DIGITS}-digit code from your authenticator app`),
});
const TwoFactorToken = z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(200, 'Sign in again');
export const VerifyAuthenticatorInput = TwoFactorCode.extend({ twoFactorToken: TwoFactorToken });
export const AuthToken = z.object({ auth_token: z.string(), msg: z.string().optional() });

const CurrentPassword = z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200, 'Current password must be at most 200 characters');
/** Turning two-factor on: a code from the new secret and the current password (a session alone is not enough). */
export const EnableTwoFactorInput = TwoFactorCode.extend({ password: CurrentPassword });
export type EnableTwoFactorInput = z.infer<typeof EnableTwoFactorInput>;
/** Shown once: only their digests are kept. */
export const RecoveryCodes = z.array(z.string());
export const TwoFactorEnabled = AuthToken.extend({ recovery_codes: RecoveryCodes });
/** Turning two-factor off or renewing recovery codes: the password and a code from the app or a recovery code. */
export const TwoFactorProof = z.object({
  password: CurrentPassword,
  code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(RECOVERY_CODE_MAX, 'Enter a 6-digit code or a recovery code'),
});
export type TwoFactorProof = z.infer<typeof TwoFactorProof>;
export const RecoveryCodesOutput = z.object({ msg: z.string(), recovery_codes: RecoveryCodes });
export const VerifyRecoveryCodeInput = z.object({
  recovery_code: z
    .string({ error: 'Recovery code is required' })
    .trim()
    .min(1, 'Recovery code is required')
    .max(RECOVERY_CODE_MAX, 'Enter a recovery code like abcd-efgh-jkmn'),
  twoFactorToken: TwoFactorToken,
});
export const RecoverySignIn = AuthToken.extend({ recovery_codes_left: z.number().int().min(0) });
export const ExchangeTokenInput = z.object({
  token: z.string({ error: 'This sign-in link is not valid' }).min(1, 'This sign-in link is not valid').max(200, 'This sign-in link is not valid'),
});

/** `existing_account`: the address already signs in to Dakiya; this store joined that account (its password stays). */
export const VerifyEmailOutput = z.object({ msg: z.string(), existing_account: z.boolean() });
export const VerifyEmailInput = z.object({ token: z.string({ error: 'This link is not valid' }).min(1, 'This link is not valid').max(200, 'This link is not valid') });
export const ResetPinInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254, 'Email must be at most 254 characters').pipe(z.email({ error: 'Email is invalid' })),
});
export const ResetPasswordQuery = z.object({ hash: z.string({ error: 'This link is not valid' }).min(1, 'This link is not valid').max(200, 'This link is not valid') });
export const ResetPasswordInput = z
  .object({
    password: NewPassword,
    confirm_password: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required').max(200, 'Confirm password must be at most 200 characters'),
  })
  .refine((v) => v.password === v.confirm_password, { message: 'Password and confirm password must be same', path: ['confirm_password'] });
