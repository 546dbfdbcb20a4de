import { z } from '../zod';
import { ObjectId } from './common';
import { Role, Scope } from '../scopes';
import { ShopSummary } from './shop';

/** A staff user account as the API returns it: never a password hash or a secret. */
export const User = z.object({
  _id: ObjectId,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: Role,
  tag: z.string(),
  access_scopes: z.array(Scope),
  is_active: z.boolean(),
  is_verified_user: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** The person who installed Dakiya for the shop: always an ADMIN, and only they change their own details. */
  is_owner: z.boolean(),
  createdAt: z.string(),
  province: z.string().optional(),
  address: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
});
export type User = z.infer<typeof User>;

export const SessionUser = User.extend({ shop: ShopSummary });
export type SessionUser = z.infer<typeof SessionUser>;
