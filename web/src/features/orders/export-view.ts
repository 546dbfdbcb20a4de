import { EXPORT_LINK_SECONDS, type ExportFilter, type ExportStatus, type OrdersQueryInput } from '@dakiya/shared';
import { countOf } from '../../lib/format';
import type { OrdersApiQuery } from './orders-view';

export interface ExportOption { value: ExportFilter; label: string; hint: string; disabled?: boolean }

export const EXPORT_OPTIONS: ExportOption[] = [
  { value: 'MATCHED_ORDERS', label: 'Matched orders', hint: 'The orders the current search and filters show' },
  { value: 'STORE_ORDERS', label: 'Store orders', hint: 'Every order of your store booked through Dakiya' },
];

export const ATTENTION_HINT = "Not from 'Needs attention': it shows what waits for a person, not a filter of bookings. Leave it to export the orders your filters match.";

/**
 * The choices the modal offers for this view of the list. 'Needs attention' is no filter the export can
 * apply (it also lists attempts, which are not bookings): Matched is offered only outside it, so a file
 * never holds more than the modal promised.
 */
export function exportOptionsFor(api: OrdersApiQuery): { options: ExportOption[]; initial: ExportFilter } {
  if (api.attention !== 'true') return { options: EXPORT_OPTIONS, initial: 'MATCHED_ORDERS' };
  return {
    options: EXPORT_OPTIONS.map((o) => (o.value === 'MATCHED_ORDERS' ? { ...o, hint: ATTENTION_HINT, disabled: true } : o)),
    initial: 'STORE_ORDERS',
  };
}

/** The list's search and filters, without its page: what MATCHED_ORDERS exports. */
export function exportQueryOf(api: OrdersApiQuery): NonNullable<OrdersQueryInput> {
  const { page: _page, limit: _limit, cursor: _cursor, attention: _attention, ...filters } = api as Record<string, string | undefined>;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as NonNullable<OrdersQueryInput>;
}

/** One line of 'recent exports' in words. */
export function exportLine(e: ExportStatus): string {
  const what = e.filter === 'STORE_ORDERS' ? 'Store orders' : 'Matched orders';
  switch (e.state) {
    case 'running': return `${what}: writing… ${countOf(e.rows, 'row', 'rows')} so far`;
    case 'done': return `${what}: ${countOf(e.rows, 'row', 'rows')}, ${sizeOf(e.bytes ?? 0)}`;
    case 'failed':
    case 'expired': return `${what}: ${e.msg ?? ''}`;
  }
}

export function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const LINK_NOTE = `Each download link works for ${EXPORT_LINK_SECONDS / 60} minutes; files are kept for 7 days.`;
