import type { BulkProgress, BulkRowState } from '@dakiya/shared';

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
