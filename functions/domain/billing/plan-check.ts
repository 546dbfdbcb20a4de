import { LIMITS, type PlanId } from '@dakiya/shared';
import type { ShopRecord } from '../records';
import { AppError } from '../../ground/errors';

/**
 * The one plan check. `shop.plan` is written only from what Shopify says (the check of its active
 * subscriptions after a return, a cancel or an `app_subscriptions/update` webhook), so every gate
 * (paid-only routes, two-factor set-up, order tags, CSV export, automatic sync, the free plan's
 * users, accounts and orders) reads it here and nowhere else.
 */
export function isPaid(shop: Pick<ShopRecord, 'plan'>): boolean {
  return shop.plan === 'MONTHLY' || shop.plan === 'YEARLY';
}

/** A paid-plan feature: the free plan gets PLAN_FEATURE. */
export function requirePaid(shop: Pick<ShopRecord, 'plan'>): void {
  if (!isPaid(shop)) throw new AppError('PLAN_FEATURE');
}

export type Counted = 'orders' | 'users' | 'accounts';

/** The free plan's ceiling of a counted thing; undefined on a paid plan (unlimited). */
export function planLimit(shop: Pick<ShopRecord, 'plan'>, what: Counted): number | undefined {
  if (isPaid(shop)) return undefined;
  switch (what) {
    case 'orders': return LIMITS.freeOrdersPerMonth;
    case 'users': return LIMITS.freeUserAccounts;
    case 'accounts': return LIMITS.freeTrackingAccounts;
  }
}

export const PAID_PLANS: readonly PlanId[] = ['MONTHLY', 'YEARLY'];
