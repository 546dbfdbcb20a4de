import type { FulfillmentOrderRecord, OrderRecord } from './records';

/** Shopify's decimal strings: at least one decimal ("2500.0"), at most two ("25.98"). */
export function money(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

export function num(value: string): number {
  return Number.parseFloat(value);
}

export interface OrderTotals {
  lineItems: number;
  currentLineItems: number;
  lineDiscounts: number;
  shippingDiscounts: number;
  shipping: number;
  tax: number;
  subtotal: number;
  currentSubtotal: number;
  total: number;
  currentTotal: number;
  outstanding: number;
}

/** Totals derived from the records so they can never drift from the line items. */
export function totals(order: OrderRecord): OrderTotals {
  const lineItems = order.lineItems.reduce((sum, li) => sum + num(li.price) * li.quantity, 0);
  const currentLineItems = order.lineItems.reduce((sum, li) => sum + num(li.price) * li.currentQuantity, 0);
  const lineDiscounts = order.discounts.filter((d) => d.targetType === 'LINE_ITEM').reduce((s, d) => s + num(d.amount), 0);
  const shippingDiscounts = order.discounts.filter((d) => d.targetType === 'SHIPPING_LINE').reduce((s, d) => s + num(d.amount), 0);
  const shipping = order.shippingLines.reduce((sum, l) => sum + num(l.price), 0);
  const tax = num(order.totalTax);
  const subtotal = Math.max(0, lineItems - lineDiscounts);
  const currentSubtotal = Math.max(0, currentLineItems - lineDiscounts);
  const total = subtotal + shipping - shippingDiscounts + tax;
  const currentTotal = currentSubtotal + shipping - shippingDiscounts + tax;
  const unpaid = order.financialStatus === 'PENDING' || order.financialStatus === 'AUTHORIZED';
  const outstanding = order.cancelledAt ? 0 : unpaid ? currentTotal : 0;
  return { lineItems, currentLineItems, lineDiscounts, shippingDiscounts, shipping, tax, subtotal, currentSubtotal, total, currentTotal, outstanding };
}

/** Units of each line item covered by successful fulfillments. */
export function fulfilledQuantities(order: OrderRecord): Map<string, number> {
  const done = new Map<string, number>();
  for (const f of order.fulfillments) {
    if (f.status !== 'SUCCESS') continue;
    for (const li of f.lineItems) done.set(li.lineItemId, (done.get(li.lineItemId) ?? 0) + li.quantity);
  }
  return done;
}

export type DisplayFulfillmentStatus = 'FULFILLED' | 'PARTIALLY_FULFILLED' | 'UNFULFILLED' | 'ON_HOLD' | 'IN_PROGRESS';

export function displayFulfillmentStatus(order: OrderRecord): DisplayFulfillmentStatus {
  const done = fulfilledQuantities(order);
  const wanted = order.lineItems.filter((li) => li.currentQuantity > 0);
  const fulfilledUnits = [...done.values()].reduce((a, b) => a + b, 0);
  if (wanted.length > 0 && wanted.every((li) => (done.get(li.id) ?? 0) >= li.currentQuantity)) return 'FULFILLED';
  if (fulfilledUnits > 0) return 'PARTIALLY_FULFILLED';
  if (order.fulfillmentOrders.some((fo) => fo.status === 'ON_HOLD')) return 'ON_HOLD';
  return 'UNFULFILLED';
}

/** What the merchant can do with a fulfillment order, by status ([unc] list, §3.5). */
export function supportedActions(fo: FulfillmentOrderRecord): string[] {
  // another fulfillment service's work: the merchant (and this app) can only ask that service to fulfil
  if (fo.fulfillmentService && (fo.status === 'OPEN' || fo.status === 'IN_PROGRESS')) return ['REQUEST_FULFILLMENT', 'CANCEL_FULFILLMENT_ORDER'];
  switch (fo.status) {
    case 'OPEN':
      return ['CREATE_FULFILLMENT', 'REQUEST_FULFILLMENT', 'HOLD', 'MOVE'];
    case 'IN_PROGRESS':
      return ['CREATE_FULFILLMENT', 'HOLD'];
    case 'ON_HOLD':
      return ['RELEASE_HOLD'];
    default:
      return [];
  }
}

export function isFulfillable(fo: FulfillmentOrderRecord): boolean {
  return supportedActions(fo).includes('CREATE_FULFILLMENT');
}
