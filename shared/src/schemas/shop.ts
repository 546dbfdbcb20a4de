import { z } from '../zod';
import { ObjectId } from './common';
import { PlanId } from '../plans';

export const ShopSummary = z.object({
  name: z.string(),
  domain: z.string(),
  iana_time_zone: z.string(),
  currency: z.string(),
});
export type ShopSummary = z.infer<typeof ShopSummary>;

export const ShopStatus = z.enum(['ACTIVE', 'OFF']);
export type ShopStatus = z.infer<typeof ShopStatus>;

export const Shop = ShopSummary.extend({
  _id: ObjectId,
  status: ShopStatus,
  plan: PlanId,
  email: z.string(),
  installedAt: z.string(),
});
export type Shop = z.infer<typeof Shop>;
