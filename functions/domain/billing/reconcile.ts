import type { ShopifySubscription } from '../ports/shopify';
import type { Deps } from '../ports/deps';
import type { Log } from '../../ground/log';
import { withShopify } from '../shopify/calls';
import type { FreeReason, ShopRecord, SubscriptionState } from '../records';
import { isPaid } from './plan-check';
import { chargeIdOf, planOfSubscription } from './shopify-plans';
import { deactivateForFree, reactivateAfterShopify, reactivateChosen } from './downgrade';

export interface Reconciled {
  shop: ShopRecord;
  /** Shopify's active subscription, when one pays for a plan. */
  activeChargeId?: string;
}

/** What the caller knows of why a charge ended: the merchant's cancel, or a webhook's body. */
export interface EndHint {
  cause?: 'CANCELLED_BY_MERCHANT';
  /** The `app_subscriptions/update` body: the charge and the status it reported. */
  reported?: { id: string; status: string };
}

const SHOPIFY_ENDS: readonly string[] = ['FROZEN', 'DECLINED', 'EXPIRED', 'CANCELLED'];

/**
 * Why the paid charge no longer pays: the merchant's cancel; FROZEN while Shopify still lists it;
 * otherwise what a webhook reported of that charge, or ENDED when nothing says.
 */
function endReason(shop: ShopRecord, subscriptions: ShopifySubscription[], hint: EndHint): FreeReason {
  if (hint.cause) return hint.cause;
  const endedId = shop.subscription?.id;
  const listed = subscriptions.find((sub) => chargeIdOf(sub.id) === endedId);
  if (listed && SHOPIFY_ENDS.includes(listed.status)) return listed.status as FreeReason;
  if (!listed && hint.reported && chargeIdOf(hint.reported.id) === endedId && SHOPIFY_ENDS.includes(hint.reported.status)) {
    return hint.reported.status as FreeReason;
  }
  return 'ENDED';
}

/**
 * The plan is what Shopify says. Reads the shop's active subscriptions and moves the shop's plan to
 * match; the move is conditional on the plan it read, so of a webhook and a page's check racing,
 * one moves the shop and runs what the move means: a move to FREE deactivates staff users and the
 * non-default accounts (spec 000 §4), a move to a paid plan from FREE applies the choices subscribe
 * recorded for that charge. A move between paid plans changes nothing else.
 */
export async function reconcilePlan(shop: ShopRecord, deps: Deps, log: Log, hint: EndHint = {}): Promise<Reconciled> {
  const subscriptions = await withShopify(() => deps.shopifyFor(shop).currentSubscriptions());
  const testCharges = deps.env.SHOPIFY_BILLING_TEST;
  const active = subscriptions.find((sub) => planOfSubscription(sub, testCharges));
  const plan = active ? planOfSubscription(active, testCharges)! : 'FREE';
  const now = deps.now().toISOString();
  const subscription: SubscriptionState | undefined = active
    ? { id: chargeIdOf(active.id), name: active.name, status: active.status, currentPeriodEnd: active.currentPeriodEnd, checkedAt: now }
    : undefined;
  const unchanged = shop.plan === plan && shop.subscription?.id === subscription?.id
    && shop.subscription?.currentPeriodEnd === subscription?.currentPeriodEnd && shop.subscription?.status === subscription?.status;
  if (unchanged) return { shop, activeChargeId: subscription?.id };

  const wasPaid = isPaid(shop);
  // the downgrade runs first and is idempotent: a Lambda cut short after it leaves the shop paid, and the next check finishes the move
  if (wasPaid && plan === 'FREE') await deactivateForFree(shop, endReason(shop, subscriptions, hint), deps, log);
  const moved = await deps.billing.switchPlan(shop._id, shop.plan, plan, subscription, now);
  if (!moved) {
    // another check moved the shop first and ran the move's work; answer what it wrote
    const current = (await deps.shops.get(shop._id)) ?? shop;
    return { shop: current, activeChargeId: subscription?.id };
  }
  const next: ShopRecord = { ...shop, plan, subscription, updatedAt: now };
  log.info('plan changed by Shopify', { shopId: shop._id, from: shop.plan, to: plan });
  if (!wasPaid && plan !== 'FREE' && subscription && shop.pendingCharge?.id === subscription.id) {
    await reactivateChosen(shop, shop.pendingCharge, deps);
  }
  // the charge Shopify froze is paid: what its move deactivated comes back (never after the merchant's cancel)
  if (!wasPaid && plan !== 'FREE' && subscription) await reactivateAfterShopify(shop, subscription.id, deps, log);
  if (subscription && shop.pendingCharge?.id === subscription.id) {
    await deps.billing.setPendingCharge(shop._id, undefined);
    delete next.pendingCharge;
  }
  return { shop: next, activeChargeId: subscription?.id };
}
