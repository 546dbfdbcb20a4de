import type { ScheduledWorker } from '../../platform/job-chain';
import { timeLeftMs } from '../../ground/invocation';

/** Items a Scan page reads (of every kind; the filter keeps bookings). */
const PAGE = 500;
/** Kept back at the end of a run for the last page and saving where it stands. */
const RESERVE_MS = 20_000;

/**
 * Bookings saved before the order pointers existed get theirs: the table is scanned once, its cursor
 * saved after every page, so a run cut short (or a deploy meanwhile) continues where the last saved
 * page ended; writing a pointer twice writes the same item. Once done, a run is a single read.
 */
export const backfillOrderPointers: ScheduledWorker = async (ctx, deps) => {
  let progress = await deps.bookings.orderPointersProgress();
  if (progress.done) return;
  let written = 0;
  while (timeLeftMs() > RESERVE_MS) {
    const page = await deps.bookings.backfillOrderPointers(progress.cursor, PAGE);
    written += page.written;
    progress = page.cursor ? { done: false, cursor: page.cursor } : { done: true };
    await deps.bookings.saveOrderPointersProgress(progress);
    if (progress.done) break;
  }
  ctx.log.info(progress.done ? 'order pointers backfilled' : 'order pointers backfill continues on the next run', { written });
};
