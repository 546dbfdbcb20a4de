import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopifyError, ShopifyUserErrors } from '../../../functions/domain/ports/shopify';
import type { ShopifyClient } from '../../../functions/adapters/shopify/graphql';
import { SCOPES, SHOP, startHarness, type Harness } from './test-fixture';

let h: Harness;
let client: ShopifyClient;
beforeAll(async () => {
  h = await startHarness({ orders: 40 });
  client = h.client((await h.install()).accessToken);
});
afterAll(() => h.stop());

const openOrder = (index = 0) =>
  h.sim.control.orders(SHOP).filter((o) => !o.cancelledAt && o.fulfillments.length === 0 && o.fulfillmentOrders.length === 1)[index];

describe('fulfillments', () => {
  it('books: fulfillmentCreate closes the FO, fulfils the order and sends webhooks; cancel reopens the work', async () => {
    const record = openOrder();
    expect(record).toBeDefined();
    const orderId = record?.id ?? '';
    const fos = await client.getFulfillmentOrders(orderId);
    expect(fos).toHaveLength(1);
    const fo = fos[0];
    expect(fo?.status).toBe('OPEN');
    expect(fo?.supportedActions).toContain('CREATE_FULFILLMENT');
    expect(fo?.locationName).toBeTruthy();
    expect(fo?.lineItems.every((li) => li.remainingQuantity === li.totalQuantity)).toBe(true);

    const before = h.sim.control.deliveries().length;
    const fulfillment = await client.createFulfillment({
      fulfillmentOrderIds: [fo?.id ?? ''],
      trackingInfo: { number: 'KHI123456789', company: 'Leopards', url: 'https://courier.example/track/KHI123456789' },
      notifyCustomer: true,
    });
    expect(fulfillment.status).toBe('SUCCESS');
    expect(fulfillment.trackingInfo).toEqual([{ company: 'Leopards', number: 'KHI123456789', url: 'https://courier.example/track/KHI123456789' }]);

    const after = await client.getOrder(orderId);
    expect(after?.displayFulfillmentStatus).toBe('FULFILLED');
    const closed = await client.getFulfillmentOrders(orderId);
    expect(closed[0]?.status).toBe('CLOSED');
    expect(closed[0]?.supportedActions).toEqual([]);
    expect(h.sim.control.deliveries().slice(before).map((d) => d.topic)).toEqual(['fulfillments/create', 'orders/updated']);

    // Booking twice is refused and changes nothing.
    const again = await client
      .createFulfillment({ fulfillmentOrderIds: [fo?.id ?? ''], trackingInfo: { number: 'X', company: 'TCS' }, notifyCustomer: false })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ShopifyUserErrors);
    expect(h.sim.control.orders(SHOP).find((o) => o.id === orderId)?.fulfillments).toHaveLength(1);

    const cancelled = await client.cancelFulfillment(fulfillment.id);
    expect(cancelled.status).toBe('CANCELLED');
    expect((await client.getOrder(orderId))?.displayFulfillmentStatus).toBe('UNFULFILLED');
    const reopened = await client.getFulfillmentOrders(orderId);
    expect(reopened.map((f) => f.status)).toEqual(['CLOSED', 'OPEN']);
    expect(reopened[1]?.lineItems.map((li) => li.remainingQuantity)).toEqual(fo?.lineItems.map((li) => li.totalQuantity));

    await expect(client.cancelFulfillment(fulfillment.id)).rejects.toBeInstanceOf(ShopifyUserErrors);
    await expect(client.cancelFulfillment('gid://shopify/Fulfillment/1111111111111')).rejects.toBeInstanceOf(ShopifyUserErrors);
  });

  it('partially fulfils with explicit quantities and checks them', async () => {
    const record = h.sim.control.orders(SHOP).find((o) => !o.cancelledAt && o.fulfillments.length === 0 && o.lineItems.length > 1 && o.fulfillmentOrders.length === 1);
    expect(record).toBeDefined();
    const fo = record?.fulfillmentOrders[0];
    const line = fo?.lineItems[0];
    const mutation = `mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id status } userErrors { field message } } }`;
    const input = (quantity: number) => ({
      f: {
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${fo?.id}`, fulfillmentOrderLineItems: [{ id: `gid://shopify/FulfillmentOrderLineItem/${line?.id}`, quantity }] },
        ],
        trackingInfo: { number: 'LHR-1', company: 'TCS' },
      },
    });
    const tooMany = await client.request<{ fulfillmentCreate: { userErrors: { field: string[] }[] } }>(mutation, input((line?.remainingQuantity ?? 0) + 1));
    expect(tooMany.fulfillmentCreate.userErrors[0]?.field).toEqual(['fulfillment', 'lineItemsByFulfillmentOrder', '0', 'fulfillmentOrderLineItems', '0', 'quantity']);
    const ok = await client.request<{ fulfillmentCreate: { fulfillment: { status: string } } }>(mutation, input(line?.remainingQuantity ?? 1));
    expect(ok.fulfillmentCreate.fulfillment.status).toBe('SUCCESS');
    expect((await client.getOrder(record?.id ?? ''))?.displayFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect((await client.getFulfillmentOrders(record?.id ?? ''))[0]?.status).toBe('IN_PROGRESS');
  });

  it('refuses fulfillment orders of cancelled orders and unknown ids', async () => {
    const cancelled = h.sim.control.orders(SHOP).find((o) => o.cancelledAt);
    await expect(
      client.createFulfillment({ fulfillmentOrderIds: [cancelled?.fulfillmentOrders[0]?.id ?? ''], trackingInfo: { number: 'X', company: 'TCS' }, notifyCustomer: false }),
    ).rejects.toBeInstanceOf(ShopifyUserErrors);
    await expect(
      client.createFulfillment({ fulfillmentOrderIds: ['gid://shopify/FulfillmentOrder/1000000000000'], trackingInfo: { number: 'X', company: 'TCS' }, notifyCustomer: false }),
    ).rejects.toThrow(/does not exist/);
  });

  it('accepts fulfillmentCreateV2 as an alias', async () => {
    const record = openOrder(3);
    const data = await client.request<{ fulfillmentCreateV2: { fulfillment: { status: string } } }>(
      `mutation($f: FulfillmentV2Input!) { fulfillmentCreateV2(fulfillment: $f) { fulfillment { status } userErrors { message } } }`,
      { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${record?.fulfillmentOrders[0]?.id}` }] } },
    );
    expect(data.fulfillmentCreateV2.fulfillment.status).toBe('SUCCESS');
  });

  it('answers ACCESS_DENIED without the fulfillment-order scopes', async () => {
    h.sim.control.setScopes(SHOP, ['read_orders', 'write_orders']);
    try {
      const error = (await client.getFulfillmentOrders(openOrder(5)?.id ?? '').catch((e: unknown) => e)) as ShopifyError;
      expect(error.code).toBe('ACCESS_DENIED');
      const write = (await client
        .createFulfillment({ fulfillmentOrderIds: [openOrder(5)?.fulfillmentOrders[0]?.id ?? ''], trackingInfo: { number: 'X', company: 'TCS' }, notifyCustomer: false })
        .catch((e: unknown) => e)) as ShopifyError;
      expect(write.code).toBe('ACCESS_DENIED');
    } finally {
      h.sim.control.setScopes(SHOP, SCOPES);
    }
  });
});

describe('tags', () => {
  it('adds and removes idempotently, case-insensitively, keeping the first casing', async () => {
    const order = openOrder(1);
    const id = order?.id ?? '';
    const start = [...(order?.tags ?? [])];
    const before = h.sim.control.deliveries({ topic: 'orders/updated' }).length;
    expect(await client.addTags(id, ['Dakiya: Booked', ' in-transit '])).toEqual([...start, 'Dakiya: Booked', 'in-transit']);
    expect(await client.addTags(id, ['dakiya: booked', 'IN-TRANSIT'])).toEqual([...start, 'Dakiya: Booked', 'in-transit']);
    expect(await client.addTags(id, ['delivered, cod-collected'])).toEqual([...start, 'Dakiya: Booked', 'in-transit', 'delivered', 'cod-collected']);
    expect(await client.removeTags(id, ['IN-TRANSIT', 'not-there'])).toEqual([...start, 'Dakiya: Booked', 'delivered', 'cod-collected']);
    expect(await client.removeTags(id, ['in-transit'])).toEqual([...start, 'Dakiya: Booked', 'delivered', 'cod-collected']);
    // Only real changes fire orders/updated (3 changes above).
    expect(h.sim.control.deliveries({ topic: 'orders/updated' }).length - before).toBe(3);
  });

  it('reports unknown ids as userErrors', async () => {
    await expect(client.addTags('gid://shopify/Order/4444444444444', ['x'])).rejects.toThrow(/Order does not exist/);
  });
});

describe('fulfillment events (the status sync shows the parcel\'s steps on the order)', () => {
  it('fulfillmentEventCreate adds a step to the fulfillment, its display status follows, and a cancelled fulfillment takes none', async () => {
    const record = openOrder(1);
    const [fo] = await client.getFulfillmentOrders(record?.id ?? '');
    const fulfillment = await client.createFulfillment({ fulfillmentOrderIds: [fo?.id ?? ''], trackingInfo: { number: 'LE777', company: 'Leopards' }, notifyCustomer: false });
    const before = h.sim.control.deliveries().length;

    const event = await client.createFulfillmentEvent({ fulfillmentId: fulfillment.id, status: 'IN_TRANSIT', happenedAt: '2026-11-26T05:00:00.000Z', message: 'Dispatched' });
    expect(event).toMatchObject({ status: 'IN_TRANSIT' });
    expect(event.id).toMatch(/^gid:\/\/shopify\/FulfillmentEvent\//);
    await client.createFulfillmentEvent({ fulfillmentId: fulfillment.id, status: 'DELIVERED' });

    const read = await client.request<{ fulfillment: { displayStatus: string; events: { nodes: { status: string; message: string | null; happenedAt: string }[] } } }>(
      'query Steps($id: ID!) { fulfillment(id: $id) { displayStatus events(first: 10) { nodes { status message happenedAt } } } }', { id: fulfillment.id });
    expect(read.fulfillment.displayStatus).toBe('DELIVERED');
    expect(read.fulfillment.events.nodes.map((e) => [e.status, e.message])).toEqual([['IN_TRANSIT', 'Dispatched'], ['DELIVERED', null]]);
    expect(read.fulfillment.events.nodes[0]?.happenedAt).toBe('2026-11-26T05:00:00.000Z');
    // no webhook: Dakiya subscribes none for events, and edits it makes cause no traffic back
    expect(h.sim.control.deliveries().length).toBe(before);

    await client.cancelFulfillment(fulfillment.id);
    await expect(client.createFulfillmentEvent({ fulfillmentId: fulfillment.id, status: 'FAILURE' })).rejects.toThrow(/cancelled fulfillment/);
    await expect(client.createFulfillmentEvent({ fulfillmentId: 'gid://shopify/Fulfillment/999999999', status: 'DELIVERED' })).rejects.toBeInstanceOf(ShopifyUserErrors);
  });
});
