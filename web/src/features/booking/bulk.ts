import type { BulkProgress, BulkRowState } from '@dakiya/shared';
import { formatTime } from '../../lib/format';

/** How far the job is: every order with an outcome counts, whatever it is. */
export function progressOf(job: Pick<BulkProgress, 'total' | 'booked' | 'failed' | 'check'>): { done: number; percent: number } {
  const done = job.booked + job.failed + job.check;
  return { done, percent: job.total > 0 ? Math.min(100, Math.round((done / job.total) * 100)) : 100 };
}

export const ROW_LABELS: Record<BulkRowState, { label: string; palette: string }> = {
  queued: { label: 'Waiting', palette: 'gray' },
  booked: { label: 'Booked', palette: 'green' },
  failed: { label: 'Not booked', palette: 'red' },
  check: { label: 'Check with the courier', palette: 'orange' },
};

/** How often the page asks while the job runs. */
export const POLL_MS = 1500;

/**
 * Whether the page still hears from the server while the job runs. Offline (the browser says so, or the
 * last ask got no answer) the page says so and when it last heard, and no row claims to be waiting now:
 * the job goes on on the server either way.
 */
export function bulkFreshness(input: { running: boolean; online: boolean; lastAskFailed: boolean; lastUpdated: Date | null; timeZone?: string }): { stale: boolean; message?: string } {
  const stale = input.running && (!input.online || input.lastAskFailed);
  if (!stale) return { stale: false };
  const when = input.lastUpdated ? `Last updated at ${formatTime(input.lastUpdated, { timeZone: input.timeZone })}.` : 'Not updated yet.';
  const why = input.online ? 'The connection to Dakiya failed.' : 'You are offline.';
  return { stale: true, message: `${why} ${when} The booking goes on on the server; this page catches up when the connection is back.` };
}

/** A row's badge: a waiting row seen before the connection went says when, not that it waits now. */
export function rowLabel(state: BulkRowState, stale: boolean): { label: string; palette: string } {
  return stale && state === 'queued' ? { label: 'Waiting when last seen', palette: 'gray' } : ROW_LABELS[state];
}
