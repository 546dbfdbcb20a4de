import { SCOPE_CATALOGUE, type Scope } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { groupCheck, toggleGroup, toggleScope } from './scope-groups';

const orders = SCOPE_CATALOGUE.find((g) => g.type === 'ORDERS')!;
const ALL_ORDERS: Scope[] = ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS', 'UPDATE_ORDERS', 'EXPORT_ORDERS'];

describe('group checkbox state', () => {
  it('is false, indeterminate or true', () => {
    expect(groupCheck(orders, [])).toBe(false);
    expect(groupCheck(orders, ['READ_SETTINGS'])).toBe(false);
    expect(groupCheck(orders, ['READ_ORDERS'])).toBe('indeterminate');
    expect(groupCheck(orders, ALL_ORDERS)).toBe(true);
  });
});

describe('toggling', () => {
  it('an empty group fills, a partial group fills, a full group clears; other groups are untouched', () => {
    expect(toggleGroup(SCOPE_CATALOGUE, 'ORDERS', ['READ_SETTINGS'])).toEqual([...ALL_ORDERS, 'READ_SETTINGS']);
    expect(toggleGroup(SCOPE_CATALOGUE, 'ORDERS', ['BOOK_ORDERS'])).toEqual(ALL_ORDERS);
    expect(toggleGroup(SCOPE_CATALOGUE, 'ORDERS', [...ALL_ORDERS, 'READ_ANALYTICS'])).toEqual(['READ_ANALYTICS']);
    expect(toggleGroup(SCOPE_CATALOGUE, 'ANALYTICS', [])).toEqual(['READ_ANALYTICS']);
  });

  it('a single scope flips and the list stays in catalogue order', () => {
    expect(toggleScope(SCOPE_CATALOGUE, 'READ_ORDERS', ['READ_ANALYTICS'])).toEqual(['READ_ORDERS', 'READ_ANALYTICS']);
    expect(toggleScope(SCOPE_CATALOGUE, 'READ_ANALYTICS', ['READ_ORDERS', 'READ_ANALYTICS'])).toEqual(['READ_ORDERS']);
  });
});
