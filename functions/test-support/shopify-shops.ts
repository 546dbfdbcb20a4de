import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startShopifySim, type OrderRecord, type ShopifySim } from '../../local/simulators/shopify';
import { displayFulfillmentStatus } from '../../local/simulators/shopify/order-math';
import { authorizeUrl, exchangeCode } from '../adapters/shopify';
import type { ShopRecord } from '../domain/records';
import { reconcilePlan } from '../domain/billing/reconcile';
import { subscriptionInput, type PaidPlan } from '../domain/billing/shopify-plans';
import type { Deps } from '../domain/ports/deps';
import { silentLog } from '../ground/log';
import { call, TEST_SHOPIFY_SECRET } from './harness';

export const TEST_SHOPIFY_CLIENT_ID = 'test-client-id';
const REDIRECT = 'http://127.0.0.1:1/api/v1/shopify/callback';
const SCOPES = ['read_orders', 'write_orders', 'read_all_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders'];

/**
 * The Shopify simulator as the app's tests' Shopify: the same client id and secret as `testDeps`
 * (pass `shopifyTestEnv(sim)` to it). No webhook deliveries, unless `depsOf` is given: then every
 * webhook goes to the app's real webhook route (the same group handler Lambda runs) with those deps.
 */
export async function startTestShopify(depsOf?: () => Deps | undefined): Promise<ShopifySim> {
  const bridge = depsOf ? await startWebhookBridge(depsOf) : undefined;
  const sim = await startShopifySim({
    clientId: TEST_SHOPIFY_CLIENT_ID, clientSecret: TEST_SHOPIFY_SECRET, redirectUris: [REDIRECT], appUrl: 'http://127.0.0.1:1', consent: 'auto-approve',
    ...(bridge ? { webhookUri: `${bridge.url}/webhooks` } : {}),
  });
  if (!bridge) return sim;
  return { ...sim, stop: async () => { await sim.stop(); await bridge.stop(); } };
}

/** testDeps' env for this simulator: its address, and test charges count (its stores are development stores). */
export function shopifyTestEnv(sim: ShopifySim): Record<string, string> {
  return { SHOPIFY_ORIGIN_TEMPLATE: sim.originTemplate, SHOPIFY_BILLING_TEST: 'true' };
}

async function startWebhookBridge(depsOf: () => Deps | undefined) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const deps = depsOf();
      if (!deps) { res.writeHead(503).end(); return; }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name.startsWith('x-shopify-')).map(([n, v]) => [n, String(v)]));
      call(deps, 'shopify.webhook', { rawBytes: Buffer.concat(chunks), headers })
        .then((answer) => res.writeHead(answer.status).end())
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

/**
 * Seeds the store on the simulator and installs the app there through its OAuth, storing the sealed
 * tokens on the shop's item as the install does: `deps.shopifyFor(shop)` then reaches this store.
 */
export async function connectShop(sim: ShopifySim, deps: Deps, shop: { _id: string; domain: string }, opts: { orders?: number; seed?: number } = {}) {
  sim.control.seedShop({ shop: shop.domain, orders: opts.orders ?? 30, seed: opts.seed ?? 7 });
  const url = authorizeUrl({ shop: shop.domain, clientId: TEST_SHOPIFY_CLIENT_ID, scopes: SCOPES, redirectUri: REDIRECT, state: 'test', origin: sim.originTemplate });
  const response = await fetch(url, { redirect: 'manual', headers: { 'X-Fake-Consent': 'approve' } });
  const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await exchangeCode({
    shop: shop.domain, code, clientId: TEST_SHOPIFY_CLIENT_ID, clientSecret: TEST_SHOPIFY_SECRET, origin: sim.originTemplate, fetch,
    nowMs: () => sim.control.now(),
  });
  await deps.shopifyTokens.replace(shop._id, {
    accessToken: await deps.secrets.encrypt(tokens.accessToken, shop._id), accessTokenExpiresAt: tokens.expiresAt,
    ...(tokens.refreshToken ? { refreshToken: await deps.secrets.encrypt(tokens.refreshToken, shop._id), refreshTokenExpiresAt: tokens.refreshTokenExpiresAt } : {}),
    scopes: tokens.scopes,
  });
  return tokens;
}

/** Orders of the store a merchant could book now: open, not cancelled, nothing fulfilled yet. */
export function bookableOrders(sim: ShopifySim, domain: string): OrderRecord[] {
  return sim.control.orders(domain).filter((order) => !order.cancelledAt && !order.closedAt && displayFulfillmentStatus(order) === 'UNFULFILLED');
}

/** Opens the charge's approval page as the merchant's browser would, approves or declines, and answers where Shopify sent them back. */
export async function decideCharge(confirmationUrl: string, decision: 'approve' | 'decline'): Promise<URL> {
  const answer = await fetch(confirmationUrl, { redirect: 'manual', headers: { 'X-Fake-Consent': decision } });
  return new URL(answer.headers.get('location') ?? '');
}

/** A paid shop for real: the plan's charge created at Shopify, approved, and read back by the plan check. */
export async function subscribeShop(deps: Deps, shop: ShopRecord, plan: PaidPlan): Promise<ShopRecord> {
  const created = await deps.shopifyFor(shop).createSubscription(subscriptionInput(plan, 'http://127.0.0.1:1/dashboard/plans?success=true', true));
  await decideCharge(created.confirmationUrl, 'approve');
  return (await reconcilePlan((await deps.shops.get(shop._id))!, deps, silentLog)).shop;
}
