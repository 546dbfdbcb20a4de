import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopifyError } from '../../../functions/domain/ports/shopify';
import type { ShopifyClient } from '../../../functions/adapters/shopify/graphql';
import { SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
let client: ShopifyClient;
beforeAll(async () => {
  h = await startHarness({ orders: 60 });
  client = h.client((await h.install()).accessToken);
});
afterAll(() => h.stop());

describe('reading the shop and orders', () => {
  it('getShop returns the seeded Pakistani shop', async () => {
    const shop = await client.getShop();
    expect(shop).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/Shop\/\d{13,}$/),
      name: 'Chai Wala',
      email: 'hello@chaiwala.pk',
      myshopifyDomain: SHOP,
      currencyCode: 'PKR',
      ianaTimezone: 'Asia/Karachi',
    });
  });

  it('pages through every order with opaque cursors, newest first, without gaps or repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await client.listOrders({ first: 25, after });
      seen.push(...page.orders.map((o) => o.name));
      pages += 1;
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(60);
    const numbers = seen.map((n) => Number(n.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(seen[seen.length - 1]).toBe('#1001');
  });

  it('caps the page size so a listing never exceeds the 1000-point query cost', async () => {
    const page = await client.listOrders({ first: 250 });
    expect(page.orders).toHaveLength(60);
  });

  it('filters with the search syntax subset', async () => {
    const all = h.sim.control.orders(SHOP);
    const page = async (query: string) => (await client.listOrders({ first: 100, query })).orders;

    const pending = await page('financial_status:pending');
    expect(pending.length).toBe(all.filter((o) => o.financialStatus === 'PENDING').length);
    expect(pending.length).toBeGreaterThan(10);
    expect(pending.every((o) => o.displayFinancialStatus === 'PENDING')).toBe(true);

    const cancelled = await page('status:cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.cancelledAt !== null)).toBe(true);

    const open = await page('status:open fulfillment_status:unshipped');
    expect(open.every((o) => o.cancelledAt === null && o.displayFulfillmentStatus === 'UNFULFILLED')).toBe(true);

    expect((await page('name:#1007')).map((o) => o.name)).toEqual(['#1007']);
    expect((await page('name:1007')).map((o) => o.name)).toEqual(['#1007']);

    const cutoff = all[30]?.createdAt ?? '';
    const recent = await page(`created_at:>=${cutoff}`);
    expect(recent.length).toBe(all.filter((o) => o.createdAt >= cutoff).length);

    await client.addTags((all[2]?.id ?? ''), ['courier-booked']);
    const tagged = await page('tag:courier-booked');
    expect(tagged.map((o) => o.name)).toEqual([all[2]?.name]);
    const untagged = await page('-tag:courier-booked');
    expect(untagged.length).toBe(59);
    expect((await page('tag_not:courier-booked')).length).toBe(59);
  });

  it('getOrder maps every booking field; unknown ids are null', async () => {
    const record = h.sim.control.orders(SHOP).find((o) => o.shippingAddress && o.discounts.length > 0 && !o.cancelledAt);
    expect(record).toBeDefined();
    const order = await client.getOrder(record?.id ?? '');
    expect(order).not.toBeNull();
    if (!order || !record) return;
    expect(order.id).toBe(`gid://shopify/Order/${record.id}`);
    expect(order.legacyResourceId).toBe(record.id);
    expect(order.legacyResourceId.length).toBeGreaterThanOrEqual(13);
    expect(order.name).toBe(record.name);
    expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(order.totalPrice.currencyCode).toBe('PKR');
    expect(order.totalPrice.amount).toMatch(/^\d+\.\d{1,2}$/);
    expect(order.shippingAddress?.countryCodeV2).toBe('PK');
    expect(order.shippingAddress?.city).toBe(record.shippingAddress?.city);
    expect(order.shippingAddress?.phone).toBe(record.shippingAddress?.phone);
    expect(order.lineItems.map((li) => li.title)).toEqual(record.lineItems.map((li) => li.title));
    expect(order.lineItems[0]?.unitPrice).toEqual({ amount: record.lineItems[0]?.price, currencyCode: 'PKR' });
    expect(order.shippingLines[0]?.title).toBe(record.shippingLines[0]?.title);
    expect(order.discounts.length).toBe(record.discounts.length);
    expect(order.lineItemsTruncated).toBe(false);
    const total = Number(order.subtotalPrice?.amount) + Number(order.totalShipping.amount);
    expect(Number(order.totalPrice.amount)).toBeCloseTo(total, 2);
    if (record.financialStatus === 'PENDING') expect(order.totalOutstanding.amount).toBe(order.currentTotalPrice.amount);

    expect(await client.getOrder('9999999999999')).toBeNull();
  });

  it('getOrders keeps input order and returns null for unknown ids', async () => {
    const [a, b] = h.sim.control.orders(SHOP);
    const result = await client.getOrders([b?.id ?? '', 'gid://shopify/Order/1234567890123', a?.id ?? '']);
    expect(result.map((o) => o?.name ?? null)).toEqual([b?.name, null, a?.name]);
  });

  it('answers unknown fields with undefinedField and no data', async () => {
    const error = (await client.request('query { shop { name nope } }').catch((e: unknown) => e)) as ShopifyError;
    expect(error.code).toBe('GRAPHQL');
    expect(error.graphqlErrors[0]).toMatchObject({ message: "Field 'nope' doesn't exist on type 'Shop'", extensions: { code: 'undefinedField' } });
  });

  it('enforces first/last on connections and the 250 maximum', async () => {
    await expect(client.request('query { orders { nodes { id } } }')).rejects.toMatchObject({ code: 'GRAPHQL' });
    await expect(client.request('query { orders(first: 251) { nodes { id } } }')).rejects.toMatchObject({ code: 'GRAPHQL' });
  });

  it('sends the version and request id headers and the cost on every response', async () => {
    const response = await fetch(`${h.sim.originTemplate.replace('{shop}', SHOP)}/admin/api/2019-01/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': (await h.install()).accessToken },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(response.headers.get('x-shopify-api-version')).toBe('2025-07');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { extensions: { cost: { requestedQueryCost: number; throttleStatus: { restoreRate: number } } } };
    expect(body.extensions.cost.requestedQueryCost).toBe(1);
    expect(body.extensions.cost.throttleStatus.restoreRate).toBe(100);
  });
});
