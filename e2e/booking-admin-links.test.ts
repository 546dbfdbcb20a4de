import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocClient } from '../functions/adapters/dynamo/client';
import { expectRefusal, launch, newPage, shot, signIn } from './support/browser';
import { signedIn, VIEWPORTS } from './support/failures';
import { DEMO_SHOP, formReady, offlineImages, simOrders } from './support/booking';

/**
 * Shopify's admin links (reference/shopify.md §6), made by the simulator as Shopify would: 'Book with
 * Dakiya' on an order opens its booking form, the bulk action on a selection opens bulk booking.
 */
let browser: Browser;
beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

async function link(query: string): Promise<string> {
  const res = await fetch(`${inject('shopifyUrl')}/_fake/admin-link?shop=${DEMO_SHOP}&${query}`);
  return ((await res.json()) as { url: string }).url;
}

/** Unfulfilled, open orders of the demo store, oldest first (the booking flows take the newest). */
async function openOrders(): Promise<{ id: string; name: string }[]> {
  const res = await fetch(`${inject('shopifyUrl')}/_fake/shops/${DEMO_SHOP}/orders`);
  const orders = (await res.json()) as { id: string; name: string; cancelledAt: string | null; closedAt: string | null; fulfillments: unknown[]; financialStatus: string }[];
  return orders.filter((o) => !o.cancelledAt && !o.closedAt && o.fulfillments.length === 0 && o.financialStatus === 'PAID');
}

/** The mark an `orders/cancelled` webhook leaves on the booking (written as the booking repository appends it). */
async function markCancelledInShopify(tracking: string, orderName: string): Promise<void> {
  const { endpoint, name } = inject('table');
  const db = createDocClient({ region: 'us-east-1', endpoint });
  const { Item } = await db.send(new GetCommand({ TableName: name, Key: { pk: `DOMAIN#${DEMO_SHOP}`, sk: 'DOMAIN' } }));
  const mark = { reason: 'ORDER_CANCELLED_IN_SHOPIFY', message: `Order ${orderName} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`, at: new Date().toISOString(), order_name: orderName };
  await db.send(new UpdateCommand({
    TableName: name, Key: { pk: `SHOP#${Item!.shopId as string}`, sk: `BOOKING#${tracking}` },
    UpdateExpression: 'SET attention = list_append(if_not_exists(attention, :none), :mark)', ExpressionAttributeValues: { ':none': [], ':mark': [mark] },
  }));
}

describe('opening Dakiya from an order in the Shopify admin', () => {
  it('Book with Dakiya opens that order\'s booking form, after signing in when needed', async () => {
    const [order] = await openOrders();
    const page = await signedIn(browser, inject('owner'));
    await page.goto(await link(`order=${order!.id}&path=/orders/book`));
    await page.waitForURL(`**/dashboard/order/book?id=${order!.id}`);
    await expect.poll(() => page.getByTestId('book-order-name').innerText()).toBe(order!.name);
    await shot(page, 'admin-link-book');

    // someone not signed in signs in first and is brought to the same form
    const stranger = await newPage(browser);
    await stranger.goto(await link(`order=${order!.id}&path=/orders/book`));
    await stranger.waitForURL('**/login');
    await signIn(stranger, inject('owner').email, inject('owner').password);
    await stranger.waitForURL(`**/dashboard/order/book?id=${order!.id}`);
    await expect.poll(() => stranger.getByTestId('book-order-name').innerText()).toBe(order!.name);
  });

  it('the bulk action on a selection opens bulk booking with every selected order', async () => {
    const orders = (await openOrders()).slice(1, 4);
    const page = await signedIn(browser, inject('owner'));
    await page.goto(await link(`orders=${orders.map((o) => o.id).join(',')}&path=/orders/bulk`));
    await page.waitForURL('**/dashboard/bulk-book?ids[]=*');
    expect(new URL(page.url()).searchParams.getAll('ids[]')).toEqual(orders.map((o) => o.id));
    await expect.poll(() => page.getByTestId('bulk-submit').innerText()).toBe('Book 3 orders');
    await shot(page, 'admin-link-bulk');
  });

  it.each(VIEWPORTS)('Book with Dakiya on an order Dakiya booked says so and opens that booking (%s)', async (size, viewport) => {
    // cash-on-delivery orders after the two the bulk names flow takes
    const open = (await simOrders()).filter((o) => !o.cancelledAt && o.fulfillments.length === 0 && o.financialStatus !== 'PAID' && o.lineItems.some((li) => li.currentQuantity > 0));
    const order = open[size === 'desktop' ? 2 : 3]!;
    const page = await signedIn(browser, inject('owner'), viewport);
    offlineImages(page);
    await page.goto(`/dashboard/order/book?id=${order.id}`);
    await formReady(page);
    await page.getByTestId('book-submit').click();
    await page.waitForURL('**/dashboard/post-booking?tracking=*');
    const tracking = new URL(page.url()).searchParams.get('tracking')!;

    expectRefusal(page, 409, `/get-order-from-shopify/${order.id}`);
    await page.goto(await link(`order=${order.id}&path=/orders/book`));
    await page.waitForURL(`**/dashboard/order/book?id=${order.id}`);
    await expect.poll(() => page.getByTestId('book-load-banner-message').innerText())
      .toBe(`This order is already booked with Dakiya (tracking number ${tracking}). Open the booking to track or cancel it.`);
    expect(await page.getByTestId('book-load-banner').getAttribute('data-tone')).toBe('success');
    expect(await page.getByTestId('book-load-retry').count()).toBe(0);
    await shot(page, `admin-link-booked-${size}`);
    await page.getByTestId('book-load-booking').click();
    await page.waitForURL(`**/dashboard/post-booking?tracking=${tracking}`);
    await expect.poll(() => page.getByTestId('post-booking-tracking').innerText()).toBe(tracking);

    // the order is then cancelled in the Shopify admin (the mark its webhook leaves): the owner is told to
    // cancel and has Cancel; a staff member who may not cancel is asked to have it cancelled
    await markCancelledInShopify(tracking, order.name);
    await page.reload();
    await expect.poll(() => page.getByTestId('post-booking-attention').innerText()).toContain(`Order ${order.name} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`);
    expect(await page.getByTestId('post-booking-cancel').count()).toBe(1);
    // the orders list's row opens its tracking info, which says it too: the row's badge keeps it in a title, which no phone shows
    await page.goto(`/dashboard/orders?query=${tracking}`);
    await page.locator('[data-testid^="order-row-"]', { hasText: order.name }).first().getByRole('button', { name: `Tracking info of ${order.name}` }).click();
    await expect.poll(() => page.getByTestId('tracking-modal-attention').innerText()).toContain(`Order ${order.name} was cancelled in Shopify. If the parcel should not go out, cancel this booking.`);
    await shot(page, `orders-attention-tracking-info-${size}`);
    const staff = await signedIn(browser, inject('staff'), viewport);
    offlineImages(staff);
    await staff.goto(`/dashboard/post-booking?tracking=${tracking}`);
    await expect.poll(() => staff.getByTestId('post-booking-attention').innerText()).toContain(
      `Order ${order.name} was cancelled in Shopify. If the parcel should not go out, ask an admin, or a staff member allowed to cancel bookings, to cancel this booking.`,
    );
    expect(await staff.getByTestId('post-booking-cancel').count()).toBe(0);
    await shot(staff, `post-booking-attention-staff-${size}`);
  });
});
