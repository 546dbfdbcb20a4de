import type { ScheduledWorker } from '../../platform/job-chain';
import { recountDay } from '../../domain/booking/recount';

/** Days recounted each night, by UTC date: a shop's own day is within one day of it either way. */
const DAYS_BACK = 3;
const DAYS_AHEAD = 1;

/**
 * The nightly recount (EventBridge in AWS, the poller's timer locally): the per-day counters of the
 * days just past are recounted from the bookings themselves, for the shops that booked on them.
 */
export const recountBookings: ScheduledWorker = async (ctx, deps) => {
  let repaired = 0;
  for (let back = -DAYS_AHEAD; back < DAYS_BACK; back++) {
    const day = new Date(ctx.now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    for (const shopId of await deps.counters.shopsToRecount(day)) repaired += await recountDay(shopId, day, deps);
  }
  ctx.log.info('booking counters recounted', { repaired });
};
