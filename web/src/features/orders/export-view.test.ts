import { describe, expect, it } from 'vitest';
import type { ExportStatus } from '@dakiya/shared';
import { ATTENTION_HINT, EXPORT_OPTIONS, exportLine, exportOptionsFor, exportQueryOf, sizeOf } from './export-view';

const base: ExportStatus = {
  exportId: 'a'.repeat(24), filter: 'MATCHED_ORDERS', state: 'done', rows: 1234, bytes: 2_500_000, fileName: 'orders-matched.csv', createdAt: '2026-11-27T10:00:00.000Z',
};

describe('the Export modal in words', () => {
  it('exports the list\'s search and filters, never its page, size, cursor or the attention view', () => {
    expect(exportQueryOf({ query: 'KI1', status: 'DELIVERED', page: '3', limit: '50', cursor: 'abc', attention: 'true', dest: '' }))
      .toEqual({ query: 'KI1', status: 'DELIVERED' });
  });

  it("offers Matched only outside 'Needs attention', whose rows are no filter an export can apply", () => {
    expect(exportOptionsFor({ status: 'DELIVERED' })).toEqual({ options: EXPORT_OPTIONS, initial: 'MATCHED_ORDERS' });
    const attention = exportOptionsFor({ status: 'DELIVERED', attention: 'true' });
    expect(attention.initial).toBe('STORE_ORDERS');
    expect(attention.options.map((o) => [o.value, o.disabled ?? false, o.hint])).toEqual([
      ['MATCHED_ORDERS', true, ATTENTION_HINT],
      ['STORE_ORDERS', false, 'Every order of your store booked through Dakiya'],
    ]);
  });

  it('says where each export stands', () => {
    expect(exportLine(base)).toBe('Matched orders: 1,234 rows, 2.4 MB');
    expect(exportLine({ ...base, filter: 'STORE_ORDERS', state: 'running', rows: 1 })).toBe('Store orders: writing… 1 row so far');
    expect(exportLine({ ...base, state: 'failed', msg: 'This export did not finish. Export again.' })).toBe('Matched orders: This export did not finish. Export again.');
    expect([sizeOf(900), sizeOf(2048)]).toEqual(['900 B', '2.0 KB']);
  });
});
