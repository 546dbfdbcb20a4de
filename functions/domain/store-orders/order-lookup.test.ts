import { describe, expect, it } from 'vitest';
import type { ShopifyOrder } from '../ports/shopify';
import { codOf, lookupOf, mergeOf } from './order-lookup';

const pkr = (amount: number) => ({ amount: amount.toFixed(1), currencyCode: 'PKR' });

/** A COD order worth `goods` with `shipping` on top, all of it still owed unless `paid`. */
function order(id: string, goods: number, shipping: number, opts: { paid?: boolean } = {}): ShopifyOrder {
  const total = goods + shipping;
  return {
    id: `gid://shopify/Order/${id}`, legacyResourceId: id, name: `#${id.slice(-4)}`, email: null, phone: null,
    createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', processedAt: '2026-11-20T10:00:00Z',
    cancelledAt: null, cancelReason: null, closed: false, test: false,
    displayFinancialStatus: opts.paid ? 'PAID' : 'PENDING', displayFulfillmentStatus: 'UNFULFILLED', tags: [], note: null, paymentGatewayNames: [],
    totalPrice: pkr(total), currentTotalPrice: pkr(total), subtotalPrice: pkr(goods), totalShipping: pkr(shipping), totalDiscounts: pkr(0),
    totalOutstanding: pkr(opts.paid ? 0 : total), totalWeight: null, shippingAddress: null, shippingLines: [], discounts: [],
    lineItems: [{ id: 'li', title: 'Kurta', variantTitle: null, sku: null, quantity: 1, currentQuantity: 1, unitPrice: pkr(goods), imageUrl: null }],
    lineItemsTruncated: false,
  };
}

describe('the free-shipping setting', () => {
  it('is off at 0: the whole outstanding amount is collected', () => {
    expect(codOf(order('1000000000001', 4000, 250), { freeShippingValue: 0, defaultWeight: 100 })).toEqual({ cod: 4250, shipping: 250, freeShipping: false });
  });

  it('takes the shipping charge off the COD of an order whose goods reach it, and only those', () => {
    const defaults = { freeShippingValue: 4000, defaultWeight: 500 };
    expect(codOf(order('1000000000001', 4000, 250), defaults)).toEqual({ cod: 4000, shipping: 250, freeShipping: true });
    expect(codOf(order('1000000000002', 3950, 250), defaults)).toEqual({ cod: 4200, shipping: 250, freeShipping: false });
    const lookup = lookupOf(order('1000000000001', 4000, 250), defaults);
    expect([lookup.cod_amount, lookup.free_shipping_applied, lookup.weight]).toEqual([4000, true, 500]);
  });

  it('on a merge, the goods together decide, and then no shipping is collected at all', () => {
    const orders = [order('1000000000001', 2000, 200), order('1000000000002', 2500, 300)];
    const charged = mergeOf(orders, [], { freeShippingValue: 5000, defaultWeight: 100 });
    expect([charged.codWithoutShipping, charged.avgShipping, charged.cod, charged.shippingIsZero]).toEqual([4500, 250, 4750, false]);
    const free = mergeOf(orders, [], { freeShippingValue: 4500, defaultWeight: 100 });
    expect([free.codWithoutShipping, free.avgShipping, free.shippingPrice, free.cod, free.shippingIsZero]).toEqual([4500, 0, 0, 4500, true]);
  });
});
