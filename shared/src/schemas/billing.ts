import { z } from '../zod';
import { PlanId } from '../plans';

export const PaidPlanId = z.enum(['MONTHLY', 'YEARLY'], { error: 'Choose the Monthly or the Yearly plan' });
export type PaidPlanId = z.infer<typeof PaidPlanId>;

/** A query flag as the plans page sends it: `true` or `false`, absent = false. */
const Flag = z.enum(['true', 'false'], { error: 'Send true or false' }).default('false').transform((value) => value === 'true');

/**
 * `subscribe?users=&accounts=`: the two choices of the plans page (off by default). On subscribing,
 * they reactivate the staff users and the tracking accounts the last downgrade to FREE deactivated.
 */
export const SubscribeQuery = z.object({ users: Flag, accounts: Flag });
export type SubscribeQuery = z.infer<typeof SubscribeQuery>;

export const SubscribeInput = z.object({ plan: PaidPlanId }).strict();
export type SubscribeInput = z.infer<typeof SubscribeInput>;

export const SubscribeOutput = z.object({ confirmationUrl: z.string().url() });
export type SubscribeOutput = z.infer<typeof SubscribeOutput>;

/** Shopify's numeric charge id, which it appends to the return URL (`charge_id`). */
export const ChargeId = z.string().regex(/^\d{1,20}$/, 'Invalid charge id');

export const CheckSubscriptionQuery = z.object({ charge_id: ChargeId.optional() });
export type CheckSubscriptionQuery = z.infer<typeof CheckSubscriptionQuery>;

/**
 * Why a shop is on FREE after a paid plan: the merchant cancelled on the plans page, or Shopify froze
 * (an unpaid bill), declined, expired or cancelled the charge; ENDED when Shopify no longer lists it
 * and nothing said why.
 */
export const FreeReason = z.enum(['CANCELLED_BY_MERCHANT', 'FROZEN', 'DECLINED', 'EXPIRED', 'CANCELLED', 'ENDED']);
export type FreeReason = z.infer<typeof FreeReason>;

/** Spec 000 §3 Subscription status, plus the month's usage and what the last downgrade deactivated. */
export const SubscriptionStatus = z.object({
  subscribed: z.boolean(),
  /** The plan's title ('Basic', 'Monthly', 'Yearly'). */
  plan: z.string(),
  planId: PlanId,
  /** When the paid period ends (Shopify's currentPeriodEnd); null on FREE. */
  expiry: z.string().nullable(),
  /** Orders counted this month, in the shop's time zone. */
  orders: z.number().int(),
  /** The monthly allowance (FREE: 5000); null when unlimited. */
  ordersLimit: z.number().int().nullable(),
  month: z.string(),
  /** The store the subscription bills. */
  subscriber: z.string(),
  /** Staff users and tracking accounts moves to FREE deactivated that are still inactive (what the subscribe choices reactivate). */
  deactivated: z.object({ users: z.number().int(), accounts: z.number().int() }),
  /** On FREE after a paid plan: why, and the title of the plan whose charge ended. */
  freeBecause: z.object({ reason: FreeReason, plan: z.string() }).optional(),
  /**
   * With `charge_id`: whether Shopify now has that charge as the shop's active subscription, and, when it
   * does not, `declined: true` if Shopify says the merchant declined it on the approval page.
   */
  charge: z.object({ id: z.string(), approved: z.boolean(), declined: z.literal(true).optional() }).optional(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Spec 000 §7: `id, name` of the plan being cancelled (a page showing an older plan cannot cancel a newer one). */
export const CancelSubscriptionInput = z.object({ id: PaidPlanId, name: z.string().max(50).optional() }).strict();
export type CancelSubscriptionInput = z.infer<typeof CancelSubscriptionInput>;

export const CancelSubscriptionOutput = z.object({ msg: z.string(), status: SubscriptionStatus });
export type CancelSubscriptionOutput = z.infer<typeof CancelSubscriptionOutput>;
