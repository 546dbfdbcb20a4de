import * as doc from '../documents';
import type { GraphqlRequester } from '../requester';
import { ShopifyError, type PageInfo, type ShopifyAdmin, type ShopifyOrder, type ShopifyOrderDue } from '../../../domain/ports/shopify';
import { orderGid } from './ids';
import { mapOrder, mapToFulfil, type RawFulfillmentOrder, type RawOrder, type RawOrderDue, type RawOrderSummary, type RawOrderToBook, type RawOrderToFulfil } from './shapes';

/** Line items per order: 50 on a single read, 20 on batch reads to stay under the 1000-point cap. */
const SINGLE_ORDER_LINE_ITEMS = 50;
const BATCH_ORDER_LINE_ITEMS = 20;
const ORDERS_PER_BATCH = 5;
/** 2 + 200 × 4 = 802 points for the summary document; 250 would pass the 1000-point cap. */
export const MAX_ORDERS_PAGE = 200;
/** Shopify's `nodes(ids:)` takes at most 250 ids; at one point each that is 250 points. */
export const MAX_ORDER_NAMES = 250;
/** 7 points an order: 100 a query is 700, under the 1000-point cap. */
const ORDER_DUES_PER_QUERY = 100;

type OrderReads = Pick<ShopifyAdmin, 'getOrder' | 'getOrders' | 'getOrderNames' | 'getOrderDues' | 'listOrders' | 'getFulfillmentOrders' | 'getOrderToFulfil' | 'getOrderToBook'>;

/** Reading orders: one, several, their names, a page of summaries, and as booking and fulfilling read them. */
export function orderReads(client: GraphqlRequester): OrderReads {
  return {
    async getOrder(id) {
      const data = await client.request<{ order: RawOrder | null }>(doc.ORDER, {
        id: orderGid(id),
        lineItemCount: SINGLE_ORDER_LINE_ITEMS,
      });
      return data.order ? mapOrder(data.order) : null;
    },

    async getOrders(ids) {
      const result: (ShopifyOrder | null)[] = [];
      for (let i = 0; i < ids.length; i += ORDERS_PER_BATCH) {
        const batch = ids.slice(i, i + ORDERS_PER_BATCH).map(orderGid);
        const data = await client.request<{ nodes: (RawOrder | { __typename: string } | null)[] }>(doc.ORDERS_BY_IDS, {
          ids: batch,
          lineItemCount: BATCH_ORDER_LINE_ITEMS,
        });
        for (const node of data.nodes) {
          result.push(node && node.__typename === 'Order' ? mapOrder(node as RawOrder) : null);
        }
      }
      return result;
    },

    async getOrderNames(ids) {
      const names = new Map<string, string>();
      for (let i = 0; i < ids.length; i += MAX_ORDER_NAMES) {
        const data = await client.request<{ nodes: ({ __typename: string; legacyResourceId?: string; name?: string } | null)[] }>(doc.ORDER_NAMES, {
          ids: ids.slice(i, i + MAX_ORDER_NAMES).map(orderGid),
        });
        for (const node of data.nodes) {
          if (node?.__typename === 'Order' && node.legacyResourceId && node.name) names.set(node.legacyResourceId, node.name);
        }
      }
      return names;
    },

    async getOrderDues(ids) {
      const dues = new Map<string, ShopifyOrderDue>();
      for (let i = 0; i < ids.length; i += ORDER_DUES_PER_QUERY) {
        const data = await client.request<{ nodes: (RawOrderDue | { __typename: string } | null)[] }>(doc.ORDER_DUES, {
          ids: ids.slice(i, i + ORDER_DUES_PER_QUERY).map(orderGid),
        });
        for (const node of data.nodes) {
          if (node?.__typename !== 'Order') continue;
          const o = node as RawOrderDue;
          dues.set(o.legacyResourceId, {
            legacyResourceId: o.legacyResourceId, name: o.name, cancelledAt: o.cancelledAt,
            currentTotalPrice: o.currentTotalPriceSet.presentmentMoney, totalShipping: o.totalShippingPriceSet.presentmentMoney,
            totalOutstanding: o.totalOutstandingSet.presentmentMoney,
          });
        }
      }
      return dues;
    },

    async listOrders(input) {
      const data = await client.request<{ orders: { pageInfo: PageInfo; nodes: RawOrderSummary[] } }>(doc.ORDERS, {
        first: Math.max(1, Math.min(input.first, MAX_ORDERS_PAGE)),
        after: input.after ?? null,
        query: input.query ?? null,
        sortKey: input.sortKey ?? 'CREATED_AT',
        reverse: input.reverse ?? true,
      });
      return {
        pageInfo: data.orders.pageInfo,
        orders: data.orders.nodes.map((o) => ({
          id: o.id,
          legacyResourceId: o.legacyResourceId,
          name: o.name,
          createdAt: o.createdAt,
          updatedAt: o.updatedAt,
          cancelledAt: o.cancelledAt,
          displayFinancialStatus: o.displayFinancialStatus,
          displayFulfillmentStatus: o.displayFulfillmentStatus,
          tags: o.tags,
          currentTotalPrice: o.currentTotalPriceSet.presentmentMoney,
          shippingAddress: o.shippingAddress,
        })),
      };
    },

    async getFulfillmentOrders(orderId) {
      const data = await client.request<{ order: { fulfillmentOrders: { nodes: RawFulfillmentOrder[] } } | null }>(
        doc.FULFILLMENT_ORDERS,
        { id: orderGid(orderId) },
      );
      if (!data.order) throw new ShopifyError('NOT_FOUND', `Order ${orderId} not found on Shopify`);
      return data.order.fulfillmentOrders.nodes.map((fo) => ({
        id: fo.id,
        status: fo.status,
        requestStatus: fo.requestStatus,
        supportedActions: fo.supportedActions.map((a) => a.action),
        locationName: fo.assignedLocation?.name ?? null,
        locationId: fo.assignedLocation?.location?.id ?? null,
        lineItems: fo.lineItems.nodes.map((li) => ({
          id: li.id,
          remainingQuantity: li.remainingQuantity,
          totalQuantity: li.totalQuantity,
          lineItemId: li.lineItem.id,
          title: li.lineItem.title,
        })),
      }));
    },

    async getOrderToFulfil(orderId) {
      const data = await client.request<{ order: RawOrderToFulfil | null }>(doc.ORDER_TO_FULFIL, { id: orderGid(orderId) });
      return data.order ? mapToFulfil(data.order) : null;
    },

    async getOrderToBook(orderId) {
      const data = await client.request<{ order: RawOrderToBook | null }>(doc.ORDER_TO_BOOK, { id: orderGid(orderId) });
      const o = data.order;
      if (!o) return null;
      const order = mapOrder({
        ...o, closed: false, test: false, cancelReason: null, totalPriceSet: o.currentTotalPriceSet, subtotalPriceSet: null, totalDiscountsSet: null,
        shippingLines: { nodes: [] }, discountApplications: { nodes: [] },
      });
      return { order, fulfil: mapToFulfil(o) };
    },
  };
}
