import { normalisePkMobile, type MergeLookup, type MergeOrder, type OrderLookup, type StoreOrder } from '@dakiya/shared';
import type { Money, ShopifyAddress, ShopifyOrder, ShopifyOrderSummary } from '../ports/shopify';
import { mergedWeight, startingWeight, type StoreDefaults } from './store-defaults';

/** Shopify sends decimal strings; money here is rupees with paisa, rounded once per step. */
export const amount = (money: Money | null | undefined): number => round2(Number(money?.amount ?? 0) || 0);
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Units still to ship: removed and refunded units (currentQuantity excludes them) are not packed. */
const shippableItems = (order: ShopifyOrder) => order.lineItems.filter((item) => item.currentQuantity > 0);

export function productsList(order: ShopifyOrder): string {
  return shippableItems(order)
    .map((item) => `${item.title}${item.variantTitle ? ` - ${item.variantTitle}` : ''} x ${item.currentQuantity}`)
    .join(', ');
}

const pieces = (order: ShopifyOrder) => shippableItems(order).reduce((sum, item) => sum + item.currentQuantity, 0);

/** What the merchandise is worth after discounts, before shipping: what the free-shipping value is compared with. */
const goodsValue = (order: Pick<ShopifyOrder, 'currentTotalPrice' | 'totalShipping'>) => Math.max(0, amount(order.currentTotalPrice) - amount(order.totalShipping));

/**
 * The COD of one order: Shopify's outstanding amount (what the customer still owes; 0 for a prepaid
 * order). When the store's free-shipping value is set and the goods reach it, the shipping charge
 * is not collected.
 */
export function codOf(order: Pick<ShopifyOrder, 'currentTotalPrice' | 'totalShipping' | 'totalOutstanding'>, defaults: StoreDefaults): { cod: number; shipping: number; freeShipping: boolean } {
  const outstanding = amount(order.totalOutstanding);
  const shipping = amount(order.totalShipping);
  const freeShipping = defaults.freeShippingValue > 0 && shipping > 0 && goodsValue(order) >= defaults.freeShippingValue;
  return { cod: freeShipping ? round2(Math.max(0, outstanding - shipping)) : outstanding, shipping, freeShipping };
}

/** A phone as couriers want it when it is a Pakistani mobile; otherwise as typed, for a person to fix. */
function phone(value: string | null | undefined): string {
  const result = normalisePkMobile(value);
  return result.ok ? result.phone : (value ?? '').trim();
}

/** The shipping address's phone, then the order's when it differs; the third is left for a merge's other orders. */
export function phonesOf(order: ShopifyOrder): [string, string, string] {
  const found: string[] = [];
  for (const candidate of [order.shippingAddress?.phone, order.phone]) {
    const value = phone(candidate);
    if (value && !found.includes(value)) found.push(value);
  }
  return [found[0] ?? '', found[1] ?? '', found[2] ?? ''];
}

export function nameOf(address: ShopifyAddress | null): string {
  if (!address) return '';
  return (address.name ?? [address.firstName, address.lastName].filter(Boolean).join(' ')).trim();
}

export function addressOf(address: ShopifyAddress | null): string {
  if (!address) return '';
  return [address.address1, address.address2, address.zip].map((part) => part?.trim()).filter(Boolean).join(', ');
}

export function lookupOf(order: ShopifyOrder, defaults: StoreDefaults): OrderLookup {
  const { cod, shipping, freeShipping } = codOf(order, defaults);
  const [phone1, phone2, phone3] = phonesOf(order);
  return {
    order_id: order.legacyResourceId,
    order_name: order.name,
    pieces: pieces(order),
    weight: startingWeight(undefined, defaults),
    order_weight: order.totalWeight ?? 0,
    cod_amount: cod,
    shipping_price: shipping,
    free_shipping_applied: freeShipping,
    products_list: productsList(order),
    consignee_fullname: nameOf(order.shippingAddress),
    consignee_email: order.email ?? '',
    consignee_phone1: phone1,
    consignee_phone2: phone2,
    consignee_phone3: phone3,
    consignee_address: addressOf(order.shippingAddress),
    consignee_city: order.shippingAddress?.city?.trim() ?? '',
    orderData: {
      id: order.id,
      name: order.name,
      created_at: order.createdAt,
      financial_status: order.displayFinancialStatus,
      fulfillment_status: order.displayFulfillmentStatus,
      tags: order.tags,
      note: order.note,
      currency: order.currentTotalPrice.currencyCode,
      total: amount(order.currentTotalPrice),
      outstanding: amount(order.totalOutstanding),
      shipping,
      discounts: order.discounts.map((d) => ({
        label: d.label,
        amount: 'amount' in d.value ? round2(Number(d.value.amount)) : null,
        percentage: 'percentage' in d.value ? d.value.percentage : null,
      })),
      payment_gateways: order.paymentGatewayNames,
      line_items: shippableItems(order).map((item) => ({
        title: item.title, variant_title: item.variantTitle, sku: item.sku, quantity: item.currentQuantity,
        price: amount(item.unitPrice), image_url: item.imageUrl,
      })),
      line_items_truncated: order.lineItemsTruncated,
    },
  };
}

function mergeOrderOf(order: ShopifyOrder, defaults: StoreDefaults): MergeOrder {
  const discount = amount(order.totalDiscounts);
  return {
    name: order.name,
    id: order.legacyResourceId,
    shipping: amount(order.totalShipping),
    has_discount: discount > 0 || order.discounts.length > 0,
    applied_discount: discount,
    products_list: shippableItems(order).map((item) => ({
      node: {
        product: { title: item.title },
        variant: { title: item.variantTitle },
        currentQuantity: item.currentQuantity,
        originalUnitPriceSet: { presentmentMoney: { amount: item.unitPrice.amount } },
      },
    })),
    consignee_address: addressOf(order.shippingAddress),
    cod: codOf(order, defaults).cod,
    fulfillment: order.displayFulfillmentStatus,
    cancelled: order.cancelledAt !== null,
    consignee_name: nameOf(order.shippingAddress),
    consignee_phone: phonesOf(order)[0],
    consignee_city: order.shippingAddress?.city?.trim() ?? '',
  };
}

/**
 * One parcel for several orders: the courier collects every order's goods and one shipping charge,
 * the average of what the orders would collect for shipping (spec: total COD = COD without shipping
 * + average shipping). An order's shipping counts only as far as it is still owed (a prepaid order's
 * was paid), and none is collected when the goods together reach the free-shipping value.
 */
export function mergeOf(orders: ShopifyOrder[], missing: string[], defaults: StoreDefaults): MergeLookup {
  const owedShipping = orders.map((order) => Math.min(amount(order.totalShipping), amount(order.totalOutstanding)));
  const codWithoutShipping = round2(orders.reduce((sum, order, i) => sum + amount(order.totalOutstanding) - owedShipping[i]!, 0));
  const goods = orders.reduce((sum, order) => sum + goodsValue(order), 0);
  const free = defaults.freeShippingValue > 0 && goods >= defaults.freeShippingValue;
  const charged = free ? [] : owedShipping.filter((value) => value > 0);
  const shippingPrice = round2(charged.reduce((sum, value) => sum + value, 0));
  const avgShipping = charged.length ? round2(shippingPrice / charged.length) : 0;
  const first = orders[0];
  const phones = new Set<string>();
  for (const order of orders) for (const value of phonesOf(order)) if (value) phones.add(value);
  const [phone1 = '', phone2 = '', phone3 = ''] = [...phones];
  return {
    orders: orders.map((order) => mergeOrderOf(order, defaults)),
    missing,
    orderNames: orders.map((order) => order.name).join(','),
    orderids: orders.map((order) => order.legacyResourceId).join(','),
    shippingIsZero: shippingPrice === 0,
    codWithoutShipping,
    shippingPrice,
    avgShipping,
    pieces: orders.reduce((sum, order) => sum + pieces(order), 0),
    productsList: orders.map(productsList).filter(Boolean).join(', '),
    cod: round2(codWithoutShipping + avgShipping),
    weight: startingWeight(undefined, defaults),
    order_weight: mergedWeight(orders.map((order) => order.totalWeight)) ?? 0,
    consignee: {
      name: nameOf(first?.shippingAddress ?? null), email: first?.email ?? '', phone1, phone2, phone3,
      address: addressOf(first?.shippingAddress ?? null), city: first?.shippingAddress?.city?.trim() ?? '',
    },
  };
}

export function storeOrderOf(order: ShopifyOrderSummary): StoreOrder {
  return {
    id: order.legacyResourceId,
    name: order.name,
    created_at: order.createdAt,
    financial_status: order.displayFinancialStatus,
    fulfillment_status: order.displayFulfillmentStatus,
    tags: order.tags,
    total: amount(order.currentTotalPrice),
    currency: order.currentTotalPrice.currencyCode,
    customer: order.shippingAddress?.name?.trim() ?? '',
    phone: phone(order.shippingAddress?.phone),
    city: order.shippingAddress?.city?.trim() ?? '',
  };
}
