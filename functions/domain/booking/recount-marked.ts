import type { RecountMark } from '../ports/counters';
import type { Deps } from '../ports/deps';
import { recountBookedDay, recountDeliveredDay } from './recount';

const HOUR_MS = 3_600_000;
/** A first run (or one after a long gap) looks this far back for marks. */
const FIRST_LOOK_BACK_HOURS = 4 * 24;

export interface RecountResult {
  days: number;
  repaired: number;
  /** Days left for the next run: something on them changed in the last minutes. */
  busy: number;
}

/**
 * Goes through the marks of every hour since the last run up to the hour before this one (a mark of
 * the current hour may still be joined by writes that will not mark again), recounts each marked day
 * once, and marks again in this hour the days it had to leave alone, so the next run takes them up.
 */
export async function recountMarked(deps: Deps): Promise<RecountResult> {
  const nowMs = deps.now().getTime();
  const lastHour = Math.floor(nowMs / HOUR_MS) - 1;
  const done = await deps.counters.recountedThrough();
  const firstHour = Math.max(done === undefined ? lastHour - FIRST_LOOK_BACK_HOURS : done + 1, lastHour - 31 * 24);
  const marks = [...new Map((await deps.counters.marked(firstHour, lastHour)).map((m) => [`${m.shopId}#${m.kind}#${m.day}`, m])).values()];
  const shops = new Map((await deps.shops.getMany([...new Set(marks.map((m) => m.shopId))])).map((s) => [s._id, s]));
  const result: RecountResult = { days: 0, repaired: 0, busy: 0 };
  const again: RecountMark[] = [];
  for (const mark of marks) {
    const shop = shops.get(mark.shopId);
    if (!shop) continue;
    const outcome = mark.kind === 'booked' ? await recountBookedDay(shop, mark.day, deps) : await recountDeliveredDay(shop, mark.day, deps);
    result.days += 1;
    result.repaired += outcome.repaired;
    if (outcome.outcome === 'busy') { result.busy += 1; again.push(mark); }
  }
  if (again.length) await deps.counters.mark(again, nowMs);
  await deps.counters.setRecountedThrough(lastHour);
  return result;
}
