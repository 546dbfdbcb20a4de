import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopifyUserErrors } from '../../../functions/domain/ports/shopify';
import type { ShopifyClient } from '../../../functions/adapters/shopify/graphql';
import { SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
let client: ShopifyClient;
beforeEach(async () => {
  h = await startHarness({ orders: 1, billingConsent: 'page' });
  client = h.client((await h.install()).accessToken);
});
afterEach(() => h.stop());

const monthly = () => ({ name: 'Monthly', returnUrl: `${h.receiver.url}/billing/return`, price: { amount: '10.00', currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' as const, test: true });
const yearly = () => ({ ...monthly(), name: 'Yearly', price: { amount: '99.99', currencyCode: 'USD' }, interval: 'ANNUAL' as const });

describe('billing', () => {
  it('create → confirmation page → approve → ACTIVE → currentSubscriptions → cancel', async () => {
    const { confirmationUrl, subscription } = await client.createSubscription(monthly());
    expect(subscription).toMatchObject({ name: 'Monthly', status: 'PENDING', test: true });
    expect(confirmationUrl).toMatch(/\/admin\/charges\/\d+\/\d+\/RecurringApplicationCharge\/confirm_recurring_application_charge\?signature=/);
    expect(await client.currentSubscriptions()).toEqual([]);

    const page = await fetch(confirmationUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('USD 10.00');

    const approved = await fetch(`${confirmationUrl}&decision=approve`, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location') ?? '');
    expect(back.pathname).toBe('/billing/return');
    expect(`gid://shopify/AppSubscription/${back.searchParams.get('charge_id')}`).toBe(subscription.id);

    const active = await client.currentSubscriptions();
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ id: subscription.id, name: 'Monthly', status: 'ACTIVE', test: true });
    expect(active[0]?.lineItems[0]).toMatchObject({ interval: 'EVERY_30_DAYS', price: { amount: '10.00', currencyCode: 'USD' } });
    expect(active[0]?.lineItems[0]?.id).toMatch(/^gid:\/\/shopify\/AppSubscriptionLineItem\/\d+\?v=1&index=0$/);
    expect(Date.parse(active[0]?.currentPeriodEnd ?? '') - h.sim.control.now()).toBe(30 * 86_400_000);

    await h.sim.control.drainWebhooks();
    const update = h.sim.control.deliveries({ topic: 'app_subscriptions/update' }).map((d) => JSON.parse(d.body) as { app_subscription: { status: string } });
    expect(update.map((u) => u.app_subscription.status)).toEqual(['ACTIVE']);

    expect(await client.cancelSubscription(subscription.id)).toEqual({ id: subscription.id, status: 'CANCELLED' });
    expect(await client.currentSubscriptions()).toEqual([]);
    await expect(client.cancelSubscription(subscription.id)).rejects.toBeInstanceOf(ShopifyUserErrors);
  });

  it('activating a new plan cancels the previous one', async () => {
    h.sim.control.setBillingConsent('auto-approve');
    const first = await client.createSubscription(monthly());
    await fetch(first.confirmationUrl, { redirect: 'manual' });
    const second = await client.createSubscription(yearly());
    await fetch(second.confirmationUrl, { redirect: 'manual' });
    const active = await client.currentSubscriptions();
    expect(active.map((s) => s.name)).toEqual(['Yearly']);
    expect(h.sim.control.shop(SHOP).subscriptions.map((s) => s.status)).toEqual(['CANCELLED', 'ACTIVE']);
  });

  it('decline → DECLINED and back to the return URL; pending for 2 days → EXPIRED', async () => {
    const declined = await client.createSubscription(monthly());
    const response = await fetch(`${declined.confirmationUrl}&decision=decline`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const stale = await client.createSubscription(yearly());
    h.sim.control.advance(2 * 86_400_000 + 1000);
    expect(h.sim.control.shop(SHOP).subscriptions.map((s) => s.status)).toEqual(['DECLINED', 'EXPIRED']);
    expect((await fetch(`${stale.confirmationUrl}&decision=approve`, { redirect: 'manual' })).status).toBe(410);
    // The access token expired during those two days: get a fresh one.
    client = h.client((await h.install()).accessToken);
    expect(await client.currentSubscriptions()).toEqual([]);
  });

  it('validates the input and rejects forged confirmation links', async () => {
    await expect(client.createSubscription({ ...monthly(), price: { amount: '0', currencyCode: 'USD' } })).rejects.toBeInstanceOf(ShopifyUserErrors);
    await expect(client.createSubscription({ ...monthly(), name: ' ' })).rejects.toBeInstanceOf(ShopifyUserErrors);
    const { confirmationUrl } = await client.createSubscription(monthly());
    const forged = confirmationUrl.replace(/signature=\w+/, 'signature=forged');
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(404);
  });
});
