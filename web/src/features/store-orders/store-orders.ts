import { MAX_BULK_ORDERS, MAX_MERGE_ORDERS, ORDER_SEARCH_MAX, STORE_ORDER_FILTERS, type StoreOrderFilter } from '@dakiya/shared';
import { paths, withIds, withQuery } from '../../lib/paths';

export const FILTER_LABELS: Record<StoreOrderFilter, string> = {
  unfulfilled: 'To ship (unfulfilled)',
  cod: 'Cash on delivery, to ship',
  paid: 'Prepaid, to ship',
  all_open: 'All open orders',
};

export interface StoreOrdersView {
  search: string;
  filter: StoreOrderFilter;
}

/**
 * The page's search and filter live in the URL, so a shared link reproduces the view. A search is cut
 * to what the server takes (ORDER_SEARCH_MAX): a longer one would be refused, and kept in the address it
 * made a page too long to load again.
 */
export function viewFrom(search: URLSearchParams): StoreOrdersView {
  const filter = search.get('filter');
  return {
    search: (search.get('search') ?? '').slice(0, ORDER_SEARCH_MAX).trim(),
    filter: (STORE_ORDER_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as StoreOrderFilter) : 'unfulfilled',
  };
}

export function viewSearch(view: StoreOrdersView): string {
  const query = withQuery('', { search: view.search.slice(0, ORDER_SEARCH_MAX).replace(/^#/, '').trim() || undefined, filter: view.filter === 'unfulfilled' ? undefined : view.filter });
  return query.startsWith('?') ? query.slice(1) : query;
}

export interface SelectionActions {
  /** Book one order: its own form. */
  book: string | null;
  /** Two or more orders of one consignee in one parcel. */
  merge: string | null;
  mergeNote?: string;
  bulk: string | null;
}

/** What a selection of orders can be booked as, and where each choice goes. */
export function selectionActions(ids: readonly string[]): SelectionActions {
  const count = ids.length;
  return {
    book: count === 1 ? withQuery(paths.dashboard.bookOrder(), { id: ids[0] }) : null,
    merge: count >= 2 && count <= MAX_MERGE_ORDERS ? withIds(paths.dashboard.mergeOrders(), ids) : null,
    mergeNote: count > MAX_MERGE_ORDERS ? `A merged parcel covers at most ${MAX_MERGE_ORDERS} orders.` : undefined,
    bulk: count >= 1 && count <= MAX_BULK_ORDERS ? withIds(paths.dashboard.bulkBook(), ids) : null,
  };
}

/** The empty list's title: a searched number that is an order cancelled on Shopify says so, not that nothing matches. */
export function emptyTitle(search: string, cancelled?: { name: string }): string {
  if (cancelled) return `Order ${cancelled.name} was cancelled on Shopify`;
  return search ? `No order matches "${search}"` : 'Nothing left to ship';
}
