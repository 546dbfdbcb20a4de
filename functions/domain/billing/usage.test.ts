import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '../../ground/ids';
import { AppError } from '../../ground/errors';
import { testDeps, type TestDeps } from '../../test-support/harness';
import { type UsageShop, monthlyUsage } from './usage';
import { usageMonth } from './usage-month';

let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });

const shopOn = (plan: UsageShop['plan'], tz = 'Asia/Karachi'): UsageShop => ({ _id: newId(), plan, iana_time_zone: tz });
const AT = new Date('2026-11-15T10:00:00Z');

/** The order slots of a usage month, straight from the table. */
async function slotsOf(shopId: string, month: string): Promise<string[]> {
  const { Items = [] } = await deps.db.send(new QueryCommand({
    TableName: deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `SHOP#${shopId}`, ':p': `USAGE#${month}#` }, ConsistentRead: true,
  }));
  return Items.map((item) => item.orderId as string).sort();
}

/** Puts the month's counter where a busy shop's would be (thousands of bookings are not the point here). */
async function setCount(shopId: string, month: string, count: number) {
  await deps.db.send(new PutCommand({ TableName: deps.env.TABLE_NAME, Item: { pk: `SHOP#${shopId}`, sk: `COUNTER#usage#${month}`, type: 'usage-counter', month, count } }));
}

describe('usage month', () => {
  it("is the month in the shop's time zone", () => {
    // 19:30 UTC on 30 November is 00:30 on 1 December in Karachi (UTC+5)
    expect(usageMonth(new Date('2026-11-30T19:30:00Z'), 'Asia/Karachi')).toBe('2026-12');
    expect(usageMonth(new Date('2026-11-30T19:30:00Z'), 'UTC')).toBe('2026-11');
    expect(usageMonth(new Date('2026-12-01T03:00:00Z'), 'America/New_York')).toBe('2026-11');
  });

  it('counts in UTC for a zone Intl does not know', () => {
    expect(usageMonth(new Date('2026-11-30T23:30:00Z'), 'Mars/Olympus')).toBe('2026-11');
  });
});

describe('usage.reserve', () => {
  it('counts an order once a month, however often it is booked, and by GID or number alike', async () => {
    const shop = shopOn('FREE');
    const first = await monthlyUsage(deps.usage).reserve(shop, '5410001000001', AT);
    const again = await monthlyUsage(deps.usage).reserve(shop, 'gid://shopify/Order/5410001000001', new Date('2026-11-28T10:00:00Z'));
    expect(first).toEqual({ shopId: shop._id, shopifyOrderId: '5410001000001', month: '2026-11', counted: true });
    expect(again).toEqual({ shopId: shop._id, shopifyOrderId: '5410001000001', month: '2026-11', counted: false });
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(1);
    expect(await slotsOf(shop._id, '2026-11')).toEqual(['5410001000001']);
  });

  it("counts the same order again in the shop's next month", async () => {
    const shop = shopOn('MONTHLY');
    await monthlyUsage(deps.usage).reserve(shop, '5410001000002', AT);
    // 20:00 UTC on 30 November is already December in Karachi
    const next = await monthlyUsage(deps.usage).reserve(shop, '5410001000002', new Date('2026-11-30T20:00:00Z'));
    expect(next.month).toBe('2026-12');
    expect(next.counted).toBe(true);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(1);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-12')).toBe(1);
    expect(monthlyUsage(deps.usage).monthOf(shop, new Date('2026-11-30T20:00:00Z'))).toBe('2026-12');
  });

  it('refuses a free shop at 5000 with the plan-limit error and writes nothing', async () => {
    const shop = shopOn('FREE');
    await setCount(shop._id, '2026-11', 5000);
    const refusal = await monthlyUsage(deps.usage).reserve(shop, '5410001000003', AT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).toBody()).toEqual({
      errors: [{ msg: 'Kindly upgrade your plan', code: 'PLAN_LIMIT_REACHED' }], plan_limit_error: true, message: 'Kindly upgrade your plan',
    });
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(5000);
    expect(await slotsOf(shop._id, '2026-11')).toEqual([]);
  });

  it('lets an order counted before the limit be booked again at the limit', async () => {
    const shop = shopOn('FREE');
    await setCount(shop._id, '2026-11', 4999);
    await monthlyUsage(deps.usage).reserve(shop, '5410001000004', AT);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(5000);
    expect((await monthlyUsage(deps.usage).reserve(shop, '5410001000004', AT)).counted).toBe(false);
  });

  it('has no ceiling on a paid plan', async () => {
    const shop = shopOn('YEARLY');
    await setCount(shop._id, '2026-11', 5000);
    expect((await monthlyUsage(deps.usage).reserve(shop, '5410001000005', AT)).counted).toBe(true);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(5001);
  });

  it('gives exactly the last 40 places to 200 orders racing at 4960, and leaves no slot for a refused one', async () => {
    const shop = shopOn('FREE');
    await setCount(shop._id, '2026-11', 4960);
    const orders = Array.from({ length: 200 }, (_, i) => String(6_000_000_000_000 + i));
    const results = await Promise.allSettled(orders.map((id) => monthlyUsage(deps.usage).reserve(shop, id, AT)));
    const counted = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ shopifyOrderId: string }>).value.shopifyOrderId);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as AppError).code);
    expect(counted).toHaveLength(40);
    expect(refused).toEqual(Array(160).fill('PLAN_LIMIT_REACHED'));
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(5000);
    expect(await slotsOf(shop._id, '2026-11')).toEqual(counted.sort());
  });

  it('counts one order booked from many tabs at once exactly once', async () => {
    const shop = shopOn('FREE');
    const results = await Promise.all(Array.from({ length: 20 }, () => monthlyUsage(deps.usage).reserve(shop, '5410001000006', AT)));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(1);
  });
});

describe('usage.release', () => {
  it('takes a refused booking off the month, once, and the order may count again', async () => {
    const shop = shopOn('FREE');
    await monthlyUsage(deps.usage).reserve(shop, '5410001000010', AT);
    const reservation = await monthlyUsage(deps.usage).reserve(shop, '5410001000011', AT);
    await monthlyUsage(deps.usage).release(reservation);
    await monthlyUsage(deps.usage).release(reservation);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(1);
    expect(await slotsOf(shop._id, '2026-11')).toEqual(['5410001000010']);
    expect((await monthlyUsage(deps.usage).reserve(shop, '5410001000011', AT)).counted).toBe(true);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(2);
  });

  it('leaves the count of an earlier booking of the order alone', async () => {
    const shop = shopOn('FREE');
    await monthlyUsage(deps.usage).reserve(shop, '5410001000012', AT);
    // booked again this month and refused by the courier: the first booking still counts
    await monthlyUsage(deps.usage).release(await monthlyUsage(deps.usage).reserve(shop, '5410001000012', AT));
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(1);
    expect(await slotsOf(shop._id, '2026-11')).toEqual(['5410001000012']);
  });

  it('frees a place under the limit for the next order', async () => {
    const shop = shopOn('FREE');
    await setCount(shop._id, '2026-11', 4999);
    const last = await monthlyUsage(deps.usage).reserve(shop, '5410001000013', AT);
    await expect(monthlyUsage(deps.usage).reserve(shop, '5410001000014', AT)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    await monthlyUsage(deps.usage).release(last);
    expect((await monthlyUsage(deps.usage).reserve(shop, '5410001000014', AT)).counted).toBe(true);
    expect(await monthlyUsage(deps.usage).read(shop, '2026-11')).toBe(5000);
  });
});
