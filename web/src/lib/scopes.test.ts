import { SCOPE_CATALOGUE } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { groupLabel, heldGroups, inCatalogueOrder, scopeLabel } from './scopes';

describe('scope presentation', () => {
  it('labels', () => {
    expect(scopeLabel('WRITE_ACCOUNTS')).toBe('Write accounts');
    expect(scopeLabel('READ_ANALYTICS')).toBe('Read analytics');
    expect(groupLabel('ACCOUNTS')).toBe('Tracking accounts');
  });
  it('order is canonical and duplicates vanish', () => {
    expect(inCatalogueOrder(SCOPE_CATALOGUE, ['READ_ANALYTICS', 'READ_ORDERS', 'READ_ORDERS'])).toEqual(['READ_ORDERS', 'READ_ANALYTICS']);
  });
  it('held groups keep only held scopes and drop empty groups', () => {
    const groups = heldGroups(SCOPE_CATALOGUE, ['BOOK_ORDERS', 'READ_SETTINGS']);
    expect(groups.map((g) => [g.type, g.scopes.map((s) => s.scope)])).toEqual([
      ['ORDERS', ['BOOK_ORDERS']],
      ['SETTINGS', ['READ_SETTINGS']],
    ]);
    expect(heldGroups(SCOPE_CATALOGUE, [])).toEqual([]);
  });
});
