import { PAYMENT_STATUSES, type ImportOrdersOutput, type ImportResult, type ImportRow, type PaymentStatus } from '@dakiya/shared';
import type { BookingRecord, CountedBooking } from '../ports/bookings';
import type { CounterChange } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { counterChanges, countedOf, sumChanges } from '../booking/counters';

/**
 * Updates at once: enough to keep a chunk of a thousand rows to a few seconds, few enough that one
 * import does not take the table's write capacity from the shop's other work.
 */
const WRITERS = 25;
/** Keys of one BatchGet. */
const READ_BATCH = 100;
/** A row whose booking keeps changing under it is reported, not retried for ever. */
const TRIES = 3;

const statusOf = (text: string): PaymentStatus | undefined => PAYMENT_STATUSES.find((s) => s === text.trim().toUpperCase());

/**
 * POST /import-orders: one chunk of a payment CSV. Each row is checked on its own; a row that names a
 * booking of the shop with another payment status is written through the booking's own conditional
 * change (from the payment status read, so a concurrent change is read again, never overwritten).
 * Rows of one tracking number go one after another, in the file's order. The counters' moves of the
 * whole chunk are summed and written once per counter item, after the bookings (as every move is:
 * the recount repairs a move lost in between).
 */
export async function importPayments(shop: Pick<ShopRecord, '_id' | 'iana_time_zone'>, rows: ImportRow[], deps: Deps): Promise<ImportOrdersOutput> {
  const results: ImportResult[] = rows.map((row) => (statusOf(row.payment_status) ? 'NOT_FOUND' : 'INVALID_STATUS'));
  const byNumber = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const number = row.tracking_number.trim();
    if (results[i] === 'INVALID_STATUS' || !number) return;
    byNumber.set(number, [...(byNumber.get(number) ?? []), i]);
  });
  // a BatchGet reads a hundred keys: the chunk's batches at once, not one after another, and only
  // the fields the change and the counters need (a booking's line items are most of its size)
  const numbers = [...byNumber.keys()];
  const batches = Array.from({ length: Math.ceil(numbers.length / READ_BATCH) }, (_, k) => numbers.slice(k * READ_BATCH, (k + 1) * READ_BATCH));
  const found = new Map((await Promise.all(batches.map((batch) => deps.bookings.getCounted(shop._id, batch)))).flat().map((b) => [b.trackingNumber, b]));
  const moves: CounterChange[] = [];
  const now = deps.now().toISOString();

  const importOne = async (number: string, indexes: number[]) => {
    let booking: CountedBooking | undefined = found.get(number);
    for (const i of indexes) {
      if (!booking) continue;
      const wanted = statusOf(rows[i]!.payment_status)!;
      for (let tries = 0; ; tries++) {
        if (booking.paymentStatus === wanted) {
          results[i] = 'UNCHANGED';
          break;
        }
        if (tries === TRIES) {
          results[i] = 'CHANGED_MEANWHILE';
          break;
        }
        const written: BookingRecord | undefined = await deps.bookings.change(booking, { paymentStatus: wanted, changedAt: now });
        if (written) {
          moves.push(...counterChanges(countedOf(booking, shop.iana_time_zone), countedOf(written, shop.iana_time_zone)));
          results[i] = 'UPDATED';
          booking = written;
          break;
        }
        // another change got there first: the row applies to what is stored now
        booking = await deps.bookings.get(shop._id, number);
        if (!booking) break;
      }
    }
  };
  const queue = [...byNumber];
  await Promise.all(Array.from({ length: Math.min(WRITERS, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await importOne(...next);
  }));

  const summed = sumChanges(moves);
  if (summed.length) await deps.counters.apply(shop._id, summed, deps.now().getTime());

  const count = (...kinds: ImportResult[]) => results.filter((r) => kinds.includes(r)).length;
  const updated = count('UPDATED');
  const unchanged = count('UNCHANGED');
  const notMatched = rows.length - updated - unchanged;
  return {
    msg: `${updated} updated, ${unchanged} unchanged, ${notMatched} not matched`,
    updated, unchanged, notMatched,
    results: results.map((result, row) => ({ row, result })),
  };
}
