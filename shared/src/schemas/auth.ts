import { z } from '../zod';
import { SessionUser } from './user';

export const LoginInput = z.object({
  email: z
    .string({ error: 'Email is required or invalid' })
    .trim()
    .toLowerCase()
    .max(254, 'Email is required or invalid')
    .pipe(z.email({ error: 'Email is required or invalid' })),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
  /** The store to sign in to (its myshopify domain), for a person who belongs to several. */
  store: z.string({ error: 'Choose a store' }).trim().toLowerCase().max(255, 'Choose a store').optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** A store a person may sign in to. */
export const StoreOption = z.object({ domain: z.string(), name: z.string() });
export type StoreOption = z.infer<typeof StoreOption>;

export const SignedIn = z.object({
  auth_token: z.string(),
  two_factor_await: z.boolean(),
});

/**
 * Spec 000 §3: auth_token and two_factor_await. A person who belongs to several stores and named none
 * (or one they are not in) gets `stores` to choose from and no token yet; signing in again with
 * `store` finishes.
 */
export const LoginOutput = SignedIn.extend({
  stores: z.array(StoreOption).optional(),
  /** Why the store asked for is not offered. */
  notice: z.string().optional(),
  /**
   * The account is under a spread-out guessing attack and this address never signed in to it: a code
   * was emailed to the account (if the password was right), and this token goes with it to
   * POST /verify-sign-in-code. No session token yet.
   */
  email_code_token: z.string().optional(),
});
export type LoginOutput = z.infer<typeof LoginOutput>;

/** The step-up: the code emailed to the account, with the token sign-in answered. */
export const VerifySignInCodeInput = z.object({
  token: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(200, 'Sign in again'),
  code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});
export type VerifySignInCodeInput = z.infer<typeof VerifySignInCodeInput>;

/** The install's hand-off token traded for a session, or for the second-factor step when two-factor is on. */
export const ExchangeTokenOutput = SignedIn;

export const MeOutput = z.object({ data: SessionUser });
export type MeOutput = z.infer<typeof MeOutput>;

/** Password rule where the spec is silent: 8 to 200 characters. */
export const NewPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const CreatePasswordInput = z
  .object({
    password: NewPassword,
    confirm_password: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required').max(200, 'Confirm password must be at most 200 characters'),
    hash: z.string({ error: 'This link is not valid' }).min(1, 'This link is not valid').max(200, 'This link is not valid'),
    _id: z.string().regex(/^[0-9a-f]{24}$/, 'This link is not valid'),
    email: z.string().max(254).optional(),
  })
  .refine((v) => v.password === v.confirm_password, { message: 'Password and confirm password must be same', path: ['confirm_password'] });
export type CreatePasswordInput = z.infer<typeof CreatePasswordInput>;
