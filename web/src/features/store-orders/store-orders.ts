import { MAX_BULK_ORDERS, MAX_MERGE_ORDERS, ORDER_SEARCH_MAX, STORE_ORDER_FILTERS, type StoreOrder, type StoreOrderFilter, type StoreOrdersPage } from '@dakiya/shared';
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

/** Booked already, or waiting for a person's check with the courier whose answer was lost (booking it again could make a second parcel). */
export const selectable = (order: Pick<StoreOrder, 'booking' | 'check_needed'>) => !order.booking && !order.check_needed;

/** Orders a page of the 'select every order' read asks for: the list's largest page, so 250 orders are three reads. */
export const EVERY_ORDER_PAGE = 100;

/**
 * Every order of the list's view a bulk can book, read page after page by the list's own query (Shopify counts
 * nothing for us), newest first, stopping at MAX_BULK_ORDERS: `more` says orders were left beyond it (they are
 * the next bulk's: once these are booked, the list no longer offers them). A failed read fails the whole choice.
 */
export async function everyOrderToBook(
  readPage: (after: string | undefined) => Promise<Pick<StoreOrdersPage, 'orders' | 'next'>>,
  max = MAX_BULK_ORDERS,
): Promise<{ orders: Pick<StoreOrder, 'id' | 'name'>[]; more: boolean }> {
  const orders: Pick<StoreOrder, 'id' | 'name'>[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await readPage(after);
    for (const order of page.orders.filter(selectable)) {
      if (orders.length === max) return { orders, more: true };
      orders.push({ id: order.id, name: order.name });
    }
    if (!page.next) return { orders, more: false };
    after = page.next;
  }
}

/** What the selection bar says once every order of the list is chosen. */
export function everyOrderLine(count: number, more: boolean): string {
  if (more) return `The first ${count} orders of this list are selected: a bulk booking takes at most ${MAX_BULK_ORDERS}. Book them, then select the rest.`;
  return count === 1 ? 'The one order of this list to book is selected.' : `All ${count} orders of this list are selected.`;
}
