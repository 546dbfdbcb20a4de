import { z } from 'zod';
import { SessionUser } from './user';

export const LoginInput = z.object({
  email: z
    .string({ error: 'Email is required or invalid' })
    .trim()
    .toLowerCase()
    .max(254, 'Email is required or invalid')
    .pipe(z.email({ error: 'Email is required or invalid' })),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const LoginOutput = z.object({
  auth_token: z.string(),
  two_factor_await: z.boolean(),
});
export type LoginOutput = z.infer<typeof LoginOutput>;

export const MeOutput = z.object({ data: SessionUser });
export type MeOutput = z.infer<typeof MeOutput>;
