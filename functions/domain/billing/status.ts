import { LIMITS, type SubscriptionStatus } from '@dakiya/shared';
import type { Deps } from '../../platform/deps';
import type { ShopRecord } from '../records';
import { isPaid } from './plan-check';
import { planTitle } from './shopify-plans';

/** The plans page's status: the plan as last read from Shopify, this month's orders and what a subscribe could reactivate. */
export async function subscriptionStatus(shop: ShopRecord, deps: Deps): Promise<SubscriptionStatus> {
  const month = deps.usage.monthOf(shop, deps.now());
  const [orders, downgrade] = await Promise.all([deps.usage.read(shop, month), deps.billing.getDowngrade(shop._id)]);
  const paid = isPaid(shop);
  return {
    subscribed: paid,
    plan: planTitle(shop.plan),
    planId: shop.plan,
    expiry: paid ? (shop.subscription?.currentPeriodEnd ?? null) : null,
    orders,
    ordersLimit: paid ? null : LIMITS.freeOrdersPerMonth,
    month,
    subscriber: shop.name,
    deactivated: { users: downgrade?.userIds.length ?? 0, accounts: downgrade?.accountIds.length ?? 0 },
  };
}
