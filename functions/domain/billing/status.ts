import { LIMITS, type SubscriptionStatus } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { DowngradeRecord, ShopRecord } from '../records';
import { isPaid } from './plan-check';
import { planTitle } from './shopify-plans';
import { monthlyUsage } from './usage';

/** The plans page's status: the plan as last read from Shopify, this month's orders and what a subscribe could reactivate. */
export async function subscriptionStatus(shop: ShopRecord, deps: Deps): Promise<SubscriptionStatus> {
  const month = monthlyUsage(deps.usage).monthOf(shop, deps.now());
  const [orders, downgrade] = await Promise.all([monthlyUsage(deps.usage).read(shop, month), deps.billing.getDowngrade(shop._id)]);
  const paid = isPaid(shop);
  const deactivated = downgrade ? await stillDeactivated(shop, downgrade, deps) : { users: 0, accounts: 0 };
  return {
    subscribed: paid,
    plan: planTitle(shop.plan),
    planId: shop.plan,
    expiry: paid ? (shop.subscription?.currentPeriodEnd ?? null) : null,
    orders,
    ordersLimit: paid ? null : LIMITS.freeOrdersPerMonth,
    month,
    subscriber: shop.name,
    deactivated,
    ...(!paid && downgrade?.reason && downgrade.endedPlan ? { freeBecause: { reason: downgrade.reason, plan: planTitle(downgrade.endedPlan) } } : {}),
  };
}

/** What moves to FREE deactivated and is still inactive (one reactivated by hand, or deleted, is not offered). */
async function stillDeactivated(shop: ShopRecord, downgrade: DowngradeRecord, deps: Deps): Promise<{ users: number; accounts: number }> {
  if (!downgrade.userIds.length && !downgrade.accountIds.length) return { users: 0, accounts: 0 };
  const [staff, accounts] = await Promise.all([deps.members.listOfShop(shop._id), deps.accounts.listOfShop(shop._id)]);
  const inactiveUsers = new Set(staff.filter((u) => !u.is_active).map((u) => u._id));
  const inactiveAccounts = new Set(accounts.filter((a) => a.in_active).map((a) => a._id));
  return {
    users: downgrade.userIds.filter((id) => inactiveUsers.has(id)).length,
    accounts: downgrade.accountIds.filter((id) => inactiveAccounts.has(id)).length,
  };
}
