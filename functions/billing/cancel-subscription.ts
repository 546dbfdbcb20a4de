import { ShopifyUserErrors } from '../domain/ports/shopify';
import { isPaid } from '../domain/billing/plan-check';
import { reconcilePlan } from '../domain/billing/reconcile';
import { subscriptionStatus } from '../domain/billing/status';
import { withShopify } from '../domain/shopify/calls';
import { AppError } from '../ground/errors';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';

/**
 * Cancels the paid plan at Shopify (appSubscriptionCancel, not prorated), then reads the plan back
 * from Shopify: the move to FREE deactivates staff users and the non-default accounts.
 */
export const cancelSubscription: Operation<'billing.cancel'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  if (!isPaid(shop)) throw new AppError('NOT_SUBSCRIBED');
  // a page still showing another plan (changed in another tab, or by Shopify) must not cancel this one
  if (body.id !== shop.plan) throw new AppError('VALIDATION_FAILED', { msg: 'This is no longer your plan. Reload the page.', param: 'id' });
  let subscriptionId = shop.subscription?.id;
  if (!subscriptionId) subscriptionId = (await reconcilePlan(shop, deps, ctx.log)).activeChargeId;
  if (subscriptionId) {
    const id = subscriptionId;
    await withShopify(async () => {
      try {
        await deps.shopifyFor(shop).cancelSubscription(id, false);
      } catch (error) {
        // already cancelled or gone at Shopify: the check below reads what is true
        if (!(error instanceof ShopifyUserErrors)) throw error;
        ctx.log.warn('Shopify refused the cancel', { shopId: shop._id, userErrors: error.userErrors });
      }
    });
  }
  const { shop: current } = await reconcilePlan(shop, deps, ctx.log, { cause: 'CANCELLED_BY_MERCHANT' });
  if (isPaid(current)) throw new AppError('SHOPIFY_UNAVAILABLE', { msg: 'Shopify still shows your subscription as active. Please try again in a moment.' });
  // the cancel's own webhook may have moved the shop first, as Shopify's cancel: it was the merchant's
  if (subscriptionId) await deps.billing.setDowngradeReason(shop._id, subscriptionId, 'CANCELLED_BY_MERCHANT');
  return { msg: 'Your subscription has been cancelled. You are on the free plan now.', status: await subscriptionStatus(current, deps) };
};
