import type { ScheduledWorker } from '../../platform/job-chain';
import { recountMarked } from '../../domain/booking/recount-marked';

/**
 * The nightly recount (EventBridge in AWS, the poller's timer locally): every day whose counters a
 * booking or a move changed since the last run (each marked by its first change in an hour), however
 * old the day, is recounted from the bookings themselves.
 */
export const recountBookings: ScheduledWorker = async (ctx, deps) => {
  const result = await recountMarked(deps);
  ctx.log.info('booking counters recounted', { ...result });
};
