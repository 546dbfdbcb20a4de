import { reconcilePlan } from '../domain/billing/reconcile';
import { subscriptionStatus } from '../domain/billing/status';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';

/** Asks Shopify for the shop's active subscription, moves the plan to match, and answers the status. */
export const checkSubscription: Operation<'billing.check'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const { shop: current, activeChargeId } = await reconcilePlan(shop, deps, ctx.log);
  const status = await subscriptionStatus(current, deps);
  return query.charge_id ? { ...status, charge: { id: query.charge_id, approved: activeChargeId === query.charge_id } } : status;
};
