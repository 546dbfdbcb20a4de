import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { connectShop, decideCharge, shopifyTestEnv, startTestShopify, subscribeShop } from '../test-support/shopify-shops';
import type { ShopifySim } from '../../local/simulators/shopify';
import type { ShopRecord } from '../domain/records';
import { deactivateForFree } from '../domain/billing/downgrade';
import { silentLog } from '../ground/log';

/**
 * The plans routes against the Shopify simulator: charges approved or declined on its approval
 * page, its `app_subscriptions/update` webhooks delivered to the app's webhook route.
 */
let shopify: ShopifySim;
let deps: TestDeps | undefined;
const d = () => deps!;
beforeAll(async () => {
  shopify = await startTestShopify(() => deps);
  deps = await testDeps({}, shopifyTestEnv(shopify));
});
afterAll(async () => { await shopify.stop(); });

async function freeShop(): Promise<SeededShop> {
  const seeded = await seedShop(d());
  await connectShop(shopify, d(), seeded.shop, { orders: 0 });
  return seeded;
}

async function paidShop(plan: 'MONTHLY' | 'YEARLY' = 'MONTHLY'): Promise<SeededShop> {
  const seeded = await freeShop();
  return { ...seeded, shop: await subscribeShop(d(), seeded.shop, plan) };
}

const shopNow = async (shop: { _id: string }) => (await d().shops.get(shop._id))!;
const simSubs = (shop: ShopRecord) => shopify.control.shop(shop.domain).subscriptions.map((s) => ({ name: s.name, status: s.status }));

async function subscribe(seeded: SeededShop, plan: 'MONTHLY' | 'YEARLY', flags: { users?: boolean; accounts?: boolean } = {}) {
  return call(d(), 'billing.subscribe', {
    token: seeded.ownerToken, query: { users: String(flags.users ?? false), accounts: String(flags.accounts ?? false) }, body: { plan },
  });
}

/** Approves or declines on Shopify's page, comes back to the return URL and checks, as the plans page does. */
async function approveAndReturn(seeded: SeededShop, confirmationUrl: string, decision: 'approve' | 'decline' = 'approve') {
  const back = await decideCharge(confirmationUrl, decision);
  expect(back.pathname).toBe('/dashboard/plans');
  expect(back.searchParams.get('success')).toBe('true');
  return call(d(), 'billing.check', { token: seeded.ownerToken, query: { charge_id: back.searchParams.get('charge_id')! } });
}

describe('subscribe and the return', () => {
  it('creates a pending Shopify charge and leaves the plan alone until Shopify says it is active', async () => {
    const seeded = await freeShop();
    const res = await subscribe(seeded, 'MONTHLY');
    expect(res.status).toBe(200);
    const url = new URL(res.body.confirmationUrl);
    expect(url.pathname).toMatch(/\/admin\/charges\/.+\/RecurringApplicationCharge\/confirm_recurring_application_charge$/);
    expect(simSubs(seeded.shop)).toEqual([{ name: 'Dakiya Monthly', status: 'PENDING' }]);
    const sub = shopify.control.shop(seeded.shop.domain).subscriptions[0]!;
    expect(sub.lineItems[0]).toMatchObject({ interval: 'EVERY_30_DAYS', amount: '10.00', currencyCode: 'USD' });
    expect(sub.test).toBe(true);
    expect((await shopNow(seeded.shop)).plan).toBe('FREE');
    const check = await call(d(), 'billing.check', { token: seeded.ownerToken });
    expect(check.body).toMatchObject({ subscribed: false, planId: 'FREE', plan: 'Basic', expiry: null, orders: 0, ordersLimit: 5000 });
  });

  it('approved on Shopify: the return check moves the shop to the plan', async () => {
    const seeded = await freeShop();
    const { body } = await subscribe(seeded, 'YEARLY');
    const check = await approveAndReturn(seeded, body.confirmationUrl);
    const chargeId = shopify.control.shop(seeded.shop.domain).subscriptions[0]!.id;
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      subscribed: true, plan: 'Yearly', planId: 'YEARLY', expiry: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), orders: 0, ordersLimit: null,
      month: expect.stringMatching(/^\d{4}-\d\d$/), subscriber: seeded.shop.name, deactivated: { users: 0, accounts: 0 },
      charge: { id: chargeId, approved: true },
    });
    expect(await shopNow(seeded.shop)).toMatchObject({ plan: 'YEARLY', subscription: { id: chargeId, name: 'Dakiya Yearly', status: 'ACTIVE' } });
    expect((await shopNow(seeded.shop)).pendingCharge).toBeUndefined();
  });

  it('declined on Shopify: the return check says so and the plan stays FREE', async () => {
    const seeded = await freeShop();
    const { body } = await subscribe(seeded, 'MONTHLY');
    const check = await approveAndReturn(seeded, body.confirmationUrl, 'decline');
    // the page says the merchant declined it, rather than that something went wrong
    expect(check.body).toMatchObject({ subscribed: false, planId: 'FREE', charge: { approved: false, declined: true } });
    expect(simSubs(seeded.shop)).toEqual([{ name: 'Dakiya Monthly', status: 'DECLINED' }]);
  });

  it('a forged success=true with another charge id changes nothing', async () => {
    const seeded = await freeShop();
    const check = await call(d(), 'billing.check', { token: seeded.ownerToken, query: { charge_id: '123456789' } });
    expect(check.body).toMatchObject({ subscribed: false, planId: 'FREE', charge: { id: '123456789', approved: false } });
    // a charge Shopify does not know of was not declined either
    expect(check.body.charge.declined).toBeUndefined();
  });

  it('moves a monthly shop to yearly; Shopify cancels the monthly charge and no one is deactivated', async () => {
    const seeded = await paidShop('MONTHLY');
    const staff = await seedUser(d(), seeded.shop._id);
    const { body } = await subscribe(seeded, 'YEARLY');
    const check = await approveAndReturn(seeded, body.confirmationUrl);
    expect(check.body).toMatchObject({ planId: 'YEARLY', charge: { approved: true } });
    expect(simSubs(seeded.shop)).toEqual([{ name: 'Dakiya Monthly', status: 'CANCELLED' }, { name: 'Dakiya Yearly', status: 'ACTIVE' }]);
    expect((await d().members.get(seeded.shop._id, staff.user._id))!.is_active).toBe(true);
  });

  it('refuses the plan the shop is on', async () => {
    const seeded = await paidShop('MONTHLY');
    const res = await subscribe(seeded, 'MONTHLY');
    expect(res).toMatchObject({ status: 400, body: { errors: [{ msg: 'You are already on this plan', code: 'ALREADY_SUBSCRIBED', param: 'plan' }] } });
    expect(simSubs(seeded.shop)).toEqual([{ name: 'Dakiya Monthly', status: 'ACTIVE' }]);
  });

  it("says what Shopify refused, and keeps no pending charge", async () => {
    const seeded = await freeShop();
    const bent = { ...d(), env: { ...d().env, APP_URL: 'ftp://dakiya.example' } };
    const res = await call(bent, 'billing.subscribe', { token: seeded.ownerToken, query: {}, body: { plan: 'MONTHLY' } });
    expect(res).toMatchObject({
      status: 400, body: { errors: [{ msg: 'Shopify did not accept the subscription: Return url is invalid', code: 'SUBSCRIPTION_REFUSED' }] },
    });
    expect((await shopNow(seeded.shop)).pendingCharge).toBeUndefined();
  });

  it('answers 502 when Shopify is down, and writes nothing', async () => {
    const seeded = await freeShop();
    shopify.control.failNext('503', 10);
    try {
      const res = await subscribe(seeded, 'MONTHLY');
      expect(res).toMatchObject({ status: 502, body: { errors: [{ code: 'SHOPIFY_UNAVAILABLE' }] } });
    } finally {
      shopify.control.clearFaults();
    }
    expect(await shopNow(seeded.shop)).toMatchObject({ plan: 'FREE', updatedAt: seeded.shop.updatedAt });
    expect((await shopNow(seeded.shop)).pendingCharge).toBeUndefined();
    expect(simSubs(seeded.shop)).toEqual([]);
  });

  it('refuses a plan that is not Monthly or Yearly, and flags that are not true or false', async () => {
    const seeded = await freeShop();
    const plan = await call(d(), 'billing.subscribe', { token: seeded.ownerToken, body: { plan: 'FREE' } });
    expect(plan).toMatchObject({ status: 400, body: { errors: [{ msg: 'Choose the Monthly or the Yearly plan', code: 'VALIDATION_FAILED', param: 'plan' }] } });
    const flag = await call(d(), 'billing.subscribe', { token: seeded.ownerToken, query: { users: 'yes' }, body: { plan: 'MONTHLY' } });
    expect(flag).toMatchObject({ status: 400, body: { errors: [{ msg: 'Send true or false', code: 'VALIDATION_FAILED', param: 'users' }] } });
    expect(simSubs(seeded.shop)).toEqual([]);
  });
});

/** A paid shop with an admin, two staff users (one signed in), an invitation and three accounts (one the default). */
async function busyPaidShop() {
  const seeded = await paidShop('MONTHLY');
  const admin = await seedUser(d(), seeded.shop._id, { role: 'ADMIN' });
  const packer = await seedUser(d(), seeded.shop._id, { scopes: ['READ_ORDERS', 'BOOK_ORDERS'] });
  const rider = await seedUser(d(), seeded.shop._id);
  const invited = await seedUser(d(), seeded.shop._id, { verified: false });
  const main = await seedAccount(d(), seeded.shop._id, { name: 'Main' });
  await d().accounts.setDefault(seeded.shop._id, main._id);
  const second = await seedAccount(d(), seeded.shop._id, { name: 'Second', company: 'POSTEX', credentials: { api_token: 'POSTEX-DEMO' } });
  const third = await seedAccount(d(), seeded.shop._id, { name: 'Third' });
  return { seeded, admin, packer, rider, invited, main, second, third };
}

async function activity(shopId: string) {
  const users = await d().members.listOfShop(shopId);
  const accounts = await d().accounts.listOfShop(shopId);
  return {
    users: Object.fromEntries(users.map((u) => [u._id, u.is_active])),
    accounts: Object.fromEntries(accounts.map((a) => [a._id, !a.in_active])),
  };
}

describe('cancel and the way back', () => {
  it('cancels at Shopify, back to FREE: every user but the admins and every account but the default deactivated', async () => {
    const w = await busyPaidShop();
    const res = await call(d(), 'billing.cancel', { token: w.seeded.ownerToken, body: { id: 'MONTHLY', name: 'Monthly' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      msg: 'Your subscription has been cancelled. You are on the free plan now.',
      status: { subscribed: false, planId: 'FREE', ordersLimit: 5000, deactivated: { users: 3, accounts: 2 } },
    });
    expect(simSubs(w.seeded.shop)).toEqual([{ name: 'Dakiya Monthly', status: 'CANCELLED' }]);
    expect(await activity(w.seeded.shop._id)).toEqual({
      users: { [w.seeded.owner._id]: true, [w.admin.user._id]: true, [w.packer.user._id]: false, [w.rider.user._id]: false, [w.invited.user._id]: false },
      accounts: { [w.main._id]: true, [w.second._id]: false, [w.third._id]: false },
    });
    expect(res.body.status.freeBecause).toEqual({ reason: 'CANCELLED_BY_MERCHANT', plan: 'Monthly' });
    // the cancel's own CANCELLED webhook, delivered after, does not make it Shopify's doing
    await shopify.control.drainWebhooks();
    expect((await call(d(), 'billing.check', { token: w.seeded.ownerToken })).body.freeBecause).toEqual({ reason: 'CANCELLED_BY_MERCHANT', plan: 'Monthly' });
    // a deactivated user is signed out at once, as a restriction does
    expect((await call(d(), 'auth.me', { token: w.packer.token })).status).toBe(401);
    expect((await shopNow(w.seeded.shop)).subscription).toBeUndefined();
  });

  it('resubscribing with users=true reactivates the users the cancel deactivated; the accounts wait for a hand', async () => {
    const w = await busyPaidShop();
    await call(d(), 'billing.cancel', { token: w.seeded.ownerToken, body: { id: 'MONTHLY' } });
    const { body } = await subscribe(w.seeded, 'MONTHLY', { users: true });
    const check = await approveAndReturn(w.seeded, body.confirmationUrl);
    expect(check.body).toMatchObject({ planId: 'MONTHLY', deactivated: { users: 0, accounts: 2 } });
    expect(await activity(w.seeded.shop._id)).toEqual({
      users: { [w.seeded.owner._id]: true, [w.admin.user._id]: true, [w.packer.user._id]: true, [w.rider.user._id]: true, [w.invited.user._id]: true },
      accounts: { [w.main._id]: true, [w.second._id]: false, [w.third._id]: false },
    });
  });

  it('resubscribing with both choices reactivates users and accounts; without them nothing comes back', async () => {
    const w = await busyPaidShop();
    await call(d(), 'billing.cancel', { token: w.seeded.ownerToken, body: { id: 'MONTHLY' } });
    // declined first: the choices wait for a charge that becomes active
    const declined = await subscribe(w.seeded, 'YEARLY', { users: true, accounts: true });
    await approveAndReturn(w.seeded, declined.body.confirmationUrl, 'decline');
    expect((await activity(w.seeded.shop._id)).accounts[w.second._id]).toBe(false);
    const { body } = await subscribe(w.seeded, 'YEARLY', { users: true, accounts: true });
    await approveAndReturn(w.seeded, body.confirmationUrl);
    const after = await activity(w.seeded.shop._id);
    expect(Object.values(after.users).every(Boolean) && Object.values(after.accounts).every(Boolean)).toBe(true);

    const again = await busyPaidShop();
    await call(d(), 'billing.cancel', { token: again.seeded.ownerToken, body: { id: 'MONTHLY' } });
    const plain = await subscribe(again.seeded, 'MONTHLY');
    await approveAndReturn(again.seeded, plain.body.confirmationUrl);
    expect((await activity(again.seeded.shop._id)).users[again.packer.user._id]).toBe(false);
  });

  it('refuses to cancel on FREE, and a plan the page no longer shows', async () => {
    const free = await freeShop();
    expect(await call(d(), 'billing.cancel', { token: free.ownerToken, body: { id: 'MONTHLY' } })).toMatchObject({
      status: 400, body: { errors: [{ msg: 'You are on the free plan: there is no subscription to cancel', code: 'NOT_SUBSCRIBED' }] },
    });
    const paid = await paidShop('YEARLY');
    expect(await call(d(), 'billing.cancel', { token: paid.ownerToken, body: { id: 'MONTHLY' } })).toMatchObject({
      status: 400, body: { errors: [{ msg: 'This is no longer your plan. Reload the page.', code: 'VALIDATION_FAILED', param: 'id' }] },
    });
    expect(simSubs(paid.shop)).toEqual([{ name: 'Dakiya Yearly', status: 'ACTIVE' }]);
  });

  it('answers 502 when Shopify is down and keeps the plan and everyone active', async () => {
    const w = await busyPaidShop();
    shopify.control.failNext('503', 10);
    try {
      const res = await call(d(), 'billing.cancel', { token: w.seeded.ownerToken, body: { id: 'MONTHLY' } });
      expect(res).toMatchObject({ status: 502, body: { errors: [{ code: 'SHOPIFY_UNAVAILABLE' }] } });
    } finally {
      shopify.control.clearFaults();
    }
    expect((await shopNow(w.seeded.shop)).plan).toBe('MONTHLY');
    expect((await activity(w.seeded.shop._id)).users[w.packer.user._id]).toBe(true);
  });
});

describe('app_subscriptions/update keeps the plan true', () => {
  const report = async (shop: ShopRecord, status: string, id?: string) => {
    shopify.control.trigger(shop.domain, 'app_subscriptions/update', { status, ...(id ? { id } : {}) });
    await shopify.control.drainWebhooks();
  };

  it.each(['FROZEN', 'CANCELLED', 'EXPIRED'])('a paid charge %s at Shopify moves the shop to FREE, deactivates as a cancel does and says why', async (status) => {
    const w = await busyPaidShop();
    await report(w.seeded.shop, status);
    expect(await shopNow(w.seeded.shop)).toMatchObject({ plan: 'FREE' });
    const check = await call(d(), 'billing.check', { token: w.seeded.ownerToken });
    expect(check.body).toMatchObject({ planId: 'FREE', freeBecause: { reason: status, plan: 'Monthly' }, deactivated: { users: 3, accounts: 2 } });
    expect((await activity(w.seeded.shop._id)).users[w.rider.user._id]).toBe(false);
    const delivered = shopify.control.deliveries({ shop: w.seeded.shop.domain, topic: 'app_subscriptions/update' });
    expect(delivered.at(-1)?.state).toBe('delivered');
  });

  it('a declined upgrade leaves the plan that is still active', async () => {
    const seeded = await paidShop('MONTHLY');
    const { body } = await subscribe(seeded, 'YEARLY');
    await decideCharge(body.confirmationUrl, 'decline');
    await shopify.control.drainWebhooks();
    expect(await shopNow(seeded.shop)).toMatchObject({ plan: 'MONTHLY', subscription: { name: 'Dakiya Monthly' } });
  });

  it("an approval's webhooks out of order (the old plan's CANCELLED last) still end on the new plan, no one deactivated", async () => {
    const w = await busyPaidShop();
    const { body } = await subscribe(w.seeded, 'YEARLY');
    shopify.control.pauseWebhooks();
    await decideCharge(body.confirmationUrl, 'approve');
    shopify.control.resumeWebhooks({ reverse: true });
    await shopify.control.drainWebhooks();
    expect(await shopNow(w.seeded.shop)).toMatchObject({ plan: 'YEARLY' });
    expect(Object.values((await activity(w.seeded.shop._id)).users).every(Boolean)).toBe(true);
  });

  it('a subscription approved without the page coming back is picked up from the webhook alone', async () => {
    const seeded = await freeShop();
    const { body } = await subscribe(seeded, 'MONTHLY');
    await decideCharge(body.confirmationUrl, 'approve');
    await shopify.control.drainWebhooks();
    expect(await shopNow(seeded.shop)).toMatchObject({ plan: 'MONTHLY' });
  });

  it('the frozen charge paid (ACTIVE again, by webhook): back on the plan, and what the freeze deactivated is active again', async () => {
    const w = await busyPaidShop();
    await report(w.seeded.shop, 'FROZEN');
    expect((await activity(w.seeded.shop._id)).users[w.packer.user._id]).toBe(false);
    await report(w.seeded.shop, 'ACTIVE');
    expect(await shopNow(w.seeded.shop)).toMatchObject({ plan: 'MONTHLY', subscription: { name: 'Dakiya Monthly', status: 'ACTIVE' } });
    const after = await activity(w.seeded.shop._id);
    expect(Object.values(after.users).every(Boolean) && Object.values(after.accounts).every(Boolean)).toBe(true);
    const check = await call(d(), 'billing.check', { token: w.seeded.ownerToken });
    expect(check.body).toMatchObject({ planId: 'MONTHLY', deactivated: { users: 0, accounts: 0 } });
    expect(check.body.freeBecause).toBeUndefined();
    // the packer was signed out by the freeze and signs in again; the next freeze deactivates again
    await report(w.seeded.shop, 'FROZEN');
    expect((await activity(w.seeded.shop._id)).users[w.packer.user._id]).toBe(false);
  });

  it('the frozen charge paid, read by the check before any webhook: the same reactivation, once', async () => {
    const w = await busyPaidShop();
    await report(w.seeded.shop, 'FROZEN');
    // paid at Shopify; the page's check reads it before the webhook arrives
    shopify.control.pauseWebhooks();
    try {
      shopify.control.trigger(w.seeded.shop.domain, 'app_subscriptions/update', { status: 'ACTIVE' });
      const check = await call(d(), 'billing.check', { token: w.seeded.ownerToken });
      expect(check.body).toMatchObject({ planId: 'MONTHLY', deactivated: { users: 0, accounts: 0 } });
      expect(await activity(w.seeded.shop._id)).toEqual({
        users: { [w.seeded.owner._id]: true, [w.admin.user._id]: true, [w.packer.user._id]: true, [w.rider.user._id]: true, [w.invited.user._id]: true },
        accounts: { [w.main._id]: true, [w.second._id]: true, [w.third._id]: true },
      });
      // restricted by hand now: the late webhook of the same ACTIVE does not undo the restriction
      await call(d(), 'users.restrict', { token: w.seeded.ownerToken, body: { id: w.rider.user._id } });
    } finally {
      shopify.control.resumeWebhooks();
    }
    await shopify.control.drainWebhooks();
    expect((await activity(w.seeded.shop._id)).users[w.rider.user._id]).toBe(false);
  });

  it("after the merchant's own cancel, the same charge active again reactivates no one", async () => {
    const w = await busyPaidShop();
    await call(d(), 'billing.cancel', { token: w.seeded.ownerToken, body: { id: 'MONTHLY' } });
    await shopify.control.drainWebhooks();
    await report(w.seeded.shop, 'ACTIVE');
    expect(await shopNow(w.seeded.shop)).toMatchObject({ plan: 'MONTHLY' });
    expect(await activity(w.seeded.shop._id)).toEqual({
      users: { [w.seeded.owner._id]: true, [w.admin.user._id]: true, [w.packer.user._id]: false, [w.rider.user._id]: false, [w.invited.user._id]: false },
      accounts: { [w.main._id]: true, [w.second._id]: false, [w.third._id]: false },
    });
  });

  it('a cancel and its own webhook moving the shop at once: the one that read first writes again, nothing deactivated is forgotten', async () => {
    const w = await busyPaidShop();
    const shop = await shopNow(w.seeded.shop);
    // DynamoDB Local answers one request at a time; in AWS the webhook's reads straddle the cancel's writes:
    // it reads no record yet, and the staff after the cancel deactivated them
    let cancelDone!: () => void;
    const cancelled = new Promise<void>((resolve) => { cancelDone = resolve; });
    let firstRecordRead = true;
    let firstStaffRead = true;
    const billing = Object.assign(Object.create(d().billing) as TestDeps['billing'], {
      getDowngrade: async (shopId: string) => {
        const read = await d().billing.getDowngrade(shopId);
        if (firstRecordRead) { firstRecordRead = false; await cancelled; }
        return read;
      },
    });
    const members = Object.assign(Object.create(d().members) as TestDeps['members'], {
      listOfShop: async (shopId: string) => {
        if (firstStaffRead) { firstStaffRead = false; await cancelled; }
        return d().members.listOfShop(shopId);
      },
    });
    const webhook = deactivateForFree(shop, 'CANCELLED', { ...d(), billing, members }, silentLog);
    await deactivateForFree(shop, 'CANCELLED_BY_MERCHANT', d(), silentLog);
    cancelDone();
    await webhook;
    const record = (await d().billing.getDowngrade(w.seeded.shop._id))!;
    expect(record.userIds).toEqual([w.packer.user._id, w.rider.user._id, w.invited.user._id].sort());
    expect(record.accountIds).toEqual([w.second._id, w.third._id].sort());
    expect(record.movedUserIds).toEqual([w.packer.user._id, w.rider.user._id, w.invited.user._id].sort());
  });

  it('a second move to FREE keeps what the first deactivated and is still inactive; reactivated by hand or deleted is dropped', async () => {
    const w = await busyPaidShop();
    await call(d(), 'billing.cancel', { token: w.seeded.ownerToken, body: { id: 'MONTHLY' } });
    await shopify.control.drainWebhooks();
    // the rider reactivated by hand, the invitation deleted: no longer offered
    await call(d(), 'users.restrict', { token: w.seeded.ownerToken, body: { id: w.rider.user._id } });
    expect((await activity(w.seeded.shop._id)).users[w.rider.user._id]).toBe(true);
    expect((await call(d(), 'users.delete', { token: w.seeded.ownerToken, params: { id: w.invited.user._id } })).status).toBe(200);
    expect((await call(d(), 'billing.check', { token: w.seeded.ownerToken })).body.deactivated).toEqual({ users: 1, accounts: 2 });
    // users come back with the new plan, the accounts stay inactive
    const { body } = await subscribe(w.seeded, 'MONTHLY', { users: true });
    await approveAndReturn(w.seeded, body.confirmationUrl);
    await shopify.control.drainWebhooks();
    const charge = shopify.control.shop(w.seeded.shop.domain).subscriptions.at(-1)!;
    await report(w.seeded.shop, 'FROZEN', charge.id);
    const check = await call(d(), 'billing.check', { token: w.seeded.ownerToken });
    expect(check.body).toMatchObject({ planId: 'FREE', freeBecause: { reason: 'FROZEN', plan: 'Monthly' }, deactivated: { users: 2, accounts: 2 } });
    const record = (await d().billing.getDowngrade(w.seeded.shop._id))!;
    expect(record.userIds).toEqual([w.packer.user._id, w.rider.user._id].sort());
    expect(record.accountIds).toEqual([w.second._id, w.third._id].sort());
    // paid again: only what the freeze itself deactivated (the users) comes back; the cancel's accounts wait for the choice
    await report(w.seeded.shop, 'ACTIVE', charge.id);
    const back = await activity(w.seeded.shop._id);
    expect(back.users).toEqual({ [w.seeded.owner._id]: true, [w.admin.user._id]: true, [w.packer.user._id]: true, [w.rider.user._id]: true });
    expect(back.accounts).toEqual({ [w.main._id]: true, [w.second._id]: false, [w.third._id]: false });
    expect((await call(d(), 'billing.check', { token: w.seeded.ownerToken })).body.deactivated).toEqual({ users: 0, accounts: 2 });
  });
});
