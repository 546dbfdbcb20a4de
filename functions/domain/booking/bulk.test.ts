import { describe, expect, it } from 'vitest';
import type { PlanId } from '@dakiya/shared';
import { fakeDeps } from '../../test-support/fake-deps';
import type { BulkRowRecord, BulkRows } from '../ports/bookings';
import type { CourierAdapter } from '../ports/courier';
import type { JobQueue } from '../ports/jobs';
import type { AccountRepo } from '../ports/repos';
import type { SecretBox } from '../ports/secrets';
import type { ShopifyAdmin } from '../ports/shopify';
import type { UsageStore } from '../ports/usage';
import type { AccountRecord, ShopRecord, UserRecord } from '../records';
import { ORDER_NOT_FOUND_ROW, startBulk } from './bulk';

const user = { _id: 'user-1' } as UserRecord;
const account = { _id: 'acc-1', shopId: 'shop-1', company: 'LEOPARD', credentials: 'sealed', in_active: false } as AccountRecord;
const shopOn = (plan: PlanId) => ({ _id: 'shop-1', plan, iana_time_zone: 'Asia/Karachi' }) as ShopRecord;

/** Three orders asked for, of which Shopify knows `known`; the month has `used` orders counted already. */
function world({ used, known = ['1', '2', '3'] }: { used: number; known?: string[] }) {
  const rows: BulkRowRecord[] = [];
  const queued: unknown[] = [];
  const months: string[] = [];
  const deps = fakeDeps({
    accounts: { get: async () => account } as Partial<AccountRepo> as AccountRepo,
    secrets: { decrypt: async () => '{}' } as Partial<SecretBox> as SecretBox,
    courier: () => ({}) as CourierAdapter,
    shopifyFor: () => ({ getOrderNames: async (ids: string[]) => new Map(ids.filter((id) => known.includes(id)).map((id) => [id, `#100${id}`])) }) as Partial<ShopifyAdmin> as ShopifyAdmin,
    usage: { count: async (_shop, month) => { months.push(month); return used; } } as Partial<UsageStore> as UsageStore,
    bulkRows: { put: async (_shop, _bulk, put) => { rows.push(...put); } } as Partial<BulkRows> as BulkRows,
    jobs: { enqueue: async (job, message) => { queued.push({ job, message }); return 'job-1'; } } as Partial<JobQueue> as JobQueue,
  });
  return { deps, rows, queued, months };
}

const threeOrders = [{ orderId: '1', accountId: 'acc-1' }, { orderId: '2', accountId: 'acc-1' }, { orderId: '3', accountId: 'acc-1' }];

describe("a bulk booking and the free plan's 5,000 orders a month", () => {
  it('is refused before anything is written when fewer orders are left this month than it would book', async () => {
    // Prepare: 4,998 of the month's 5,000 used, three orders asked for
    const { deps, rows, queued, months } = world({ used: 4998 });
    // Act
    const outcome = startBulk(shopOn('FREE'), user, threeOrders, deps);
    // Assess
    await expect(outcome).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED', extra: { plan_limit_error: true } });
    expect([rows, queued]).toEqual([[], []]);
    expect(months).toEqual(['2026-11']);
  });

  it('starts when exactly as many are left, counting only the orders Shopify knows', async () => {
    const { deps, rows, queued } = world({ used: 4997 });
    expect(await startBulk(shopOn('FREE'), user, threeOrders, deps)).toMatchObject({ total: 3 });
    expect(rows.map((r) => r.state)).toEqual(['queued', 'queued', 'queued']);
    expect(queued).toHaveLength(1);

    // one of four is unknown to Shopify: it is a failed row and does not count against the three left
    const unknownOne = world({ used: 4997, known: ['1', '2', '3'] });
    await startBulk(shopOn('FREE'), user, [...threeOrders, { orderId: '4', accountId: 'acc-1' }], unknownOne.deps);
    expect(unknownOne.rows.map((r) => [r.orderName, r.state, r.message])).toEqual([
      ['#1001', 'queued', undefined], ['#1002', 'queued', undefined], ['#1003', 'queued', undefined], ['', 'failed', ORDER_NOT_FOUND_ROW],
    ]);
  });

  it('is not held to the limit on a paid plan, and never reads the usage', async () => {
    for (const plan of ['MONTHLY', 'YEARLY'] as const) {
      const { deps, rows, months } = world({ used: 5000 });
      await startBulk(shopOn(plan), user, threeOrders, deps);
      expect([rows.length, months]).toEqual([3, []]);
    }
  });

  it('queues nothing when Shopify knows none of the orders', async () => {
    const { deps, rows, queued } = world({ used: 5000, known: [] });
    await startBulk(shopOn('FREE'), user, threeOrders, deps);
    expect(rows.map((r) => r.state)).toEqual(['failed', 'failed', 'failed']);
    expect(queued).toEqual([]);
  });
});
