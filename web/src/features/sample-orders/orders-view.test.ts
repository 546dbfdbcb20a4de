import { describe, expect, it } from 'vitest';
import { ORDER_SEARCH_MAX } from '@dakiya/shared';
import { appliedFilters, applyView, DEFAULT_SORT, headerState, MONEY_SPENT, paramsFrom, SORT_OPTIONS, toggleAll, viewFrom, type OrdersView } from './orders-view';
import { ACCOUNT_STATUS_LABELS, SAMPLE_ORDERS } from './sample-orders';

const base: OrdersView = { query: '', sort: DEFAULT_SORT, statuses: [], tag: '', spent: null };
const names = (view: Partial<OrdersView>) => applyView(SAMPLE_ORDERS, { ...base, ...view }).map((o) => o.order);

describe('the sample store orders', () => {
  it('offers the four sorts of the spec, each both ways', () => {
    expect(SORT_OPTIONS.map((o) => o.value).sort()).toEqual([
      'customer-asc', 'customer-desc', 'date-asc', 'date-desc', 'order-asc', 'order-desc', 'total-asc', 'total-desc',
    ]);
    expect(MONEY_SPENT).toMatchObject({ min: 0, max: 2000, step: 1, initial: [0, 500] });
  });

  it('sorts by order, customer, date and total', () => {
    expect(names({}).slice(0, 3)).toEqual(['#1020', '#1019', '#1018']);
    expect(names({ sort: 'order-asc' })[0]).toBe('#1005');
    const customers = applyView(SAMPLE_ORDERS, { ...base, sort: 'customer-asc' }).map((o) => o.customer);
    expect(customers).toEqual([...customers].sort((a, b) => a.localeCompare(b)));
    expect(customers[0]).toBe('Ayesha Siddiqui');
    expect(names({ sort: 'date-asc' })[0]).toBe('#1005');
    expect(names({ sort: 'total-desc' }).slice(0, 2)).toEqual(['#1006', '#1020']);
    expect(names({ sort: 'total-asc' })[0]).toBe('#1005');
  });

  it('searches order numbers, customers and tags, every word', () => {
    expect(names({ query: '1017' })).toEqual(['#1017']);
    expect(names({ query: 'hina' })).toEqual(['#1015']);
    expect(names({ query: 'vip maryam' })).toEqual(['#1011']);
    expect(names({ query: 'nobody here' })).toEqual([]);
  });

  it('filters by account status, tag and money spent, together', () => {
    expect(names({ statuses: ['declined'] })).toEqual(['#1016', '#1011', '#1005']);
    expect(names({ tag: 'whole' })).toEqual(['#1020', '#1014', '#1009']);
    expect(names({ spent: [0, 100] })).toEqual(['#1016', '#1013', '#1010', '#1005']);
    expect(names({ statuses: ['enabled'], tag: 'VIP', spent: [1500, 2000] })).toEqual(['#1020', '#1006']);
  });

  it('keeps the view in the address and reads odd links as the defaults', () => {
    const view: OrdersView = { query: 'ali', sort: 'total-asc', statuses: ['invited', 'declined'], tag: 'VIP', spent: [0, 500] };
    expect(paramsFrom(view).toString()).toBe('q=ali&sort=total-asc&status=invited%2Cdeclined&tag=VIP&spent=0-500');
    expect(viewFrom(paramsFrom(view))).toEqual(view);
    expect(paramsFrom(base).toString()).toBe('');
    expect(viewFrom(new URLSearchParams('sort=price&status=banned,enabled&spent=900-100'))).toEqual({ ...base, statuses: ['enabled'] });
    expect(viewFrom(new URLSearchParams('spent=0-2001')).spent).toBeNull();
  });

  it('keeps a search and a tag no longer than the store-orders search in the address', () => {
    const huge = 'y'.repeat(9000);
    const params = paramsFrom({ ...base, query: huge, tag: huge });
    expect(params.get('q')).toHaveLength(ORDER_SEARCH_MAX);
    expect(params.get('tag')).toHaveLength(ORDER_SEARCH_MAX);
    expect(viewFrom(new URLSearchParams({ q: huge, tag: huge }))).toMatchObject({ query: 'y'.repeat(ORDER_SEARCH_MAX), tag: 'y'.repeat(ORDER_SEARCH_MAX) });
  });

  it('names the filters in force', () => {
    expect(appliedFilters({ ...base, statuses: ['not invited'], tag: ' VIP ', spent: [0, 500] }, ACCOUNT_STATUS_LABELS).map((c) => c.label)).toEqual([
      'Account status: Not invited', 'Tagged with VIP', 'Money spent is between $0 and $500',
    ]);
  });

  it('selects every order shown, then none', () => {
    const shown = applyView(SAMPLE_ORDERS, { ...base, statuses: ['declined'] });
    const some = new Set([shown[0]!.id]);
    expect(headerState(some, shown)).toBe('indeterminate');
    const all = toggleAll(some, shown);
    expect(all.size).toBe(3);
    expect(headerState(all, shown)).toBe(true);
    expect(toggleAll(all, shown).size).toBe(0);
    expect(headerState(new Set(), shown)).toBe(false);
  });
});
