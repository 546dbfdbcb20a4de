import { describe, expect, it } from 'vitest';
import { StoreOrdersQuery } from '@dakiya/shared';
import { emptyTitle, selectionActions, viewFrom, viewSearch } from './store-orders';

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
