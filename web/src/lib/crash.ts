import { isApiError, recentFailureRequestId } from './api';
import { isChunkLoadError } from './chunk-errors';

/** What the error panel says about a screen that could not be shown. */
export interface CrashReport {
  kind: 'chunk' | 'bug';
  title: string;
  description: string;
  /** The server's request id (500 answers carry one), for support. */
  requestId?: string;
}

export const CRASH_TITLE = 'This screen ran into a problem';
export const CRASH_TEXT = 'Something went wrong while showing this screen. Nothing you saved is lost. Reload to try again.';
export const CHUNK_TITLE = 'This screen could not load';
export const CHUNK_TEXT = 'Dakiya could not download this screen. Check your internet connection, then reload.';

export function describeCrash(error: unknown, recentRequestId = recentFailureRequestId()): CrashReport {
  if (isChunkLoadError(error)) return { kind: 'chunk', title: CHUNK_TITLE, description: CHUNK_TEXT };
  const requestId = (isApiError(error) ? error.requestId : undefined) ?? recentRequestId;
  return { kind: 'bug', title: CRASH_TITLE, description: CRASH_TEXT, ...(requestId ? { requestId } : {}) };
}
