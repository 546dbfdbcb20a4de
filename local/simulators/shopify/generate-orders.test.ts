import { describe, expect, it } from 'vitest';
import { generateOrders } from './generate-orders';
import { displayFulfillmentStatus, totals } from './order-math';

const NOW = Date.UTC(2026, 7, 2, 8, 0, 0);

describe('generateOrders', () => {
  const orders = generateOrders(300, 7, { now: NOW });

  it('is deterministic for a seed and a clock', () => {
    expect(generateOrders(300, 7, { now: NOW })).toEqual(orders);
    expect(generateOrders(300, 8, { now: NOW })).not.toEqual(orders);
  });

  it('numbers orders #1001… in creation order with ≥13-digit ids', () => {
    expect(orders.map((o) => o.name).slice(0, 3)).toEqual(['#1001', '#1002', '#1003']);
    expect(orders.every((o) => /^\d{13,}$/.test(o.id))).toBe(true);
    expect(new Set(orders.map((o) => o.id)).size).toBe(300);
    const created = orders.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort());
    expect(orders.every((o) => Date.parse(o.createdAt) <= NOW && NOW - Date.parse(o.createdAt) <= 45 * 86_400_000)).toBe(true);
  });

  it('looks like a Pakistani store: PKR, COD pending, paid, cancelled, local cities and phones', () => {
    const count = (f: (o: (typeof orders)[number]) => boolean) => orders.filter(f).length;
    expect(orders.every((o) => o.currency === 'PKR')).toBe(true);
    expect(count((o) => o.financialStatus === 'PENDING' && o.paymentGatewayNames[0] === 'Cash on Delivery (COD)')).toBeGreaterThan(150);
    expect(count((o) => o.financialStatus === 'PAID')).toBeGreaterThan(40);
    expect(count((o) => o.cancelledAt !== null)).toBeGreaterThan(5);
    expect(count((o) => displayFulfillmentStatus(o) === 'FULFILLED')).toBeGreaterThan(5);
    const cities = new Set(orders.map((o) => o.shippingAddress?.city));
    for (const city of ['Karachi', 'Lahore', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar']) expect(cities).toContain(city);
    const phones = orders.map((o) => o.shippingAddress?.phone).filter((p): p is string => Boolean(p));
    expect(phones.some((p) => /^\+92 3\d{2} \d{7}$/.test(p))).toBe(true);
    expect(phones.some((p) => /^03\d{9}$/.test(p))).toBe(true);
    expect(phones.every((p) => /^(\+?92|0)[ -]?3\d{2}[ -]?\d{7}$/.test(p))).toBe(true);
  });

  it('has 1–3 line items, some without image or variant, and 1–2 fulfillment orders', () => {
    expect(orders.every((o) => o.lineItems.length >= 1 && o.lineItems.length <= 3)).toBe(true);
    expect(orders.some((o) => o.lineItems.some((li) => li.imageUrl === null))).toBe(true);
    expect(orders.some((o) => o.lineItems.some((li) => li.variantTitle === null))).toBe(true);
    expect(orders.some((o) => o.fulfillmentOrders.length === 2)).toBe(true);
    for (const o of orders) {
      const foUnits = o.fulfillmentOrders.flatMap((fo) => fo.lineItems).reduce((s, li) => s + li.totalQuantity, 0);
      expect(foUnits).toBe(o.lineItems.reduce((s, li) => s + li.quantity, 0));
      expect(totals(o).total).toBeGreaterThan(0);
    }
  });
});
