import type { StoreOrderFilter } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { ShopifyError, type ShopifyAdmin } from '../domain/ports/shopify';
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

type ReadPage = (ask: { first: number; after?: string | null; query: string }) => ReturnType<ShopifyAdmin['listOrders']>;

export const STALE_CURSOR = 'This page of orders is no longer valid. Start again from the first page.';

/** One page of the store's orders still to book, newest first, read live from Shopify with its cursor; those Dakiya booked name their booking. */
export const listStoreOrders: Operation<'storeOrders.list'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const read: ReadPage = (ask) => deps.shopifyFor({ _id: shop._id, domain: shop.domain }).listOrders({ after: null, sortKey: 'CREATED_AT', reverse: true, ...ask });
  const page = await withShopify(async () => {
    try {
      return await read({ first: query.limit, after: query.after ?? null, query: searchTerms(query.filter, query.search) });
    } catch (error) {
      // Shopify refuses a cursor it did not issue for this search: a stale or edited link, not an outage
      if (query.after && error instanceof ShopifyError && error.code === 'GRAPHQL') throw new AppError('VALIDATION_FAILED', { msg: STALE_CURSOR, param: 'after' });
      throw error;
    }
  });
  // the orders Dakiya booked say so from their claims, and orders whose booking lost its courier answer where the
  // courier cannot be asked show as needing a check: one batch read of claims for the page, not a read per row
  const claims = await deps.attempts.claims(shop._id, page.orders.map((order) => order.legacyResourceId));
  const checks = await checksNeeded(shop._id, claims, deps);
  const orders = page.orders.map((order) => {
    const claim = claims.get(order.legacyResourceId);
    const row = storeOrderOf(order);
    if (checks.has(row.id)) return { ...row, check_needed: checks.get(row.id)! };
    return claim?.state === 'booked' && claim.trackingNumber ? { ...row, booking: { tracking_number: claim.trackingNumber } } : row;
  });
  const cancelled = orders.length === 0 && !query.after ? await cancelledByNumber(read, query.search) : undefined;
  return { orders, next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null, ...(cancelled ? { cancelled } : {}) };
};

/**
 * An order number no open order has may be an order cancelled on Shopify, which no filter lists: one
 * more small read (one order, its name) so the page can say so instead of 'no order matches'.
 */
async function cancelledByNumber(read: ReadPage, search: string | undefined): Promise<{ name: string } | undefined> {
  const text = (search ?? '').trim().replace(/^#/, '');
  if (!/^\d+$/.test(text)) return undefined;
  const found = await withShopify(() => read({ first: 1, query: `status:cancelled name:#${text}` }));
  const order = found.orders[0];
  return order ? { name: order.name } : undefined;
}
