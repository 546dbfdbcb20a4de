import type { ApiClient } from '../local/api-client';
import type { Stack } from '../local/stack';
import type { meterCapacity } from './capacity';
import { load, type LatencyStats } from './measure';
import { monthlyUsage } from '../functions/domain/billing/usage';

type Meter = ReturnType<typeof meterCapacity>;
const ms = (v: number) => `${v.toFixed(2)} ms`;

/**
 * The plan check (GET /check-subscription: one Shopify read of the active subscriptions, then the
 * month's usage counter and the downgrade record) and the usage counter's reserve and release (what
 * every booking adds: a conditional put of the order's slot, then a conditional ADD on the counter).
 */
export async function benchBilling(stack: Stack, api: ApiClient, meter: Meter, owners: { paid: { email: string; password: string }; free: { email: string; password: string } }, requests: number, concurrency: number): Promise<string[]> {
  const { deps } = stack;
  const paidShop = (await deps.shops.getByDomain(stack.config.demo.shop))!;
  const freeShop = (await deps.shops.getByDomain(stack.config.demo.freeShop.shop))!;
  const rows: { step: string; stats: LatencyStats; read: number; write: number; calls: number; shopify: number }[] = [];

  const measure = async (step: string, n: number, c: number, fn: (i: number) => Promise<unknown>) => {
    let i = 0;
    await fn(-1); // warm
    meter.reset();
    const spent = deps.shopifySpend.requests;
    const stats = await load(n, c, async () => { await fn(i++); });
    const used = meter.snapshot();
    rows.push({ step, stats, read: used.read / n, write: used.write / n, calls: used.calls / n, shopify: (deps.shopifySpend.requests - spent) / n });
  };

  const paidToken = (await api.call('auth.login', { body: owners.paid })).auth_token;
  const freeToken = (await api.call('auth.login', { body: owners.free })).auth_token;
  const checks = Math.min(requests, 300);
  await measure('GET /check-subscription (Monthly, unchanged)', checks, concurrency, () => api.call('billing.check', { token: paidToken }));
  await measure('GET /check-subscription (free)', checks, concurrency, () => api.call('billing.check', { token: freeToken }));

  const at = new Date();
  const base = 9_100_000_000_000;
  await measure('usage.reserve, new order (Monthly: no ceiling)', requests, concurrency, (i) => monthlyUsage(deps.usage).reserve(paidShop, String(base + i + 1), at));
  await measure('usage.reserve, new order (free: ADD under 5000)', Math.min(requests, 4000), concurrency, (i) => monthlyUsage(deps.usage).reserve(freeShop, String(base + 50_000 + i + 1), at));
  await measure('usage.reserve, order counted this month already (a refused conditional put: 1 WCU in AWS, which the meter cannot see)', requests, concurrency, (i) => monthlyUsage(deps.usage).reserve(paidShop, String(base + (i % 100) + 1), at));
  const held = await Promise.all(Array.from({ length: requests + 1 }, (_, i) => monthlyUsage(deps.usage).reserve(paidShop, String(base + 200_000 + i), at)));
  await measure('usage.release (the courier refused)', requests, concurrency, (i) => monthlyUsage(deps.usage).release(held[i + 1]!));

  return [
    '## Plans: the plan check and the monthly usage counter', '',
    'The check reads the active subscriptions from the Shopify simulator (one GraphQL call), then the usage counter and the downgrade record;',
    'reserve and release are the calls booking makes around the courier, measured in-process on DynamoDB Local.', '',
    '| Step | Requests | p50 | p90 | p99 | Read units | Write units | DynamoDB calls | Shopify calls |', '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.step} | ${r.stats.requests} | ${ms(r.stats.p50)} | ${ms(r.stats.p90)} | ${ms(r.stats.p99)} | ${r.read.toFixed(2)} | ${r.write.toFixed(2)} | ${r.calls.toFixed(1)} | ${r.shopify.toFixed(1)} |`),
    '',
  ];
}
