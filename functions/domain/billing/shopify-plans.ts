import { PLANS, type PlanId } from '@dakiya/shared';
import type { CreateSubscriptionInput, ShopifySubscription } from '../ports/shopify';

/**
 * A paid plan is one Shopify recurring subscription (reference/shopify.md §3.6), named after the
 * plan: the name is how an active subscription is read back as a plan.
 */
const SHOPIFY_PLANS = {
  MONTHLY: { name: 'Dakiya Monthly', amount: '10.00', interval: 'EVERY_30_DAYS' },
  YEARLY: { name: 'Dakiya Yearly', amount: '99.99', interval: 'ANNUAL' },
} as const;

export type PaidPlan = keyof typeof SHOPIFY_PLANS;

export function subscriptionInput(plan: PaidPlan, returnUrl: string, test: boolean): CreateSubscriptionInput {
  const def = SHOPIFY_PLANS[plan];
  return { name: def.name, returnUrl, test, price: { amount: def.amount, currencyCode: 'USD' }, interval: def.interval };
}

/** The plan an active subscription pays for; undefined for one that is not ours, or a test charge where test charges do not count. */
export function planOfSubscription(sub: Pick<ShopifySubscription, 'name' | 'status' | 'test'>, testCharges: boolean): PaidPlan | undefined {
  // FROZEN (unpaid) still shows in activeSubscriptions: it pays for nothing
  if (sub.status !== 'ACTIVE' || (sub.test && !testCharges)) return undefined;
  return (Object.keys(SHOPIFY_PLANS) as PaidPlan[]).find((plan) => SHOPIFY_PLANS[plan].name === sub.name);
}

export function planTitle(plan: PlanId): string {
  return PLANS.find((p) => p.id === plan)?.title ?? plan;
}

/** `gid://shopify/AppSubscription/123` → `123` (the id Shopify appends to the return URL). */
export function chargeIdOf(id: string): string {
  return /\/(\d+)(?:\?.*)?$/.exec(id)?.[1] ?? id;
}
