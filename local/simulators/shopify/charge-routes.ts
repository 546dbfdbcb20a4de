import { approveSubscription, setStatus } from './billing';
import { chargePage, messagePage } from './pages';
import { html, redirect, type Reply } from './reply';
import type { ShopRecord, SimState } from './state';
import type { WebhookDispatcher } from './webhooks';

function returnTo(returnUrl: string, chargeId: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('charge_id', chargeId);
  return url.toString();
}

/**
 * GET …/RecurringApplicationCharge/confirm_recurring_application_charge (§3.6). Approve → ACTIVE,
 * the previous plan CANCELLED, back to `returnUrl?charge_id=`. Decline → DECLINED, back to the
 * same URL (the app reads the status). Page, auto-approve or decline like the install consent.
 */
export function confirmCharge(state: SimState, webhooks: WebhookDispatcher, shop: ShopRecord, chargeId: string, url: URL, consentHeader: string | undefined): Reply {
  const sub = shop.subscriptions.find((s) => s.id === chargeId);
  if (!sub || url.searchParams.get('signature') !== sub.signature) {
    return html(404, messagePage('Charge not found', 'This confirmation link is not valid.'));
  }
  state.tick();
  if (sub.status === 'ACTIVE' || sub.status === 'DECLINED') return redirect(returnTo(sub.returnUrl, sub.id));
  if (sub.status !== 'PENDING') {
    return html(410, messagePage('Charge no longer available', `This subscription is ${sub.status.toLowerCase()}.`));
  }
  const mode = state.config.billingConsent;
  const decision = url.searchParams.get('decision') ?? consentHeader ?? (mode === 'auto-approve' ? 'approve' : mode === 'decline' ? 'decline' : null);
  if (decision === 'approve') {
    approveSubscription(state, webhooks, shop, sub);
    return redirect(returnTo(sub.returnUrl, sub.id));
  }
  if (decision === 'decline') {
    setStatus(state, webhooks, shop, sub, 'DECLINED');
    return redirect(returnTo(sub.returnUrl, sub.id));
  }
  const line = sub.lineItems[0];
  return html(
    200,
    chargePage({
      shopName: shop.name,
      name: sub.name,
      price: line ? `${line.currencyCode} ${line.amount}` : '',
      interval: line?.interval ?? 'EVERY_30_DAYS',
      test: sub.test,
      trialDays: sub.trialDays,
      action: url.pathname,
      params: [...url.searchParams.entries()],
    }),
  );
}
