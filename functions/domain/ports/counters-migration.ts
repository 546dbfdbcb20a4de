import type { BookingRecord } from './bookings';
import type { RecountMark } from './counters';

/** How far the counters migration got: a run that stops (its deadline, a failure) resumes here. */
export interface CountersMigrationProgress {
  /** `scan`: going through the table; `days`: rebuilding each marked day's counters; `done`: nothing left. */
  phase: 'scan' | 'days' | 'done';
  /** Where the scan stops next (opaque), while in `scan`. */
  cursor?: string;
  bookings: number;
  /** Counter items of the first version (`COUNT#...`) and their recount marks removed. */
  removed: number;
  days: number;
  startedAt: string;
  finishedAt?: string;
}

/**
 * What the one-off migration of the bookings to the counter items and indexes of issue 18 needs of
 * the table: a scan (a job, never a request path), a booking written again with every key this
 * version keeps, the days still to rebuild, and its own progress.
 */
export interface CountersMigration {
  progress(): Promise<CountersMigrationProgress | undefined>;
  saveProgress(progress: CountersMigrationProgress): Promise<void>;
  /** One page of the table's scan: its bookings, after removing the old counter items and marks it met. */
  scanPage(cursor: string | undefined, limit: number): Promise<{ bookings: BookingRecord[]; removed: number; cursor?: string }>;
  /**
   * Writes a booking's index keys again (cityKey, mergedAt, the delivered index), only while its status
   * is the one read; false when it changed meanwhile (read it again).
   */
  rewriteKeys(booking: BookingRecord): Promise<boolean>;
  /** Days whose counters the migration rebuilds (idempotent). */
  markDays(marks: RecountMark[]): Promise<void>;
  /** Up to `limit` marked days, in key order. */
  markedDays(limit: number): Promise<RecountMark[]>;
  unmarkDay(mark: RecountMark): Promise<void>;
}
