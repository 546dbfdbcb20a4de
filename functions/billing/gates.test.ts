import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LEOPARD_DEMO_CREDENTIALS, startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { connectShop, decideCharge, shopifyTestEnv, startTestShopify } from '../test-support/shopify-shops';
import type { ShopifySim } from '../../local/simulators/shopify';
import { monthlyUsage } from '../domain/billing/usage';

/**
 * Every gate of the plan, on the server, as one shop's plan moves the way Shopify moves it: FREE, then
 * paid through an approved charge, then FREE again when Shopify reports the charge frozen. The gates
 * read the one plan check, so each flips with the plan and with nothing else.
 */
let shopify: ShopifySim;
let couriers: CourierSims;
let deps: TestDeps | undefined;
let shop: SeededShop;
const d = () => deps!;
const PLAN_FEATURE = { status: 403, body: { errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE' }] } };
const PLAN_LIMIT = { status: 403, body: { errors: [{ msg: 'Kindly upgrade your plan', code: 'PLAN_LIMIT_REACHED' }], plan_limit_error: true, message: 'Kindly upgrade your plan' } };

beforeAll(async () => {
  couriers = await startCourierSims();
  shopify = await startTestShopify(() => deps);
  deps = await testDeps({}, { ...shopifyTestEnv(shopify), COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000' });
  shop = await seedShop(d());
  await connectShop(shopify, d(), shop.shop, { orders: 0 });
  // the free plan's allowances used up: 10 users (invitations count), 10 accounts, 5000 orders this month
  for (let i = 0; i < 10; i++) await seedUser(d(), shop.shop._id, { verified: false });
  for (let i = 0; i < 10; i++) await seedAccount(d(), shop.shop._id);
  const month = monthlyUsage(d().usage).monthOf(shop.shop, new Date());
  await d().db.send(new PutCommand({
    TableName: d().env.TABLE_NAME, Item: { pk: `SHOP#${shop.shop._id}`, sk: `COUNTER#usage#${month}`, type: 'usage-counter', month, count: 5000 },
  }));
});
afterAll(async () => { await shopify.stop(); await couriers.stop(); });

let n = 0;
const gates = {
  twoFactorSetUp: () => call(d(), 'profile.qrCode', { token: shop.ownerToken }),
  user: () => call(d(), 'users.create', {
    token: shop.ownerToken,
    body: { first_name: 'Sana', last_name: 'Iqbal', email: `gate-${n++}-${shop.shop._id}@example.pk`, password: 'staff-pass-123', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'] },
  }),
  account: () => call(d(), 'accounts.create', {
    token: shop.ownerToken, body: { company: 'LEOPARD', account_name: `Leopards ${n++}`, weight: 500, is_default: 'No', city: 'Karachi', ...LEOPARD_DEMO_CREDENTIALS },
  }),
  order: async () => {
    const current = (await d().shops.get(shop.shop._id))!;
    return monthlyUsage(d().usage).reserve(current, String(7_000_000_000_000 + n++), new Date()).then(() => 'counted', (error: { code: string }) => error.code);
  },
};

async function expectFreeGates() {
  expect(await gates.twoFactorSetUp()).toMatchObject(PLAN_FEATURE);
  expect(await gates.user()).toMatchObject(PLAN_LIMIT);
  expect(await gates.account()).toMatchObject(PLAN_LIMIT);
  expect(await gates.order()).toBe('PLAN_LIMIT_REACHED');
}

describe('the gates follow the plan Shopify says', () => {
  it('on FREE: two-factor set-up refused, the 11th user, the 11th account and the 5001st order refused', async () => {
    expect((await d().shops.get(shop.shop._id))!.plan).toBe('FREE');
    await expectFreeGates();
  });

  it('paid (charge approved on Shopify, read back by the check): every gate opens', async () => {
    const { body } = await call(d(), 'billing.subscribe', { token: shop.ownerToken, body: { plan: 'MONTHLY' } });
    const back = await decideCharge(body.confirmationUrl, 'approve');
    await call(d(), 'billing.check', { token: shop.ownerToken, query: { charge_id: back.searchParams.get('charge_id')! } });
    expect((await gates.twoFactorSetUp()).status).toBe(200);
    expect((await gates.user()).status).toBe(200);
    expect((await gates.account()).status).toBe(200);
    expect(await gates.order()).toBe('counted');
  });

  it('FREE again (the charge frozen at Shopify, told by webhook): every gate closes again', async () => {
    shopify.control.trigger(shop.shop.domain, 'app_subscriptions/update', { status: 'FROZEN' });
    await shopify.control.drainWebhooks();
    expect((await d().shops.get(shop.shop._id))!.plan).toBe('FREE');
    await expectFreeGates();
  });
});
