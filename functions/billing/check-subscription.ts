import { reconcilePlan } from '../domain/billing/reconcile';
import { subscriptionStatus } from '../domain/billing/status';
import { withShopify } from '../domain/shopify/calls';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';

/**
 * Asks Shopify for the shop's active subscription, moves the plan to match, and answers the status; with
 * `charge_id` (the return from Shopify's approval page), whether that charge is active or was declined.
 */
export const checkSubscription: Operation<'billing.check'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const { shop: current, activeChargeId } = await reconcilePlan(shop, deps, ctx.log);
  const status = await subscriptionStatus(current, deps);
  if (!query.charge_id) return status;
  const approved = activeChargeId === query.charge_id;
  // a charge the merchant declined on Shopify's page: the plans page says so instead of "something went wrong"
  const declined = !approved && (await withShopify(() => deps.shopifyFor(shop).subscriptionStatus(query.charge_id!))) === 'DECLINED';
  return { ...status, charge: { id: query.charge_id, approved, ...(declined ? { declined: true as const } : {}) } };
};
