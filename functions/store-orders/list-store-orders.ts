import type { StoreOrderFilter } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { ShopifyError } from '../domain/ports/shopify';
import { AppError } from '../ground/errors';
import { withShopify } from '../domain/shopify/calls';
import { storeOrderOf } from '../domain/store-orders/order-lookup';
import { checksNeeded } from '../domain/booking/check';

/** Shopify search terms of each filter of the store-orders page (reference/shopify.md §3.4). */
const FILTER_TERMS: Record<StoreOrderFilter, string> = {
  unfulfilled: 'status:open fulfillment_status:unfulfilled',
  cod: 'status:open fulfillment_status:unfulfilled financial_status:pending',
  paid: 'status:open fulfillment_status:unfulfilled financial_status:paid',
  all_open: 'status:open',
};

/** An order number (#1001 or 1001) searches by name; anything else is Shopify's free-text search. */
export function searchTerms(filter: StoreOrderFilter, search: string | undefined): string {
  const text = (search ?? '').trim().replace(/^#/, '');
  if (!text) return FILTER_TERMS[filter];
  const term = /^\d+$/.test(text) ? `name:#${text}` : `"${text.replace(/["\\]/g, ' ')}"`;
  return `${FILTER_TERMS[filter]} ${term}`;
}

export const STALE_CURSOR = 'This page of orders is no longer valid. Start again from the first page.';

/** One page of the store's orders still to book, newest first, read live from Shopify with its cursor. */
export const listStoreOrders: Operation<'storeOrders.list'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const read = () => deps.shopifyFor({ _id: shop._id, domain: shop.domain }).listOrders({
    first: query.limit, after: query.after ?? null, query: searchTerms(query.filter, query.search), sortKey: 'CREATED_AT', reverse: true,
  });
  const page = await withShopify(async () => {
    try {
      return await read();
    } catch (error) {
      // Shopify refuses a cursor it did not issue for this search: a stale or edited link, not an outage
      if (query.after && error instanceof ShopifyError && error.code === 'GRAPHQL') throw new AppError('VALIDATION_FAILED', { msg: STALE_CURSOR, param: 'after' });
      throw error;
    }
  });
  const orders = page.orders.map(storeOrderOf);
  // orders whose booking lost its courier answer where the courier cannot be asked show as needing a check
  const checks = await checksNeeded(shop._id, orders.map((o) => o.id), deps);
  return {
    orders: orders.map((o) => (checks.has(o.id) ? { ...o, check_needed: checks.get(o.id)! } : o)),
    next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null,
  };
};
