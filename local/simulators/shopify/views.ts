import { FO_READ, requireScope, type GqlContext } from './context';
import { paginateList, type ConnectionArgs } from './connection';
import { gid, parseGid } from './gid';
import { displayFulfillmentStatus, fulfilledQuantities, money, num, supportedActions, totals } from './order-math';
import type { AddressRecord, FulfillmentEventRecord, FulfillmentOrderRecord, FulfillmentRecord, LineItemRecord, OrderRecord, SubscriptionRecord } from './records';
import type { ShopRecord } from './state';

/*
 * GraphQL-shaped views of the records. graphql-js's default resolver reads properties and calls
 * functions with (args, context), so fields with arguments are methods.
 */

const moneyV2 = (amount: number | string, currencyCode: string) => ({
  __typename: 'MoneyV2',
  amount: typeof amount === 'number' ? money(amount) : amount,
  currencyCode,
});

export const bag = (amount: number | string, currencyCode: string) => ({
  shopMoney: moneyV2(amount, currencyCode),
  presentmentMoney: moneyV2(amount, currencyCode),
});

export function shopView(shop: ShopRecord) {
  return {
    __typename: 'Shop',
    id: gid('Shop', shop.id),
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.domain,
    url: `https://${shop.domain}`,
    currencyCode: shop.currencyCode,
    ianaTimezone: shop.ianaTimezone,
    timezoneAbbreviation: shop.ianaTimezone === 'Asia/Karachi' ? 'PKT' : 'UTC',
    createdAt: shop.createdAt,
    plan: { displayName: shop.planName, partnerDevelopment: false, shopifyPlus: false },
    primaryDomain: { id: gid('Domain', shop.id), host: shop.domain, url: `https://${shop.domain}` },
  };
}

function addressView(address: AddressRecord | null, id: string) {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ') || null;
  return {
    __typename: 'MailingAddress',
    id: gid('MailingAddress', id),
    name,
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    provinceCode: address.provinceCode,
    zip: address.zip,
    country: address.country,
    countryCodeV2: address.countryCode,
    phone: address.phone,
    latitude: address.latitude,
    longitude: address.longitude,
    formattedArea: `${address.city} ${address.provinceCode}, ${address.country}`,
  };
}

export function lineItemView(order: OrderRecord, li: LineItemRecord) {
  const c = order.currency;
  const unfulfilled = Math.max(0, li.currentQuantity - (fulfilledQuantities(order).get(li.id) ?? 0));
  return {
    __typename: 'LineItem',
    id: gid('LineItem', li.id),
    title: li.title,
    name: li.variantTitle ? `${li.title} - ${li.variantTitle}` : li.title,
    variantTitle: li.variantTitle,
    sku: li.sku,
    vendor: li.vendor,
    quantity: li.quantity,
    currentQuantity: li.currentQuantity,
    unfulfilledQuantity: unfulfilled,
    requiresShipping: true,
    originalUnitPriceSet: bag(li.price, c),
    discountedUnitPriceSet: bag(li.price, c),
    originalTotalSet: bag(num(li.price) * li.quantity, c),
    discountedTotalSet: bag(num(li.price) * li.quantity, c),
    image: li.imageUrl ? { id: gid('ProductImage', li.productId), url: li.imageUrl, altText: li.title, width: 1024, height: 1024 } : null,
    product: { __typename: 'Product', id: gid('Product', li.productId), title: li.title },
    variant: li.variantId ? { __typename: 'ProductVariant', id: gid('ProductVariant', li.variantId), title: li.variantTitle ?? 'Default Title', sku: li.sku } : null,
  };
}

export function orderView(ctx: GqlContext, order: OrderRecord) {
  const c = order.currency;
  const t = totals(order);
  return {
    __typename: 'Order',
    id: gid('Order', order.id),
    legacyResourceId: order.id,
    name: order.name,
    email: order.email,
    phone: order.phone,
    note: order.note,
    createdAt: order.createdAt,
    processedAt: order.processedAt,
    updatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    closed: Boolean(order.closedAt),
    closedAt: order.closedAt,
    confirmed: true,
    test: order.test,
    tags: [...order.tags],
    currencyCode: c,
    presentmentCurrencyCode: c,
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: displayFulfillmentStatus(order),
    fullyPaid: t.outstanding === 0,
    paymentGatewayNames: order.paymentGatewayNames,
    discountCode: order.discounts.find((d) => d.code)?.code ?? null,
    discountCodes: order.discounts.filter((d) => d.code).map((d) => d.code as string),
    customer: order.customer
      ? {
          __typename: 'Customer',
          id: gid('Customer', order.customer.id),
          firstName: order.customer.firstName,
          lastName: order.customer.lastName,
          displayName: `${order.customer.firstName} ${order.customer.lastName}`,
          email: order.customer.email,
          phone: order.customer.phone,
        }
      : null,
    shippingAddress: addressView(order.shippingAddress, `${order.id}1`),
    billingAddress: addressView(order.billingAddress, `${order.id}2`),
    shippingLine: order.shippingLines[0] ? shippingLineView(order, 0) : null,
    totalPriceSet: bag(t.total, c),
    currentTotalPriceSet: bag(t.currentTotal, c),
    subtotalPriceSet: bag(t.subtotal, c),
    currentSubtotalPriceSet: bag(t.currentSubtotal, c),
    totalShippingPriceSet: bag(t.shipping - t.shippingDiscounts, c),
    currentShippingPriceSet: bag(t.shipping - t.shippingDiscounts, c),
    totalDiscountsSet: bag(t.lineDiscounts + t.shippingDiscounts, c),
    currentTotalDiscountsSet: bag(t.lineDiscounts + t.shippingDiscounts, c),
    totalTaxSet: bag(t.tax, c),
    currentTotalTaxSet: bag(t.tax, c),
    totalOutstandingSet: bag(t.outstanding, c),
    // grams before returns, as Shopify weighs it: each variant's weight times the units ordered (UnsignedInt64: a string)
    totalWeight: String(order.lineItems.reduce((sum, li) => sum + li.grams * li.quantity, 0)),
    lineItems: (args: ConnectionArgs & { reverse?: boolean }) =>
      paginateList(ordered(order.lineItems, args.reverse), args, (li) => lineItemView(order, li)),
    shippingLines: (args: ConnectionArgs & { reverse?: boolean }) =>
      paginateList(ordered(order.shippingLines.map((_, i) => i), args.reverse), args, (i) => shippingLineView(order, i)),
    discountApplications: (args: ConnectionArgs & { reverse?: boolean }) =>
      paginateList(ordered(order.discounts.map((_, i) => i), args.reverse), args, (i) => discountView(order, i)),
    fulfillmentOrders: (args: ConnectionArgs & { reverse?: boolean; displayable?: boolean }, context: GqlContext) => {
      requireScope(context, FO_READ, 'fulfillmentOrders');
      const list = args.displayable ? order.fulfillmentOrders.filter((fo) => fo.status !== 'CLOSED' && fo.status !== 'CANCELLED') : order.fulfillmentOrders;
      return paginateList(ordered(list, args.reverse), args, (fo) => fulfillmentOrderView(ctx, order, fo));
    },
    fulfillments: (args: { first?: number | null }) => {
      const list = order.fulfillments.map((f) => fulfillmentView(ctx, order, f));
      return args.first === undefined || args.first === null ? list : list.slice(0, args.first);
    },
  };
}

function ordered<T>(items: T[], reverse: boolean | undefined): T[] {
  return reverse ? [...items].reverse() : items;
}

/** Shipping discounts sit on the first (in practice the only) shipping line. */
function shippingLineView(order: OrderRecord, index: number) {
  const discount = index === 0 ? totals(order).shippingDiscounts : 0;
  const line = order.shippingLines[index] as OrderRecord['shippingLines'][number];
  return {
    id: gid('ShippingLine', line.id),
    title: line.title,
    code: line.code,
    source: line.source,
    carrierIdentifier: null,
    originalPriceSet: bag(line.price, order.currency),
    discountedPriceSet: bag(Math.max(0, num(line.price) - discount), order.currency),
  };
}

function discountView(order: OrderRecord, index: number) {
  const d = order.discounts[index] as OrderRecord['discounts'][number];
  const value = d.valueType === 'percentage' ? { __typename: 'PricingPercentageValue', percentage: d.value } : moneyV2(d.value, order.currency);
  return {
    __typename: d.kind,
    allocationMethod: d.allocationMethod,
    index,
    targetSelection: 'ALL',
    targetType: d.targetType,
    value,
    code: d.code,
    title: d.title ?? d.code ?? '',
    description: d.kind === 'ManualDiscountApplication' ? d.title : null,
  };
}

export function fulfillmentOrderView(ctx: GqlContext, order: OrderRecord, fo: FulfillmentOrderRecord) {
  const location = ctx.shop.locations.find((l) => l.id === fo.locationId);
  return {
    __typename: 'FulfillmentOrder',
    id: gid('FulfillmentOrder', fo.id),
    status: fo.status,
    requestStatus: fo.requestStatus,
    createdAt: fo.createdAt,
    updatedAt: fo.updatedAt,
    orderId: gid('Order', order.id),
    orderName: order.name,
    order: () => orderView(ctx, order),
    supportedActions: supportedActions(fo).map((action) => ({ action, externalUrl: null })),
    assignedLocation: {
      name: location?.name ?? 'Shop location',
      address1: location?.address1 ?? null,
      city: location?.city ?? null,
      countryCode: 'PK',
      location: location ? { __typename: 'Location', id: gid('Location', location.id), name: location.name } : null,
    },
    lineItems: (args: ConnectionArgs & { reverse?: boolean }) =>
      paginateList(ordered(fo.lineItems, args.reverse), args, (foli) => {
        const li = order.lineItems.find((l) => l.id === foli.lineItemId) as LineItemRecord;
        return {
          __typename: 'FulfillmentOrderLineItem',
          id: gid('FulfillmentOrderLineItem', foli.id),
          totalQuantity: foli.totalQuantity,
          remainingQuantity: foli.remainingQuantity,
          sku: li.sku,
          productTitle: li.title,
          variantTitle: li.variantTitle,
          lineItem: lineItemView(order, li),
        };
      }),
  };
}

export function fulfillmentView(ctx: GqlContext, order: OrderRecord, f: FulfillmentRecord) {
  const location = ctx.shop.locations.find((l) => l.id === f.locationId);
  return {
    __typename: 'Fulfillment',
    id: gid('Fulfillment', f.id),
    legacyResourceId: f.id,
    name: f.name,
    status: f.status,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    totalQuantity: f.lineItems.reduce((s, li) => s + li.quantity, 0),
    trackingInfo: (args: { first?: number | null }) => (args.first ? f.tracking.slice(0, args.first) : f.tracking),
    location: location ? { __typename: 'Location', id: gid('Location', location.id), name: location.name } : null,
    order: () => orderView(ctx, order),
    // Shopify shows the newest event's status, FULFILLED before any, CANCELED once cancelled
    displayStatus: f.status === 'CANCELLED' ? 'CANCELED' : (f.events?.at(-1)?.status ?? 'FULFILLED'),
    events: (args: { first?: number | null }) => ({ nodes: (args.first ? (f.events ?? []).slice(0, args.first) : (f.events ?? [])).map(fulfillmentEventView) }),
  };
}

export function fulfillmentEventView(e: FulfillmentEventRecord) {
  return { __typename: 'FulfillmentEvent', id: gid('FulfillmentEvent', e.id), status: e.status, happenedAt: e.happenedAt, message: e.message, createdAt: e.createdAt };
}

export function subscriptionView(sub: SubscriptionRecord) {
  return {
    __typename: 'AppSubscription',
    id: gid('AppSubscription', sub.id),
    name: sub.name,
    status: sub.status,
    test: sub.test,
    trialDays: sub.trialDays,
    createdAt: sub.createdAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    returnUrl: sub.returnUrl,
    lineItems: sub.lineItems.map((li, index) => ({
      id: `${gid('AppSubscriptionLineItem', li.id)}?v=1&index=${index}`,
      plan: {
        pricingDetails: {
          __typename: 'AppRecurringPricing',
          interval: li.interval,
          price: moneyV2(li.amount, li.currencyCode),
          planHandle: null,
        },
      },
    })),
  };
}

/** Finds anything the `node`/`nodes` queries and `tagsAdd` can address. */
export function findOrder(ctx: GqlContext, id: string): OrderRecord | undefined {
  const parsed = parseGid(id);
  if (!parsed || parsed.type !== 'Order') return undefined;
  return ctx.shop.orders.find((o) => o.id === parsed.id);
}

export function findFulfillmentOrder(ctx: GqlContext, id: string): { order: OrderRecord; fo: FulfillmentOrderRecord } | undefined {
  const parsed = parseGid(id);
  if (!parsed || parsed.type !== 'FulfillmentOrder') return undefined;
  for (const order of ctx.shop.orders) {
    const fo = order.fulfillmentOrders.find((f) => f.id === parsed.id);
    if (fo) return { order, fo };
  }
  return undefined;
}

export function findFulfillment(ctx: GqlContext, id: string): { order: OrderRecord; fulfillment: FulfillmentRecord } | undefined {
  const parsed = parseGid(id);
  if (!parsed || parsed.type !== 'Fulfillment') return undefined;
  for (const order of ctx.shop.orders) {
    const fulfillment = order.fulfillments.find((f) => f.id === parsed.id);
    if (fulfillment) return { order, fulfillment };
  }
  return undefined;
}
