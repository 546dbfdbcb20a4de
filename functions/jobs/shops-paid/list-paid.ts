import type { ScheduledWorker } from '../../platform/job-chain';
import { timeLeftMs } from '../../ground/invocation';

/** Items a Scan page reads (of every kind; the filter keeps paid shops). */
const PAGE = 1000;
/** Kept back at the end of a run for the last page and saving where it stands. */
const RESERVE_MS = 20_000;

/**
 * Shops that paid before the paid list existed get their place on it, once, after the deploy that
 * brings the status sync: the table is scanned a page at a time, the cursor saved after each, so a
 * run cut short continues; a place written twice is the same item, and a plan change meanwhile
 * writes its own. Local mode needs none: every start subscribes the demo shop again through billing.
 */
export const listPaidShops: ScheduledWorker = async (ctx, deps) => {
  let progress = await deps.billing.paidListProgress();
  if (progress.done) return;
  let written = 0;
  while (timeLeftMs() > RESERVE_MS) {
    const page = await deps.billing.listPaidPage(progress.cursor, PAGE);
    written += page.written;
    progress = page.cursor ? { done: false, cursor: page.cursor } : { done: true };
    await deps.billing.savePaidListProgress(progress);
    if (progress.done) break;
  }
  ctx.log.info(progress.done ? 'paid shops listed' : 'paid shops listing continues on the next run', { written });
};
