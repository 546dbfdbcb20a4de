import { describe, expect, it } from 'vitest';
import { ACCOUNTS_PAGE_SIZE, formatWeight, pageChangeQuery, tableQueryFrom, tableSearch } from './accounts-list';

describe('accounts table query (spec 001 §2, §9)', () => {
  it('defaults to page 1 of 50', () => {
    expect(tableQueryFrom(new URLSearchParams())).toEqual({ page: 1, limit: ACCOUNTS_PAGE_SIZE });
    expect(tableQueryFrom(new URLSearchParams('page=0&limit=abc'))).toEqual({ page: 1, limit: 50 });
  });
  it('reads page and limit from the address', () => {
    expect(tableQueryFrom(new URLSearchParams('page=3&limit=20'))).toEqual({ page: 3, limit: 20 });
  });
  it('keeps the current limit on a page change, else falls back to 1', () => {
    expect(pageChangeQuery(2, 50)).toEqual({ page: 2, limit: 50 });
    expect(pageChangeQuery(2, undefined)).toEqual({ page: 2, limit: 1 });
    expect(pageChangeQuery(2, null)).toEqual({ page: 2, limit: 1 });
    expect(pageChangeQuery(0, 0)).toEqual({ page: 1, limit: 1 });
  });
  it('writes only what differs from the defaults into the address', () => {
    expect(tableSearch({ page: 1, limit: 50 })).toEqual({});
    expect(tableSearch({ page: 2, limit: 1 })).toEqual({ page: '2', limit: '1' });
  });
});

describe('formatWeight', () => {
  it("shows grams with grouping, and 'Store default' for an account without a weight of its own", () => {
    expect(formatWeight(100)).toBe('100 g');
    expect(formatWeight(12500)).toBe('12,500 g');
    expect(formatWeight(1)).toBe('1 g');
    // 0 or none: the store's default weight applies (proposedWeight), not 0 g and not a made-up 100 g
    expect(formatWeight(0)).toBe('Store default');
    expect(formatWeight(undefined)).toBe('Store default');
    expect(formatWeight(null)).toBe('Store default');
  });
});

describe('isAccountsKey', () => {
  it('matches every accounts read and nothing else', async () => {
    const { isAccountsKey } = await import('./accounts-list');
    expect(isAccountsKey(['accounts.table', { query: { page: 1, limit: 50 } }])).toBe(true);
    expect(isAccountsKey(['accounts.get', { params: { id: 'x' } }])).toBe(true);
    expect(isAccountsKey(['users.list'])).toBe(false);
    expect(isAccountsKey('accounts.table')).toBe(false);
  });
});
