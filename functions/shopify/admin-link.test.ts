import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { apiEvent, call, seedShop, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { groupHandler } from '../platform/chain';
import { operationsByGroup } from '../registry';
import { signedShopifyQuery } from '../test-support/world';

/** The admin links of reference/shopify.md §6 open the booking screens, once their signature holds. */
let deps: TestDeps;
let shop: SeededShop;
beforeAll(async () => {
  deps = await testDeps();
  shop = await seedShop(deps, { plan: 'MONTHLY' });
});

describe('Book with Dakiya (order page) and the bulk action (orders list)', () => {
  it('opens the booking form of the order', async () => {
    const res = await call(deps, 'shopify.adminBook', { query: signedShopifyQuery(shop.shop.domain, { id: '5210000000001', admin_theme: 'light' }) });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${deps.env.APP_URL}/dashboard/order/book?id=5210000000001`);
  });

  it('opens the bulk booking of the selection, every id kept', async () => {
    const res = await call(deps, 'shopify.adminBulk', { query: signedShopifyQuery(shop.shop.domain, { 'ids[]': '5210000000001,5210000000002' }) });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${deps.env.APP_URL}/dashboard/bulk-book?ids[]=5210000000001&ids[]=5210000000002`);
  });

  it('leaves the admin\'s iframe first when embedded: a page that sends the top window to the form', async () => {
    const handler = groupHandler('shopify', operationsByGroup.shopify as never, () => deps);
    const res = await handler(apiEvent('shopify.adminBook', { query: signedShopifyQuery(shop.shop.domain, { id: '5210000000001', embedded: '1' }) }), {} as Context);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`window.open(${JSON.stringify(`${deps.env.APP_URL}/dashboard/order/book?id=5210000000001`)}, '_top')`);
  });

  it('refuses a link that names no order, a store without Dakiya, or a changed signature', async () => {
    const noId = await call(deps, 'shopify.adminBook', { query: signedShopifyQuery(shop.shop.domain, { id: 'abc' }) });
    expect(noId.status).toBe(400);
    expect(noId.body.errors[0]).toEqual({ msg: 'Invalid id entered', code: 'VALIDATION_FAILED', param: 'id' });
    const stranger = await call(deps, 'shopify.adminBook', { query: signedShopifyQuery('nobody-here.myshopify.com', { id: '5210000000001' }) });
    expect(stranger.status).toBe(403);
    expect(stranger.body.errors[0].code).toBe('SHOP_INACTIVE');
    const query = signedShopifyQuery(shop.shop.domain, { id: '5210000000001' });
    const forged = await call(deps, 'shopify.adminBook', { query: { ...query, id: '5210000000009' } });
    expect(forged.status).toBe(401);
  });
});
