import * as doc from '../documents';
import type { GraphqlRequester } from '../requester';
import { ShopifyError, type ShopifyAdmin, type ShopifySubscriptionRef, type UserError } from '../../../domain/ports/shopify';
import { toGid } from './ids';
import { payload } from './payload';
import type { RawSubscription } from './shapes';

/** The app's own charges: subscribe, cancel, and what is active now. */
export function billingOperations(client: GraphqlRequester): Pick<ShopifyAdmin, 'createSubscription' | 'cancelSubscription' | 'currentSubscriptions' | 'subscriptionStatus'> {
  return {
    async createSubscription(input) {
      const data = await client.request<{
        appSubscriptionCreate: { appSubscription: ShopifySubscriptionRef | null; confirmationUrl: string | null; userErrors: UserError[] };
      }>(doc.SUBSCRIPTION_CREATE, {
        name: input.name,
        returnUrl: input.returnUrl,
        test: input.test ?? null,
        trialDays: input.trialDays ?? null,
        replacementBehavior: input.replacementBehavior ?? null,
        lineItems: [{ plan: { appRecurringPricingDetails: { price: input.price, interval: input.interval } } }],
      });
      const result = data.appSubscriptionCreate;
      const subscription = payload('appSubscriptionCreate', result.userErrors, result.appSubscription);
      if (!result.confirmationUrl) throw new ShopifyError('BAD_RESPONSE', 'appSubscriptionCreate returned no confirmationUrl');
      return { confirmationUrl: result.confirmationUrl, subscription };
    },

    async cancelSubscription(id, prorate = false) {
      const data = await client.request<{
        appSubscriptionCancel: { appSubscription: { id: string; status: string } | null; userErrors: UserError[] };
      }>(doc.SUBSCRIPTION_CANCEL, { id: toGid('AppSubscription', id), prorate });
      return payload('appSubscriptionCancel', data.appSubscriptionCancel.userErrors, data.appSubscriptionCancel.appSubscription);
    },

    async subscriptionStatus(id) {
      const data = await client.request<{ node: { status?: string } | null }>(doc.SUBSCRIPTION_STATUS, { id: toGid('AppSubscription', id) });
      return data.node?.status ?? null;
    },

    async currentSubscriptions() {
      const data = await client.request<{ currentAppInstallation: { activeSubscriptions: RawSubscription[] } }>(doc.CURRENT_PLAN);
      return data.currentAppInstallation.activeSubscriptions.map((s) => ({
        id: s.id,
        name: s.name,
        status: s.status,
        test: s.test,
        trialDays: s.trialDays,
        createdAt: s.createdAt,
        currentPeriodEnd: s.currentPeriodEnd,
        lineItems: s.lineItems.map((li) => {
          const details = li.plan.pricingDetails;
          return {
            id: li.id,
            interval: details.__typename === 'AppRecurringPricing' ? (details.interval ?? null) : null,
            price: details.__typename === 'AppRecurringPricing' ? (details.price ?? null) : null,
          };
        }),
      }));
    },
  };
}
