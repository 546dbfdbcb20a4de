import { describe, expect, it } from 'vitest';
import { MAX_BULK_ORDERS, StoreOrdersQuery, type StoreOrder } from '@dakiya/shared';
import { emptyTitle, everyOrderLine, everyOrderToBook, selectionActions, viewFrom, viewSearch } from './store-orders';

describe('store orders page state', () => {
  it('reads its view from the URL, with the unfulfilled filter by default and unknown filters ignored', () => {
    expect(viewFrom(new URLSearchParams('search=%231001&filter=cod'))).toEqual({ search: '#1001', filter: 'cod' });
    expect(viewFrom(new URLSearchParams('filter=everything'))).toEqual({ search: '', filter: 'unfulfilled' });
    expect(viewSearch({ search: '#1001', filter: 'unfulfilled' })).toBe('search=1001');
    expect(viewSearch({ search: '', filter: 'paid' })).toBe('filter=paid');
  });

  it('never puts into the address a search longer than the server takes, nor reads one from it', () => {
    const longest = StoreOrdersQuery.shape.search.unwrap().maxLength!;
    expect(longest).toBe(100);
    const huge = 'x'.repeat(9000);
    expect(viewSearch({ search: huge, filter: 'unfulfilled' })).toBe(`search=${'x'.repeat(longest)}`);
    expect(viewFrom(new URLSearchParams({ search: huge })).search).toBe('x'.repeat(longest));
    // what the address keeps, the server accepts
    expect(StoreOrdersQuery.safeParse({ search: viewFrom(new URLSearchParams(viewSearch({ search: huge, filter: 'cod' }))).search }).success).toBe(true);
  });

  it('offers Book for one order, Merge for two to ten, Bulk book for any selection', () => {
    expect(selectionActions(['11'])).toEqual({ book: '/dashboard/order/book?id=11', merge: null, mergeNote: undefined, bulk: '/dashboard/bulk-book?ids[]=11' });
    expect(selectionActions(['11', '12'])).toMatchObject({ book: null, merge: '/dashboard/merge-orders?ids[]=11&ids[]=12' });
    const eleven = Array.from({ length: 11 }, (_, i) => String(100 + i));
    expect(selectionActions(eleven)).toMatchObject({ merge: null, mergeNote: 'A merged parcel covers at most 10 orders.' });
    expect(selectionActions([])).toEqual({ book: null, merge: null, mergeNote: undefined, bulk: null });
  });
});

describe('the empty list', () => {
  it('says a searched order was cancelled on Shopify, else that nothing matches', () => {
    expect(emptyTitle('1443', { name: '#1443' })).toBe('Order #1443 was cancelled on Shopify');
    expect(emptyTitle('1443')).toBe('No order matches "1443"');
    expect(emptyTitle('')).toBe('Nothing left to ship');
  });
});

describe('select every order of the list', () => {
  /** `count` orders, `perPage` a page; every seventh booked and every eleventh waiting for a check. */
  const shop = (count: number, perPage: number) => {
    const all = Array.from({ length: count }, (_, i) => ({
      id: String(5000 + i), name: `#${1001 + i}`,
      ...(i % 7 === 3 ? { booking: { tracking_number: `KI${i}` } } : {}),
      ...(i % 11 === 5 ? { check_needed: { courier: 'TCS' } } : {}),
    }) as unknown as StoreOrder);
    const asked: (string | undefined)[] = [];
    const readPage = (after: string | undefined) => {
      asked.push(after);
      const from = after ? Number(after) : 0;
      return Promise.resolve({ orders: all.slice(from, from + perPage), next: from + perPage < all.length ? String(from + perPage) : null });
    };
    return { all, asked, readPage };
  };

  it('reads page after page and keeps the orders a bulk can book, leaving out booked ones and ones waiting for a check', async () => {
    const { all, asked, readPage } = shop(130, 100);
    const { orders, more } = await everyOrderToBook(readPage);
    expect(asked).toEqual([undefined, '100']);
    expect(more).toBe(false);
    expect(orders.map((o) => o.id)).toEqual(all.filter((o) => !o.booking && !o.check_needed).map((o) => o.id));
    expect(everyOrderLine(orders.length, more)).toBe(`All ${orders.length} orders of this list are selected.`);
  });

  it(`stops at the bulk's ${MAX_BULK_ORDERS} and says more were left, without reading further`, async () => {
    const { asked, readPage } = shop(1000, 100);
    const { orders, more } = await everyOrderToBook(readPage);
    expect(orders).toHaveLength(MAX_BULK_ORDERS);
    expect(more).toBe(true);
    expect(asked).toEqual([undefined, '100', '200', '300']);
    expect(everyOrderLine(orders.length, more)).toBe('The first 250 orders of this list are selected: a bulk booking takes at most 250. Book them, then select the rest.');
  });

  it('exactly the limit on the last page is all of them, not more', async () => {
    const { readPage } = shop(3, 2);
    expect(await everyOrderToBook(readPage, 3)).toMatchObject({ more: false });
    expect(await everyOrderToBook(readPage, 2)).toMatchObject({ more: true });
  });

  it('fails whole when a read fails', async () => {
    let reads = 0;
    const readPage = () => (++reads === 2 ? Promise.reject(new Error('offline')) : Promise.resolve({ orders: [], next: 'x' }));
    await expect(everyOrderToBook(readPage)).rejects.toThrow('offline');
  });
});
