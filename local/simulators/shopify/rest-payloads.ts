import { gid } from './gid';
import { displayFulfillmentStatus, fulfilledQuantities, money, num, totals } from './order-math';
import type { AddressRecord, FulfillmentRecord, OrderRecord, SubscriptionRecord } from './records';
import type { ShopRecord } from './state';

/*
 * Webhook bodies are the REST resources (snake_case, numeric ids, money as strings, tags as one
 * comma+space string), not the GraphQL shapes (§2.4).
 */

const priceSet = (amount: number | string, currency: string) => {
  const value = typeof amount === 'number' ? money(amount) : amount;
  return { shop_money: { amount: value, currency_code: currency }, presentment_money: { amount: value, currency_code: currency } };
};

function restAddress(a: AddressRecord | null) {
  if (!a) return null;
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    name: [a.firstName, a.lastName].filter(Boolean).join(' '),
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    province_code: a.provinceCode,
    zip: a.zip,
    country: a.country,
    country_code: a.countryCode,
    phone: a.phone,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

const FULFILLMENT_STATUS: Record<string, string | null> = { FULFILLED: 'fulfilled', PARTIALLY_FULFILLED: 'partial' };

export function restFulfillment(order: OrderRecord, f: FulfillmentRecord) {
  const first = f.tracking[0];
  return {
    id: Number(f.id),
    admin_graphql_api_id: gid('Fulfillment', f.id),
    order_id: Number(order.id),
    name: f.name,
    status: f.status === 'SUCCESS' ? 'success' : 'cancelled',
    created_at: f.createdAt,
    updated_at: f.updatedAt,
    location_id: Number(f.locationId),
    service: 'manual',
    shipment_status: null,
    tracking_company: first?.company ?? null,
    tracking_number: first?.number ?? null,
    tracking_numbers: f.tracking.map((t) => t.number).filter(Boolean),
    tracking_url: first?.url ?? null,
    tracking_urls: f.tracking.map((t) => t.url).filter(Boolean),
    notify_customer: f.notifyCustomer,
    line_items: f.lineItems.map((fl) => {
      const li = order.lineItems.find((l) => l.id === fl.lineItemId);
      return { id: Number(fl.lineItemId), admin_graphql_api_id: gid('LineItem', fl.lineItemId), title: li?.title ?? '', quantity: fl.quantity, sku: li?.sku ?? null, price: li?.price ?? '0.0' };
    }),
  };
}

export function restOrder(order: OrderRecord) {
  const t = totals(order);
  const c = order.currency;
  const done = fulfilledQuantities(order);
  const status = displayFulfillmentStatus(order);
  return {
    id: Number(order.id),
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    order_number: order.orderNumber,
    number: order.orderNumber - 1000,
    email: order.email,
    contact_email: order.email,
    phone: order.phone,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    processed_at: order.processedAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelReason ? order.cancelReason.toLowerCase() : null,
    closed_at: order.closedAt,
    confirmed: true,
    test: order.test,
    note: order.note,
    note_attributes: [],
    tags: order.tags.join(', '),
    currency: c,
    presentment_currency: c,
    financial_status: order.financialStatus.toLowerCase(),
    fulfillment_status: FULFILLMENT_STATUS[status] ?? null,
    payment_gateway_names: order.paymentGatewayNames,
    total_price: money(t.total),
    current_total_price: money(t.currentTotal),
    subtotal_price: money(t.subtotal),
    current_subtotal_price: money(t.currentSubtotal),
    total_discounts: money(t.lineDiscounts + t.shippingDiscounts),
    total_line_items_price: money(t.lineItems),
    total_tax: money(t.tax),
    total_outstanding: money(t.outstanding),
    total_price_set: priceSet(t.total, c),
    total_shipping_price_set: priceSet(t.shipping - t.shippingDiscounts, c),
    discount_codes: order.discounts
      .filter((d) => d.code)
      .map((d) => ({ code: d.code, amount: d.amount, type: d.valueType === 'percentage' ? 'percentage' : 'fixed_amount' })),
    customer: order.customer
      ? {
          id: Number(order.customer.id),
          admin_graphql_api_id: gid('Customer', order.customer.id),
          first_name: order.customer.firstName,
          last_name: order.customer.lastName,
          email: order.customer.email,
          phone: order.customer.phone,
        }
      : null,
    shipping_address: restAddress(order.shippingAddress),
    billing_address: restAddress(order.billingAddress),
    line_items: order.lineItems.map((li) => ({
      id: Number(li.id),
      admin_graphql_api_id: gid('LineItem', li.id),
      title: li.title,
      variant_title: li.variantTitle,
      name: li.variantTitle ? `${li.title} - ${li.variantTitle}` : li.title,
      sku: li.sku,
      vendor: li.vendor,
      quantity: li.quantity,
      current_quantity: li.currentQuantity,
      fulfillable_quantity: Math.max(0, li.currentQuantity - (done.get(li.id) ?? 0)),
      fulfillment_status: (done.get(li.id) ?? 0) >= li.currentQuantity ? 'fulfilled' : (done.get(li.id) ?? 0) > 0 ? 'partial' : null,
      price: li.price,
      price_set: priceSet(li.price, c),
      product_id: Number(li.productId),
      variant_id: li.variantId ? Number(li.variantId) : null,
      requires_shipping: true,
    })),
    shipping_lines: order.shippingLines.map((l, i) => ({
      id: Number(l.id),
      title: l.title,
      code: l.code,
      source: l.source,
      price: l.price,
      discounted_price: money(Math.max(0, num(l.price) - (i === 0 ? t.shippingDiscounts : 0))),
    })),
    fulfillments: order.fulfillments.map((f) => restFulfillment(order, f)),
    refunds: [],
  };
}

export function restShop(shop: ShopRecord) {
  return {
    id: Number(shop.id),
    name: shop.name,
    email: shop.email,
    customer_email: shop.email,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    country_code: 'PK',
    country_name: 'Pakistan',
    currency: shop.currencyCode,
    iana_timezone: shop.ianaTimezone,
    plan_name: shop.planName.toLowerCase(),
    created_at: shop.createdAt,
    updated_at: shop.createdAt,
  };
}

export function restSubscription(shop: ShopRecord, sub: SubscriptionRecord) {
  const line = sub.lineItems[0];
  return {
    app_subscription: {
      admin_graphql_api_id: gid('AppSubscription', sub.id),
      name: sub.name,
      status: sub.status,
      admin_graphql_api_shop_id: gid('Shop', shop.id),
      created_at: sub.createdAt,
      updated_at: sub.updatedAt,
      currency: line?.currencyCode ?? 'USD',
      price: line?.amount ?? '0.0',
      interval: line?.interval === 'ANNUAL' ? 'annual' : 'every_30_days',
      capped_amount: null,
      plan_handle: null,
    },
  };
}
