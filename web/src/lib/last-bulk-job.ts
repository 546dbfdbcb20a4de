import { local } from './storage';

const LAST_JOB_KEY = 'bulk_job';

/** The last bulk booking started in this browser (booking writes it), so the store-orders page can lead back to it. */
export function rememberBulkJob(jobId: string): void {
  local.setItem(LAST_JOB_KEY, jobId);
}

export function lastBulkJob(): string | null {
  return local.getItem(LAST_JOB_KEY);
}
