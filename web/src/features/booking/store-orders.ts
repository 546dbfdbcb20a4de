import { STORE_ORDER_FILTERS, type StoreOrderFilter } from '@dakiya/shared';
import { paths, withIds, withQuery } from '../../lib/paths';

/** Most orders one merged parcel covers (the booking's own limit). */
export const MERGE_MAX = 10;
/** Most orders one bulk booking takes at once. */
export const BULK_MAX = 250;

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

/** The page's search and filter live in the URL, so a shared link reproduces the view. */
export function viewFrom(search: URLSearchParams): StoreOrdersView {
  const filter = search.get('filter');
  return {
    search: (search.get('search') ?? '').trim(),
    filter: (STORE_ORDER_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as StoreOrderFilter) : 'unfulfilled',
  };
}

export function viewSearch(view: StoreOrdersView): string {
  const query = withQuery('', { search: view.search.replace(/^#/, '') || undefined, filter: view.filter === 'unfulfilled' ? undefined : view.filter });
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
    merge: count >= 2 && count <= MERGE_MAX ? withIds(paths.dashboard.mergeOrders(), ids) : null,
    mergeNote: count > MERGE_MAX ? `A merged parcel covers at most ${MERGE_MAX} orders.` : undefined,
    bulk: count >= 1 && count <= BULK_MAX ? withIds(paths.dashboard.bulkBook(), ids) : null,
  };
}
