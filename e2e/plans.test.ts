import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_CREDENTIALS } from '../local/simulators/couriers';
import { DESKTOP, expectRefusal, launch, newPage, PHONE, shot } from './support/browser';
import { CONNECTION_FAILED, dropConnection, stillUsable, toastSays } from './support/failures';
import { api, linkFromInbox } from './support/inbox';
import { installNewShop, sim } from './support/shops';

/**
 * Pricing & plans as a merchant uses it: each flow in a store of its own (a cancel deactivates staff
 * and accounts), the charge approved or declined on the Shopify simulator's own approval page.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

interface Store { domain: string; token: string; staffId: string; accountIds: string[] }

/** A new free store with one staff USER and two tracking accounts (the first the default). */
async function newStore(label: string, withStaff = true): Promise<Store> {
  const stamp = `${Date.now() % 1_000_000}`;
  const domain = `plans-${label}-${stamp}.myshopify.com`;
  const token = await installNewShop(domain, `Plans ${label}`, `owner-${label}-${stamp}@dakiya-e2e.pk`);
  let staffId = '';
  if (withStaff) {
    const email = `packer-${label}-${stamp}@dakiya-e2e.pk`;
    const created = await api().call('users.create', {
      token, body: { first_name: 'Kamran', last_name: 'Packer', email, password: 'e2e-staff-pass-2026', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'] },
    });
    await api().call('auth.verifyEmail', { body: { token: (await linkFromInbox(email, '/email-verify')).searchParams.get('token')! } });
    staffId = created.user._id;
  }
  const accountIds: string[] = [];
  for (const [i, name] of ['Main Leopards', 'Spare Leopards'].entries()) {
    const made = await api().call('accounts.create', {
      token, body: { company: 'LEOPARD', account_name: name, weight: 500, city: 'Karachi', is_default: i === 0 ? 'Default' : 'No', ...DEMO_CREDENTIALS.LEOPARD } as never,
    });
    accountIds.push(made.account._id);
  }
  return { domain, token, staffId, accountIds };
}

async function plansPage(store: Store, viewport = DESKTOP): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.addInitScript(`try { window.localStorage.setItem('auth_token', ${JSON.stringify(store.token)}); } catch {}`);
  await page.goto('/dashboard/plans');
  await page.getByTestId('plans-usage').waitFor();
  return page;
}

const currentPlan = (page: Page) => page.locator('[data-current="true"]').getAttribute('data-testid');

/** Upgrade or switch from the card, Yes in the confirmation, and Shopify's approval page opens. */
async function startSubscribe(page: Page, plan: 'MONTHLY' | 'YEARLY') {
  await page.getByTestId(`plan-subscribe-${plan}`).click();
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByTestId('confirm-yes').click();
  await page.waitForURL(/RecurringApplicationCharge\/confirm_recurring_application_charge/);
  await expect.poll(() => page.locator('h1').innerText()).toBe('Approve subscription');
}

async function returnDialog(page: Page): Promise<string> {
  await page.waitForURL(/\/dashboard\/plans\?success=true&charge_id=\d+/);
  await page.getByTestId('plans-return').waitFor();
  // the dialog's opening animation done, so a screenshot shows it as the merchant reads it
  await page.getByTestId('plans-return').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a: { finished: Promise<unknown> }) => a.finished)));
  return page.getByTestId('plans-return-message').innerText();
}

/** The colour of the return dialog's icon. */
const returnTone = (page: Page) => page.getByTestId('plans-return').locator('[data-tone]').getAttribute('data-tone');

async function activity(store: Store) {
  const users = await api().call('users.list', { token: store.token, query: { page: 1, limit: 50 } });
  const staff = 'childrenAccounts' in users ? users.childrenAccounts.find((u) => u._id === store.staffId) : undefined;
  const accounts = await api().call('accounts.list', { token: store.token });
  return {
    staffActive: staff?.is_active,
    accountsActive: store.accountIds.map((id) => !accounts.accounts.find((a) => a._id === id)?.in_active),
  };
}

describe('pricing & plans', () => {
  it('subscribes through the approval page, sees plan and usage, cancels (staff and spare account deactivated), resubscribes with the reactivation choice', async () => {
    const store = await newStore('walk');
    const page = await plansPage(store);
    expect(await currentPlan(page)).toBe('plan-card-FREE');
    expect(await page.getByTestId('plans-usage-count').innerText()).toBe('0 of 5,000');
    await shot(page, 'plans-free-desktop');

    await startSubscribe(page, 'MONTHLY');
    await shot(page, 'plans-shopify-approval');
    await page.locator('#install').click();
    expect(await returnDialog(page)).toBe('You have been successfully subscribed to our PAID plan');
    expect(await returnTone(page)).toBe('success');
    expect(await page.getByTestId('plans-return-plan').count()).toBe(0);
    await shot(page, 'plans-subscribed-dialog');
    await page.getByTestId('plans-return-close').click();
    await expect.poll(() => page.url()).toMatch(/\/dashboard\/plans$/);
    await expect.poll(() => currentPlan(page)).toBe('plan-card-MONTHLY');
    expect(await page.getByTestId('plans-usage-count').innerText()).toBe('0 booked · unlimited on your plan');
    expect(await page.getByTestId('plans-usage').innerText()).toMatch(/The current period ends on \w+ \d+, \d{4}/);
    await shot(page, 'plans-monthly-desktop');

    await page.getByTestId('plan-cancel-MONTHLY').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').innerText()).toContain('Every staff user (admins stay) and every tracking account but the default will be deactivated');
    // what cancelling gives up: the rest of the paid period, to its date
    expect(await page.getByTestId('confirm-dialog').innerText()).toMatch(/You give up the rest of the period you paid for, which runs to \w+ \d+, \d{4}: Shopify does not refund it\./);
    await shot(page, 'plans-cancel-confirm');
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'Your subscription has been cancelled. You are on the free plan now.');
    await expect.poll(() => currentPlan(page)).toBe('plan-card-FREE');
    expect(await activity(store)).toEqual({ staffActive: false, accountsActive: [true, false] });
    await expect.poll(() => page.getByTestId('plans-reactivate').innerText()).toContain('Reactivate 1 staff user');
    expect(await page.getByTestId('plans-reactivate').innerText()).toContain('Reactivate 1 tracking account');
    expect(await page.getByTestId('plans-free-reason').innerText()).toBe('You cancelled your Monthly subscription. Your shop is on the free plan.');
    await shot(page, 'plans-after-cancel');

    // staff back with the new plan; the spare account waits for a hand
    await page.getByTestId('plans-reactivate-users').click();
    await startSubscribe(page, 'YEARLY');
    await page.locator('#install').click();
    expect(await returnDialog(page)).toBe('You have been successfully subscribed to our PAID plan');
    await page.getByTestId('plans-return-close').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-YEARLY');
    expect(await activity(store)).toEqual({ staffActive: true, accountsActive: [true, false] });
    await shot(page, 'plans-yearly-desktop');
  });

  it('a declined switch says the plan stays; a charge frozen at Shopify says why the shop is on FREE, and paid brings the staff back', async () => {
    const store = await newStore('webhook');
    const page = await plansPage(store);
    await startSubscribe(page, 'MONTHLY');
    await page.locator('#install').click();
    await returnDialog(page);
    const monthlyCharge = new URL(page.url()).searchParams.get('charge_id')!;
    await page.getByTestId('plans-return-close').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-MONTHLY');

    await startSubscribe(page, 'YEARLY');
    await page.locator('#cancel').click();
    // the merchant declined it on Shopify: said as that (README, Choices), not as something gone wrong
    expect(await returnDialog(page)).toBe('You declined the charge on Shopify; your shop stays on Monthly');
    expect(await page.getByTestId('plans-return-plan').innerText()).toBe('You are still on the Monthly plan.');
    expect(await returnTone(page)).toBe('warning');
    await shot(page, 'fail-plans-switch-declined');
    await page.getByTestId('plans-return-close').click();
    expect(await currentPlan(page)).toBe('plan-card-MONTHLY');

    await sim(`trigger/app_subscriptions/update`, { shop: store.domain, status: 'FROZEN', id: monthlyCharge });
    await expect.poll(async () => (await api().call('billing.check', { token: store.token })).planId).toBe('FREE');
    await page.getByTestId('plans-refresh').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-FREE');
    expect(await page.getByTestId('plans-free-reason').innerText()).toBe(
      'Shopify froze your Monthly charge (an unpaid bill). Your shop is on the free plan until it is paid in Shopify; the staff and accounts it deactivated come back then.',
    );
    expect(await activity(store)).toEqual({ staffActive: false, accountsActive: [true, false] });
    await shot(page, 'plans-after-frozen');

    // the bill paid in Shopify: the same charge is active again
    const frozen = (await api().call('billing.check', { token: store.token })).freeBecause;
    expect(frozen).toEqual({ reason: 'FROZEN', plan: 'Monthly' });
    await sim(`trigger/app_subscriptions/update`, { shop: store.domain, status: 'ACTIVE', id: monthlyCharge });
    await expect.poll(async () => (await api().call('billing.check', { token: store.token })).planId).toBe('MONTHLY');
    await page.getByTestId('plans-refresh').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-MONTHLY');
    expect(await page.getByTestId('plans-free-reason').count()).toBe(0);
    expect(await activity(store)).toEqual({ staffActive: true, accountsActive: [true, true] });
  });

  it('on a phone: the cards stack and the usage bar stays readable', async () => {
    const store = await newStore('phone', false);
    const page = await plansPage(store, PHONE);
    await stillUsable(page, 'Pricing & plans');
    await shot(page, 'plans-free-phone');
  });
});

describe('pricing & plans when things go wrong', () => {
  it.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('a charge declined on Shopify: the status dialog says the merchant declined it and the plan stays (%s)', async (size, viewport) => {
    const store = await newStore(`decline-${size}`, false);
    const page = await plansPage(store, viewport);
    // the paid cards offer what the paid plans do, the status sync and its order tags included
    const cards = await page.getByTestId('plans-cards').innerText();
    for (const feature of ['Automatic status updates', 'Order tag settings']) expect(cards).toContain(feature);
    expect(cards).toContain('Two-factor authentication');
    expect(cards).toContain('CSV export');
    await shot(page, `plans-cards-${size}`);
    await startSubscribe(page, 'YEARLY');
    await page.locator('#cancel').click();
    expect(await returnDialog(page)).toBe('You declined the charge on Shopify; your shop stays on FREE');
    expect(await page.getByTestId('plans-return-plan').innerText()).toBe('You are still on the free plan.');
    expect(await returnTone(page)).toBe('warning');
    await shot(page, size === 'desktop' ? 'fail-plans-declined' : 'fail-plans-declined-phone');
    await page.getByTestId('plans-return-close').click();
    expect(await currentPlan(page)).toBe('plan-card-FREE');

    // a return naming a charge Shopify does not have as declined (nor active) keeps the spec's words
    await page.goto('/dashboard/plans?success=true&charge_id=123456789');
    expect(await returnDialog(page)).toBe('Something went wrong. Please try again later');
    expect(await page.getByTestId('plans-return-plan').innerText()).toBe('You are still on the free plan.');
  });

  it('subscribe refused: Shopify down, and a plan the page no longer shows; the page stays usable', async () => {
    const store = await newStore('refused', false);
    const page = await plansPage(store);
    await sim('faults', { kind: '503', count: 20 });
    expectRefusal(page, 502, '/subscribe');
    try {
      await page.getByTestId('plan-subscribe-MONTHLY').click();
      await page.getByTestId('confirm-yes').click();
      await toastSays(page, 'Shopify did not answer. Please try again in a moment.');
    } finally {
      await fetch(`${inject('shopifyUrl')}/_fake/faults`, { method: 'DELETE' });
    }
    await shot(page, 'fail-plans-shopify-down');
    await stillUsable(page, 'Pricing & plans');

    // the plan moved in another tab: this page still offers Monthly
    const other = await api().call('billing.subscribe', { token: store.token, query: { users: 'false', accounts: 'false' }, body: { plan: 'MONTHLY' } });
    const approve = new URL(other.confirmationUrl);
    approve.searchParams.set('decision', 'approve');
    await fetch(approve, { redirect: 'manual' });
    expectRefusal(page, 400, '/subscribe');
    await page.getByTestId('plan-subscribe-MONTHLY').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'You are already on this plan');
    await page.getByTestId('plans-refresh').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-MONTHLY');
  });

  it('the connection drops: the page says so with Try again, a subscribe says so, and both work once back', async () => {
    const store = await newStore('offline', false);
    const page = await newPage(browser, DESKTOP);
    await page.addInitScript(`try { window.localStorage.setItem('auth_token', ${JSON.stringify(store.token)}); } catch {}`);
    await page.goto('/dashboard');
    await page.getByTestId('role-badge').waitFor();
    // the shell is loaded; the connection drops before the plans page asks for the plan
    const online = await dropConnection(page);
    await page.getByTestId('nav-plans').click();
    await expect.poll(() => page.getByTestId('plans-error-message').innerText()).toBe(CONNECTION_FAILED);
    await stillUsable(page, 'Pricing & plans');
    await shot(page, 'fail-plans-offline');
    await online();
    await page.getByTestId('plans-error-retry').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-FREE');
    expect(await page.getByTestId('plans-error').count()).toBe(0);

    const again = await dropConnection(page);
    await page.getByTestId('plan-subscribe-MONTHLY').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, CONNECTION_FAILED);
    expect(page.url()).toMatch(/\/dashboard\/plans$/);
    await again();
    await startSubscribe(page, 'MONTHLY');
  });

  it('cancel on a page left open after the plan ended elsewhere is refused with the reason', async () => {
    const store = await newStore('stale', false);
    const page = await plansPage(store);
    await startSubscribe(page, 'MONTHLY');
    await page.locator('#install').click();
    await returnDialog(page);
    await page.getByTestId('plans-return-close').click();
    await expect.poll(() => currentPlan(page)).toBe('plan-card-MONTHLY');
    await api().call('billing.cancel', { token: store.token, body: { id: 'MONTHLY' } });
    expectRefusal(page, 400, '/cancel-subscription');
    await page.getByTestId('plan-cancel-MONTHLY').click();
    await page.getByTestId('confirm-yes').click();
    await toastSays(page, 'You are on the free plan: there is no subscription to cancel');
    await shot(page, 'fail-plans-stale-cancel');
  });
});
