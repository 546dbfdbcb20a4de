import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord, ShopifySim } from '../../local/simulators/shopify';
import { displayFulfillmentStatus as statusOf } from '../../local/simulators/shopify/order-math';
import { createShopifyClient, type QueryCost } from '../adapters/shopify';
import { call, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookableOrders, connectShop, startTestShopify } from '../test-support/shopify-shops';
import { ORDER_NOT_ON_SHOPIFY } from './get-store-order';
import { NO_ORDERS_FOUND } from './get-store-orders';
import { STALE_CURSOR } from './list-store-orders';

/**
 * The order lookups and the store-orders page, through the real handler chain, against the Shopify
 * simulator with the app installed. Orders whose values a case asserts are set on the simulator's
 * records first (the store's data, as a merchant would have entered it in Shopify).
 */
let sim: ShopifySim;
let deps: TestDeps;
let seeded: SeededShop;
let accessToken: string;
const domain = () => seeded.shop.domain;

beforeAll(async () => {
  sim = await startTestShopify();
  deps = await testDeps({}, { SHOPIFY_ORIGIN_TEMPLATE: sim.originTemplate });
  seeded = await seedShop(deps, { plan: 'MONTHLY' });
  accessToken = (await connectShop(sim, deps, seeded.shop, { orders: 60, seed: 11 })).accessToken;
});
afterAll(async () => { await sim.stop(); });

const address = (patch: Partial<NonNullable<OrderRecord['shippingAddress']>> = {}): NonNullable<OrderRecord['shippingAddress']> => ({
  firstName: 'Sana', lastName: 'Iqbal', company: null, address1: 'House 12, Street 4', address2: 'Gulshan-e-Iqbal', city: 'Karachi',
  province: 'Sindh', provinceCode: 'SD', zip: '75300', country: 'Pakistan', countryCode: 'PK', phone: '+92 300 1234567', latitude: null, longitude: null,
  ...patch,
});

/** Gives an unfulfilled order of the store known values: COD (PENDING) unless `paid`. */
function shape(order: OrderRecord, opts: { shipping?: string; paid?: boolean; items?: [string, string | null, number, number, string][]; phone?: string | null; city?: string; grams?: number[] } = {}) {
  const items = opts.items ?? [['Lawn Suit', 'Red', 2, 2, '2500.0'], ['Dupatta', null, 1, 0, '800.0']];
  order.lineItems = items.map(([title, variantTitle, quantity, currentQuantity, price], i) => ({
    ...order.lineItems[0]!, id: `${order.id}${i}`, title, variantTitle, sku: null, quantity, currentQuantity, price, imageUrl: null, grams: opts.grams?.[i] ?? 0,
  }));
  order.shippingLines = [{ ...order.shippingLines[0]!, price: opts.shipping ?? '250.0' }];
  order.discounts = [];
  order.totalTax = '0.0';
  order.financialStatus = opts.paid ? 'PAID' : 'PENDING';
  order.shippingAddress = address({ city: opts.city ?? 'Karachi' });
  order.phone = opts.phone === undefined ? '0321-7654321' : opts.phone;
  order.email = 'sana@example.pk';
  return order;
}

const owner = () => ({ token: seeded.ownerToken });

describe('GET /get-order-from-shopify/{id}', () => {
  it('answers the booking form\'s fields: COD from the outstanding amount, removed units left out, phones normalised', async () => {
    const order = shape(bookableOrders(sim, domain())[0]!);
    const res = await call(deps, 'storeOrders.get', { ...owner(), params: { id: order.id } });
    expect(res.status).toBe(200);
    const { orderData, ...fields } = res.body;
    expect(fields).toEqual({
      order_id: order.id, order_name: order.name, pieces: 2, weight: 100, order_weight: 0, cod_amount: 5250, shipping_price: 250, free_shipping_applied: false,
      products_list: 'Lawn Suit - Red x 2',
      consignee_fullname: 'Sana Iqbal', consignee_email: 'sana@example.pk',
      consignee_phone1: '03001234567', consignee_phone2: '03217654321', consignee_phone3: '',
      consignee_address: 'House 12, Street 4, Gulshan-e-Iqbal, 75300', consignee_city: 'Karachi',
    });
    expect(orderData).toMatchObject({
      id: `gid://shopify/Order/${order.id}`, name: order.name, financial_status: 'PENDING', fulfillment_status: 'UNFULFILLED',
      currency: 'PKR', total: 5250, outstanding: 5250, shipping: 250, line_items_truncated: false,
      line_items: [{ title: 'Lawn Suit', variant_title: 'Red', sku: null, quantity: 2, price: 2500, image_url: null }],
    });
  });

  it('applies the store\'s saved settings: its default weight, and free shipping for orders whose goods reach the value', async () => {
    const order = shape(bookableOrders(sim, domain())[10]!);
    await deps.settings.save(seeded.shop._id, { free_shipping_value: 5000, default_weight: 750 }, new Date().toISOString());
    try {
      const res = await call(deps, 'storeOrders.get', { ...owner(), params: { id: order.id } });
      expect([res.body.weight, res.body.cod_amount, res.body.shipping_price, res.body.free_shipping_applied]).toEqual([750, 5000, 250, true]);
    } finally {
      await deps.settings.save(seeded.shop._id, { free_shipping_value: 0, default_weight: 100 }, new Date().toISOString());
    }
  });

  it('gives the order\'s own weight from its products (Shopify\'s totalWeight), apart from the store\'s, and 0 when they carry none', async () => {
    const weighed = shape(bookableOrders(sim, domain())[11]!, { grams: [650, 400] });
    const res = await call(deps, 'storeOrders.get', { ...owner(), params: { id: weighed.id } });
    // Shopify weighs the units ordered: 2 × 650 + 1 × 400
    expect([res.body.order_weight, res.body.weight]).toEqual([1700, 100]);
    const bare = shape(bookableOrders(sim, domain())[12]!);
    expect((await call(deps, 'storeOrders.get', { ...owner(), params: { id: bare.id } })).body.order_weight).toBe(0);
  });

  it('takes a GID as well as the numeric id, and a prepaid order collects nothing', async () => {
    const order = shape(bookableOrders(sim, domain())[1]!, { paid: true });
    const res = await call(deps, 'storeOrders.get', { ...owner(), params: { id: `gid://shopify/Order/${order.id}` } });
    expect(res.status).toBe(200);
    expect(res.body.order_id).toBe(order.id);
    expect(res.body.cod_amount).toBe(0);
  });

  it('refuses a cancelled order plainly and an unknown one as not found', async () => {
    const orders = sim.control.orders(domain());
    const cancelled = orders.find((o) => o.cancelledAt)!;
    expect((await call(deps, 'storeOrders.get', { ...owner(), params: { id: cancelled.id } })).body).toEqual({
      errors: [{ msg: 'This order is cancelled on Shopify. Restore it in Shopify to book it.', code: 'ORDER_CANCELLED', param: 'id' }],
    });
    const unknown = await call(deps, 'storeOrders.get', { ...owner(), params: { id: '1000000000001' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: [{ msg: ORDER_NOT_ON_SHOPIFY, code: 'NOT_FOUND', param: 'id' }] });
  });

  it('an order fulfilled in the Shopify admin answers 409 with the success-toned message', async () => {
    const order = bookableOrders(sim, domain())[2]!;
    const client = createShopifyClient({ shop: domain(), accessToken, origin: sim.originTemplate, apiVersion: '2026-07', fetch });
    const fos = await client.getFulfillmentOrders(order.id);
    await client.createFulfillment({ fulfillmentOrderIds: fos.map((fo) => fo.id), trackingInfo: { number: 'TCS-1', company: 'TCS' }, notifyCustomer: false });
    const res = await call(deps, 'storeOrders.get', { ...owner(), params: { id: order.id } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [{ msg: 'order is already fulfilled on shopify.', code: 'ORDER_ALREADY_FULFILLED', param: 'id' }] });
  });

  it('is refused to a USER without BOOK_ORDERS', async () => {
    const { token } = await seedUser(deps, seeded.shop._id, { scopes: ['READ_ORDERS'] });
    const res = await call(deps, 'storeOrders.get', { token, params: { id: bookableOrders(sim, domain())[0]!.id } });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('MISSING_SCOPE');
  });
});

describe('GET /get-orders-from-shopify?id=a,b', () => {
  it('totals a merge: COD without shipping plus the average shipping still owed', async () => {
    const [a, b, c] = bookableOrders(sim, domain()).slice(4, 7);
    shape(a!, { shipping: '200.0', items: [['Kurta', 'M', 1, 1, '3000.0']] });
    shape(b!, { shipping: '300.0', items: [['Shalwar', null, 2, 2, '1000.0']], phone: null });
    shape(c!, { shipping: '250.0', paid: true, items: [['Cap', null, 1, 1, '500.0']] });
    const res = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: `${a!.id}, ${b!.id},${c!.id},${a!.id}` } });
    expect(res.status).toBe(200);
    const { orders, ...totals } = res.body;
    expect(totals).toEqual({
      missing: [],
      orderNames: `${a!.name},${b!.name},${c!.name}`,
      orderids: `${a!.id},${b!.id},${c!.id}`,
      // a: 3000 + 200, b: 2000 + 300 owed; c is prepaid, its shipping was paid
      codWithoutShipping: 5000, shippingPrice: 500, avgShipping: 250, shippingIsZero: false, cod: 5250,
      pieces: 4, productsList: 'Kurta - M x 1, Shalwar x 2, Cap x 1', weight: 100, order_weight: 0,
      consignee: { name: 'Sana Iqbal', email: 'sana@example.pk', phone1: '03001234567', phone2: '03217654321', phone3: '', address: 'House 12, Street 4, Gulshan-e-Iqbal, 75300', city: 'Karachi' },
    });
    expect(orders.map((o: { name: string; cod: number; shipping: number; fulfillment: string; cancelled: boolean }) => [o.name, o.cod, o.shipping, o.fulfillment, o.cancelled])).toEqual([
      [a!.name, 3200, 200, 'UNFULFILLED', false], [b!.name, 2300, 300, 'UNFULFILLED', false], [c!.name, 0, 250, 'UNFULFILLED', false],
    ]);
    expect(orders[1].products_list).toEqual([{ node: { product: { title: 'Shalwar' }, variant: { title: null }, currentQuantity: 2, originalUnitPriceSet: { presentmentMoney: { amount: '1000.0' } } } }]);
  });

  it('lists unknown ids as missing, shows cancelled orders outside the totals, and says when it found none', async () => {
    const [a] = bookableOrders(sim, domain()).slice(7, 8);
    shape(a!, { shipping: '0.0', items: [['Shawl', null, 1, 1, '1500.0']] });
    const cancelled = sim.control.orders(domain()).find((o) => o.cancelledAt)!;
    const res = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: `${a!.id},1000000000002,${cancelled.id}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ missing: ['1000000000002'], orderids: a!.id, cod: 1500, shippingIsZero: true, avgShipping: 0 });
    expect(res.body.orders.map((o: { id: string; cancelled: boolean }) => [o.id, o.cancelled])).toEqual([[a!.id, false], [cancelled.id, true]]);

    const none = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: '1000000000002,1000000000003' } });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ errors: [{ msg: NO_ORDERS_FOUND, code: 'NOT_FOUND', param: 'id' }] });
  });

  it('weighs a merge as its orders together, and not at all when one of them has no weight', async () => {
    const [a, b, c] = bookableOrders(sim, domain()).slice(13, 16);
    shape(a!, { items: [['Kurta', 'M', 1, 1, '3000.0']], grams: [400] });
    shape(b!, { items: [['Shalwar', null, 2, 2, '1000.0']], grams: [650] });
    shape(c!, { items: [['Cap', null, 1, 1, '500.0']] });
    const weighed = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: `${a!.id},${b!.id}` } });
    expect([weighed.body.order_weight, weighed.body.weight]).toEqual([1700, 100]);
    const partly = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: `${a!.id},${b!.id},${c!.id}` } });
    expect(partly.body.order_weight).toBe(0);
  });

  it('refuses an empty or malformed list with the spec\'s words', async () => {
    const empty = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: ' , ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ msg: 'We have found no order id(s) to search order(s)', code: 'VALIDATION_FAILED' });
    const bad = await call(deps, 'storeOrders.getMany', { ...owner(), query: { id: '1001,abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ msg: 'Invalid id entered', code: 'VALIDATION_FAILED' });
  });
});

describe('GET /store-orders', () => {
  it('pages through every unfulfilled open order newest first, each once, by cursor', async () => {
    const expected = sim.control.orders(domain())
      .filter((o) => !o.cancelledAt && !o.closedAt && ['UNFULFILLED', 'PARTIALLY_FULFILLED'].includes(statusOf(o)))
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || Number(y.id) - Number(x.id)).map((o) => o.name);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const res = await call(deps, 'storeOrders.list', { ...owner(), query: { limit: '10', ...(after ? { after } : {}) } });
      expect(res.status).toBe(200);
      seen.push(...res.body.orders.map((o: { name: string }) => o.name));
      after = res.body.next ?? undefined;
      pages += 1;
    } while (after && pages < 20);
    expect(seen).toEqual(expected);
  });

  it('finds an order by its number, with or without #, and filters COD from prepaid', async () => {
    const order = bookableOrders(sim, domain())[9]!;
    for (const search of [order.name, order.name.slice(1)]) {
      const res = await call(deps, 'storeOrders.list', { ...owner(), query: { search } });
      expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    }
    const cod = await call(deps, 'storeOrders.list', { ...owner(), query: { filter: 'cod', limit: '100' } });
    expect(cod.body.orders.length).toBeGreaterThan(0);
    expect(new Set(cod.body.orders.map((o: { financial_status: string }) => o.financial_status))).toEqual(new Set(['PENDING']));
  });

  it('says that a searched order number was cancelled on Shopify, which no filter lists', async () => {
    const order = bookableOrders(sim, domain())[12]!;
    order.cancelledAt = '2026-11-20T10:00:00.000Z';
    try {
      for (const search of [order.name, order.name.slice(1)]) {
        const res = await call(deps, 'storeOrders.list', { ...owner(), query: { filter: 'all_open', search } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ orders: [], next: null, cancelled: { name: order.name } });
      }
      // a number no order has, or text, is only no match
      for (const search of ['987654', 'nobody at all']) {
        expect((await call(deps, 'storeOrders.list', { ...owner(), query: { filter: 'all_open', search } })).body).toEqual({ orders: [], next: null });
      }
    } finally {
      order.cancelledAt = null;
    }
  });

  it('answers a cursor Shopify never issued with a 400 that says to start again', async () => {
    const res = await call(deps, 'storeOrders.list', { ...owner(), query: { after: 'bm90LWEtY3Vyc29y' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ msg: STALE_CURSOR, code: 'VALIDATION_FAILED', param: 'after' }] });
  });
});

describe('query cost (reference/shopify.md §4.1)', () => {
  it('asks Shopify for few points per lookup (the bucket is shared with bookings)', async () => {
    const costs: Record<string, number> = {};
    let last: QueryCost | undefined;
    const client = createShopifyClient({ shop: domain(), accessToken, origin: sim.originTemplate, apiVersion: '2026-07', fetch, onCost: (cost) => { last = cost; } });
    // orders no case above reshaped
    const ids = bookableOrders(sim, domain()).slice(-3).map((o) => o.id);
    await client.getOrder(ids[0]!);
    costs.order = last!.requestedQueryCost;
    await client.getOrders(ids);
    costs.threeOrders = last!.requestedQueryCost;
    await client.listOrders({ first: 25 });
    costs.page = last!.requestedQueryCost;
    await client.getFulfillmentOrders(ids[0]!);
    costs.fulfillmentOrders = last!.requestedQueryCost;
    console.info('requested query cost', costs);
    expect(costs.fulfillmentOrders).toBeLessThanOrEqual(140);
    expect(costs.order).toBeLessThan(300);
    expect(costs.page).toBeLessThanOrEqual(102);
  });
});
