import type { QueueWorker } from '../../platform/job-chain';
import { PermanentJobError } from '../../platform/job-chain';
import { runBulk } from '../../domain/booking/bulk';

/** One bulk booking (functions/domain/booking/bulk.ts); a retried message resumes with the rows still queued. */
export const bookBulk: QueueWorker<'bookings.bulk'> = async (message, ctx, deps) => {
  if (!ctx.shopId) throw new PermanentJobError('a bulk booking job has no shop');
  await runBulk(ctx.shopId, message.bulkId, message.userId, deps);
};
