import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { expectConsoleError, shot } from './browser';

export const DEMO_SHOP = 'dakiya-demo.myshopify.com';

export interface SimOrder {
  id: string;
  name: string;
  cancelledAt: string | null;
  financialStatus: string;
  fulfillments: { id: string; status: 'SUCCESS' | 'CANCELLED'; tracking: { company: string | null; number: string | null }[] }[];
  /** `grams`: the variant's weight per unit (0: the merchant never set one). */
  lineItems: { currentQuantity: number; grams: number }[];
  tags: string[];
  /** null: an order Shopify ships nowhere (a pickup, a gift card), which the form cannot book as it is. */
  shippingAddress: { address1: string | null; phone: string | null } | null;
  phone: string | null;
}

/** The Shopify simulator's records of the demo store's orders. */
export async function simOrders(shop = DEMO_SHOP): Promise<SimOrder[]> {
  const res = await fetch(`${inject('shopifyUrl')}/_fake/shops/${shop}/orders`);
  const body = (await res.json()) as SimOrder[] | { orders: SimOrder[] };
  return Array.isArray(body) ? body : body.orders;
}

/** The Shopify simulator's record of one order of the demo store (what Shopify's admin would show). */
export async function simOrder(id: string, shop = DEMO_SHOP): Promise<SimOrder> {
  const order = (await simOrders(shop)).find((o) => o.id === id);
  if (!order) throw new Error(`order ${id} is not in the simulator`);
  return order;
}

/** A courier simulator's control call (`/_sim/…`): faults, scenarios. */
export async function courierSim(courier: string, path: string, body: object, method = 'POST'): Promise<void> {
  const res = await fetch(`${inject('courierUrls')[courier]}/_sim/${path}`, {
    method, headers: { 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${courier} ${path}: ${res.status} ${await res.text()}`);
}

/**
 * The first order on the store-orders page that is not `taken`, has a Book link (not one needing a check), has a
 * shipping address and was never fulfilled on Shopify, by name: flows share one world, and an order another flow
 * booked and cancelled is open again but carries that history, which a flow asserting Shopify's fulfillments would
 * read as its own.
 * `unweighed`: one Shopify has no weight for, so the booking form starts from the account's weight (an order's own comes first).
 */
export async function freeOrderOnPage(page: Page, taken: Set<string> = new Set(), opts: { unweighed?: boolean } = {}): Promise<{ name: string; id: string }> {
  await page.locator('[data-testid^="store-order-#"]').first().waitFor();
  const names = (await page.locator('[data-testid^="store-order-book-#"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? '')))
    .map((id) => id.replace('store-order-book-', ''));
  const orders = await simOrders();
  // fulfilled once (even if cancelled since), with nowhere to ship to or no phone to call: not the plain order a flow books
  const used = new Set(orders.filter((o) => o.fulfillments.length > 0 || !o.shippingAddress?.address1 || !(o.shippingAddress.phone || o.phone)).map((o) => o.name));
  const weighed = opts.unweighed
    ? new Set(orders.filter((o) => o.lineItems.some((li) => li.grams > 0)).map((o) => o.name))
    : new Set<string>();
  const name = names.find((n) => !taken.has(n) && !used.has(n) && !weighed.has(n));
  if (!name) throw new Error('no order left on the page');
  taken.add(name);
  const href = await page.getByTestId(`store-order-book-${name}`).getAttribute('href');
  return { name, id: new URL(href!, 'http://x').searchParams.get('id')! };
}

/** Waits for the book form to be filled from Shopify and a destination city to be chosen (a suggestion if the matcher was unsure). */
export async function formReady(page: Page): Promise<void> {
  await page.getByTestId('book-form').waitFor();
  await expect.poll(async () => (await page.getByTestId('book-city').locator('option').count()) > 1, { timeout: 15_000 }).toBe(true);
  if (!(await page.getByTestId('book-city').inputValue())) {
    const suggestion = page.locator('[data-testid^="book-city-suggestion-"]').first();
    if (await suggestion.count()) await suggestion.click();
    else await page.getByTestId('book-city').selectOption({ index: 1 });
  }
  await expect.poll(() => page.getByTestId('book-city').inputValue()).not.toBe('');
}

/** Product images are on Shopify's CDN, which this closed network cannot reach: the page shows its placeholder instead. */
export function offlineImages(page: Page): void {
  expectConsoleError(page, /ERR_NAME_NOT_RESOLVED \(https:\/\/cdn\.shopify\.com\//);
}

/** A full-page screenshot from the top (the shell's bars are sticky: a scrolled page would show them mid-page). */
export async function topShot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(page, name);
}

/** Chooses a tracking account on the booking form by its name and waits for the form to settle. */
export async function chooseAccount(page: Page, name: string): Promise<void> {
  const value = await page.getByTestId('book-account').locator('option', { hasText: `${name} · ` }).first().getAttribute('value');
  await page.getByTestId('book-account').selectOption(value!);
  await formReady(page);
}
