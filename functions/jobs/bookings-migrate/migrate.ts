import type { ScheduledWorker } from '../../platform/job-chain';
import { migrateCounters } from '../../domain/booking/migrate-counters';

/**
 * The counters migration of issue 18 (domain/booking/migrate-counters.ts): each run goes on from
 * where the last one stopped, and once it is done a run only reads its progress.
 */
export const migrateBookings: ScheduledWorker = async (ctx, deps) => {
  const progress = await migrateCounters(deps);
  ctx.log.info('bookings migration', { ...progress });
};
