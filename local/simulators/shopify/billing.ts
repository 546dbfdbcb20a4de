import type { GqlContext } from './context';
import { hex } from './crypto';
import { gid, parseGid } from './gid';
import { restSubscription } from './rest-payloads';
import type { SubscriptionRecord } from './records';
import type { SimState, ShopRecord } from './state';
import { subscriptionView } from './views';
import type { WebhookDispatcher } from './webhooks';

interface LineItemInput {
  plan: {
    appRecurringPricingDetails?: { price: { amount: string; currencyCode: string }; interval?: 'EVERY_30_DAYS' | 'ANNUAL' | null } | null;
    appUsagePricingDetails?: unknown;
  };
}

type UserError = { field: string[]; message: string };
const refuse = (field: string[], message: string) => ({ appSubscription: null, confirmationUrl: null, userErrors: [{ field, message }] as UserError[] });

/** appSubscriptionCreate (§3.6): a PENDING subscription and the URL where the merchant approves it. */
export function appSubscriptionCreate(
  ctx: GqlContext,
  args: { name: string; lineItems: LineItemInput[]; returnUrl: string; test?: boolean | null; trialDays?: number | null; replacementBehavior?: string | null },
) {
  if (!args.name.trim()) return refuse(['name'], "Name can't be blank");
  try {
    const url = new URL(args.returnUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
  } catch {
    return refuse(['returnUrl'], 'Return url is invalid');
  }
  if (args.lineItems.length === 0) return refuse(['lineItems'], 'Line items must not be empty');
  const recurring = args.lineItems.filter((li) => li.plan.appRecurringPricingDetails);
  if (recurring.length !== 1 || args.lineItems.length > 1) {
    return refuse(['lineItems'], 'A subscription needs exactly one recurring line item');
  }
  const details = recurring[0]?.plan.appRecurringPricingDetails as NonNullable<LineItemInput['plan']['appRecurringPricingDetails']>;
  const amount = Number(details.price.amount);
  if (!Number.isFinite(amount) || amount <= 0) return refuse(['lineItems', '0', 'plan', 'appRecurringPricingDetails', 'price', 'amount'], 'Price must be greater than 0');
  if ((args.trialDays ?? 0) < 0) return refuse(['trialDays'], 'Trial days must be greater than or equal to 0');
  const now = ctx.state.clock.iso();
  const sub: SubscriptionRecord = {
    id: ctx.state.ids.id('AppSubscription'),
    name: args.name,
    status: 'PENDING',
    test: Boolean(args.test),
    trialDays: args.trialDays ?? 0,
    createdAt: now,
    updatedAt: now,
    currentPeriodEnd: null,
    returnUrl: args.returnUrl,
    replacementBehavior: args.replacementBehavior ?? 'STANDARD',
    lineItems: [{ id: ctx.state.ids.id('AppSubscriptionLineItem'), interval: details.interval ?? 'EVERY_30_DAYS', amount: details.price.amount, currencyCode: details.price.currencyCode }],
    signature: hex(16),
  };
  ctx.shop.subscriptions.push(sub);
  const confirmationUrl = `${ctx.shopBaseUrl}/admin/charges/${ctx.state.config.appId}/${sub.id}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=${sub.signature}`;
  return { appSubscription: subscriptionView(sub), confirmationUrl, userErrors: [] };
}

export function appSubscriptionCancel(ctx: GqlContext, args: { id: string; prorate?: boolean | null }) {
  const parsed = parseGid(args.id);
  const sub = parsed?.type === 'AppSubscription' ? ctx.shop.subscriptions.find((s) => s.id === parsed.id) : undefined;
  if (!sub) return { appSubscription: null, userErrors: [{ field: ['id'], message: "Couldn't find RecurringApplicationCharge" }] };
  if (sub.status !== 'ACTIVE' && sub.status !== 'FROZEN' && sub.status !== 'PENDING') {
    return { appSubscription: null, userErrors: [{ field: ['id'], message: `Subscription cannot be cancelled (status ${sub.status})` }] };
  }
  setStatus(ctx.state, ctx.webhooks, ctx.shop, sub, 'CANCELLED');
  return { appSubscription: subscriptionView(sub), userErrors: [] };
}

export function setStatus(state: SimState, webhooks: WebhookDispatcher, shop: ShopRecord, sub: SubscriptionRecord, status: SubscriptionRecord['status']): void {
  sub.status = status;
  sub.updatedAt = state.clock.iso();
  webhooks.enqueue(shop.domain, 'app_subscriptions/update', restSubscription(shop, sub));
}

/** Merchant approved: ACTIVE, and the subscription it replaces is CANCELLED (§3.6). */
export function approveSubscription(state: SimState, webhooks: WebhookDispatcher, shop: ShopRecord, sub: SubscriptionRecord): void {
  for (const other of shop.subscriptions) {
    if (other !== sub && other.status === 'ACTIVE') setStatus(state, webhooks, shop, other, 'CANCELLED');
  }
  const now = state.clock.now();
  const days = (sub.lineItems[0]?.interval === 'ANNUAL' ? 365 : 30) + sub.trialDays;
  sub.currentPeriodEnd = state.clock.iso(now + days * 86_400_000);
  setStatus(state, webhooks, shop, sub, 'ACTIVE');
}

export function subscriptionGid(sub: SubscriptionRecord): string {
  return gid('AppSubscription', sub.id);
}
