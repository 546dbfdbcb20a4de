import { ChargeId, LIMITS, PLANS, type PlanId, type SubscriptionStatus } from '@dakiya/shared';
import { formatDate } from '../../lib/format';

export type Plan = (typeof PLANS)[number];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Spec 000 §9: the usage bar is orders divided by 5000, capped at a full bar. */
export function usagePercent(orders: number): number {
  return Math.min(100, Math.round((orders / LIMITS.freeOrdersPerMonth) * 1000) / 10);
}

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name && year ? `${name} ${year}` : month;
}

export function priceLabel(plan: Plan): { amount: string; period: string } {
  if (plan.id === 'FREE') return { amount: '$0', period: 'free forever' };
  return { amount: `$${plan.price}`, period: plan.id === 'YEARLY' ? 'per year' : 'per month' };
}

/**
 * What a plan's card offers: the current one says so (a paid one can be cancelled), a paid plan
 * the shop is not on can be subscribed to (from FREE) or switched to (from the other paid plan).
 */
export type CardAction = 'current' | 'cancel' | 'subscribe' | 'switch' | 'none' | 'unknown';

export function cardAction(plan: PlanId, current: PlanId | undefined): CardAction {
  // the plan could not be read: no card offers anything it might not mean
  if (!current) return 'unknown';
  if (plan === current) return plan === 'FREE' ? 'current' : 'cancel';
  if (plan === 'FREE') return 'none';
  return current === 'FREE' ? 'subscribe' : 'switch';
}

/** The return from Shopify's approval page (`?success=true&charge_id=`): only the check says whether it worked. */
export interface ReturnParams {
  success: boolean;
  chargeId?: string;
}

export function returnParams(search: URLSearchParams): ReturnParams | null {
  const success = search.get('success');
  if (success !== 'true' && success !== 'false') return null;
  const chargeId = search.get('charge_id') ?? undefined;
  return { success: success === 'true', chargeId: chargeId && ChargeId.safeParse(chargeId).success ? chargeId : undefined };
}

export const SUBSCRIBED_MESSAGE = 'You have been successfully subscribed to our PAID plan';
export const RETURN_FAILED_MESSAGE = 'Something went wrong. Please try again later';

/**
 * The status dialog after the return: subscribed only when Shopify has the charge as the active
 * subscription; declined when Shopify says the merchant declined that charge; otherwise failed.
 */
export function returnOutcome(params: ReturnParams, status: Pick<SubscriptionStatus, 'charge'>): 'subscribed' | 'declined' | 'failed' {
  const ours = !!params.chargeId && status.charge?.id === params.chargeId;
  if (params.success && ours && status.charge!.approved) return 'subscribed';
  return ours && status.charge!.declined ? 'declined' : 'failed';
}

/** A charge the merchant declined on Shopify's approval page (README, Choices): said as that, not as a failure. */
export function declinedMessage(status: Pick<SubscriptionStatus, 'planId' | 'plan'>): string {
  return `You declined the charge on Shopify; your shop stays on ${status.planId === 'FREE' ? 'FREE' : status.plan}`;
}

/** The cancel dialog: what the merchant gives up, the paid period to its end date included. */
export function cancelMessage(expiry: string | null, timeZone?: string): string {
  const period = expiry ? ` You give up the rest of the period you paid for, which runs to ${formatDate(expiry, { timeZone })}: Shopify does not refund it.` : '';
  return `You go back to the free plan now.${period} Every staff user (admins stay) and every tracking account but the default will be deactivated. You can reactivate them by hand, or when you subscribe again.`;
}

/** The line under the failure message: the plan the check says the shop is still on. */
export function stillOnMessage(status: Pick<SubscriptionStatus, 'planId' | 'plan'>): string {
  return status.planId === 'FREE' ? 'You are still on the free plan.' : `You are still on the ${status.plan} plan.`;
}

/** Why the shop is on FREE after a paid plan, as the plans page says it; null when it never paid. */
export function freeReasonMessage(status: Pick<SubscriptionStatus, 'subscribed' | 'freeBecause'>): string | null {
  if (status.subscribed || !status.freeBecause) return null;
  const { reason, plan } = status.freeBecause;
  switch (reason) {
    case 'CANCELLED_BY_MERCHANT': return `You cancelled your ${plan} subscription. Your shop is on the free plan.`;
    case 'FROZEN': return `Shopify froze your ${plan} charge (an unpaid bill). Your shop is on the free plan until it is paid in Shopify; the staff and accounts it deactivated come back then.`;
    case 'DECLINED': return `Your ${plan} charge was declined in Shopify. Your shop is on the free plan.`;
    case 'EXPIRED': return `Your ${plan} charge expired in Shopify. Your shop is on the free plan.`;
    case 'CANCELLED': return `Your ${plan} charge was cancelled in Shopify. Your shop is on the free plan.`;
    case 'ENDED': return `Your ${plan} charge ended in Shopify. Your shop is on the free plan.`;
  }
}
