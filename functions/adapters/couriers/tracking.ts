import type { TrackingEvent, TrackingResult } from '../../domain/ports/courier';
import { classifyStatus, type StatusTable } from './status-text';

/** Shared tail of every tracking mapper: classify the current text and date the terminal events. */
export function trackingResult(
  table: StatusTable,
  trackingNumber: string,
  rawStatus: string | null,
  events: TrackingEvent[],
): TrackingResult {
  const sorted = [...events].sort((a, b) => a.at.localeCompare(b.at));
  const verdict = classifyStatus(table, rawStatus);
  const lastWith = (status: 'DELIVERED' | 'RTS') =>
    [...sorted].reverse().find((e) => classifyStatus(table, e.status).status === status)?.at;
  return {
    trackingNumber,
    found: true,
    status: verdict.status,
    returning: verdict.returning,
    rawStatus,
    events: sorted,
    ...(verdict.status === 'DELIVERED' ? { deliveredAt: lastWith('DELIVERED') ?? sorted.at(-1)?.at } : {}),
    ...(verdict.status === 'RTS' ? { returnedAt: lastWith('RTS') ?? sorted.at(-1)?.at } : {}),
  };
}

export function notFound(trackingNumber: string): TrackingResult {
  return { trackingNumber, found: false, status: null, returning: false, rawStatus: null, events: [] };
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
