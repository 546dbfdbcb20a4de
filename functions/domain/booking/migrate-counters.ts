import type { BookingRecord } from '../ports/bookings';
import type { CountersMigrationProgress } from '../ports/counters-migration';
import type { RecountMark } from '../ports/counters';
import type { Deps } from '../ports/deps';
import { timeLeftMs } from '../../ground/invocation';
import { countedOf } from './counters';
import { recountBookedDay, recountDeliveredDay } from './recount';

/** Items a scan request evaluates (1 MB at most either way). */
const SCAN_PAGE = 500;
const DAYS_PAGE = 100;
/** A run stops taking new pages with this much of its time left, its progress saved. */
const STOP_MARGIN_MS = 60_000;

export interface MigrateOptions {
  /** Stop after this many pages (scan pages and day pages together): a test's way to cut a run short. */
  maxPages?: number;
  scanPage?: number;
}

/**
 * The one-off migration of issue 18 (§3), resumable and idempotent: run after a deploy and by local
 * mode on start, again on its schedule until done. It goes through the table once, writing on each
 * booking the keys of the city, merged and delivered indexes and marking its booking day and the day
 * it arrived, and removes the first version's `COUNT#` items and marks on the way; then it rebuilds
 * every marked day's counter items (the month items follow) from the bookings with the recount,
 * which never takes a live write for drift: a day busy right now stays marked for the next run.
 */
export async function migrateCounters(deps: Deps, opts: MigrateOptions = {}): Promise<CountersMigrationProgress> {
  const store = deps.countersMigration;
  let progress: CountersMigrationProgress = (await store.progress()) ?? { phase: 'scan', bookings: 0, removed: 0, days: 0, startedAt: deps.now().toISOString() };
  let pages = 0;
  const mayGoOn = () => (opts.maxPages === undefined || pages < opts.maxPages) && timeLeftMs() > STOP_MARGIN_MS;
  const shops = new Map<string, Awaited<ReturnType<Deps['shops']['get']>>>();
  const shopOf = async (shopId: string) => {
    if (!shops.has(shopId)) shops.set(shopId, await deps.shops.get(shopId));
    return shops.get(shopId);
  };

  while (progress.phase === 'scan' && mayGoOn()) {
    const page = await store.scanPage(progress.cursor, opts.scanPage ?? SCAN_PAGE);
    const marks: RecountMark[] = [];
    for (const booking of page.bookings) {
      const shop = await shopOf(booking.shopId);
      if (!shop) continue;
      const written = await rewrite(booking, deps);
      const counted = countedOf(written, shop.iana_time_zone);
      marks.push({ shopId: shop._id, kind: 'booked', day: counted.bookedDay });
      if (counted.endedDay) marks.push({ shopId: shop._id, kind: 'delivered', day: counted.endedDay });
    }
    // marks first: a run that dies after them and before the cursor only does this page again
    await store.markDays(marks);
    const { cursor: _done, ...rest } = progress;
    progress = page.cursor
      ? { ...rest, cursor: page.cursor, bookings: progress.bookings + page.bookings.length, removed: progress.removed + page.removed }
      : { ...rest, phase: 'days', bookings: progress.bookings + page.bookings.length, removed: progress.removed + page.removed };
    await store.saveProgress(progress);
    pages += 1;
  }

  while (progress.phase === 'days' && mayGoOn()) {
    const marks = await store.markedDays(DAYS_PAGE);
    pages += 1;
    let busy = 0;
    for (const mark of marks) {
      const shop = await shopOf(mark.shopId);
      const outcome = !shop ? undefined : mark.kind === 'booked' ? await recountBookedDay(shop, mark.day, deps) : await recountDeliveredDay(shop, mark.day, deps);
      if (outcome?.outcome === 'busy') { busy += 1; continue; }
      await store.unmarkDay(mark);
      progress = { ...progress, days: progress.days + 1 };
    }
    if (!marks.length) progress = { ...progress, phase: 'done', finishedAt: deps.now().toISOString() };
    await store.saveProgress(progress);
    // every day left is busy right now: the next run (minutes later) takes them up
    if (busy && busy === marks.length) break;
  }
  return progress;
}

/** Writes a booking's new keys from what is stored now (a status change meanwhile is read again). */
async function rewrite(booking: BookingRecord, deps: Deps): Promise<BookingRecord> {
  let current: BookingRecord | undefined = booking;
  for (let tries = 0; current && tries < 3; tries++) {
    if (await deps.countersMigration.rewriteKeys(current)) return current;
    current = await deps.bookings.get(booking.shopId, booking.trackingNumber);
  }
  return current ?? booking;
}
