import { ShopifyUserErrors } from '../domain/ports/shopify';
import { withShopify } from '../domain/shopify/calls';
import { chargeIdOf, subscriptionInput } from '../domain/billing/shopify-plans';
import { AppError } from '../ground/errors';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';

/**
 * Creates the Shopify recurring charge of the plan and answers where the merchant approves it. The
 * plan does not change here: only Shopify's answer after the approval (the return's check or the
 * `app_subscriptions/update` webhook) changes it. The page's choices wait on the shop with the charge.
 */
export const subscribe: Operation<'billing.subscribe'> = async ({ query, body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  if (shop.plan === body.plan) throw new AppError('ALREADY_SUBSCRIBED', { param: 'plan' });
  // Shopify adds charge_id; the page checks with Shopify, `success` only says the merchant came back
  const returnUrl = `${deps.env.APP_URL}/dashboard/plans?success=true`;
  const created = await withShopify(async () => {
    try {
      return await deps.shopifyFor(shop).createSubscription(subscriptionInput(body.plan, returnUrl, deps.env.SHOPIFY_BILLING_TEST));
    } catch (error) {
      if (error instanceof ShopifyUserErrors) {
        ctx.log.warn('Shopify refused the subscription', { shopId: shop._id, userErrors: error.userErrors });
        throw new AppError('SUBSCRIPTION_REFUSED', { msg: `Shopify did not accept the subscription: ${error.userErrors.map((e) => e.message).join('; ')}` });
      }
      throw error;
    }
  });
  await deps.billing.setPendingCharge(shop._id, {
    id: chargeIdOf(created.subscription.id), plan: body.plan, users: query.users, accounts: query.accounts, createdAt: ctx.now.toISOString(),
  });
  return { confirmationUrl: created.confirmationUrl };
};
