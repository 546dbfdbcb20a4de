import { waitingForCheck, type BulkProgress, type BulkRow, type BulkRowState, type BulkSelectionOrder } from '@dakiya/shared';
import { formatTime } from '../../lib/format';

const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** How far the job is: every order with an outcome counts, whatever it is. */
export function progressOf(job: Pick<BulkProgress, 'total' | 'booked' | 'failed' | 'check'>): { done: number; percent: number } {
  const done = job.booked + job.failed + job.check;
  return { done, percent: job.total > 0 ? Math.min(100, Math.round((done / job.total) * 100)) : 100 };
}

export const ROW_LABELS: Record<BulkRowState, { label: string; palette: string }> = {
  queued: { label: 'Waiting', palette: 'gray' },
  booked: { label: 'Booked', palette: 'green' },
  failed: { label: 'Not booked', palette: 'red' },
  check: { label: 'Check with the courier', palette: 'orange' },
};

/**
 * The job's outcomes as the page counts them: an order Dakiya had booked before the bulk is no failure
 * of it, nor a prepaid order a cash-on-delivery-only courier was never going to book (the form said so).
 */
export function outcomeCounts(job: Pick<BulkProgress, 'booked' | 'failed' | 'check'> & { rows?: Pick<BulkRow, 'state' | 'reason'>[] }): { booked: number; bookedBefore: number; prepaid: number; notBooked: number; check: number } {
  const failedFor = (reason: BulkRow['reason']) => job.rows?.filter((r) => r.state === 'failed' && r.reason === reason).length ?? 0;
  const bookedBefore = failedFor('booked');
  const prepaid = failedFor('prepaid');
  return { booked: job.booked, bookedBefore, prepaid, notBooked: Math.max(0, job.failed - bookedBefore - prepaid), check: job.check };
}

/**
 * The bar's colour once the job is done: green when every order was booked, red only when none was and
 * some were refused, orange when some were and some were not (not booked, or waiting for a check), or when
 * every order left waits for a check. Prepaid orders a cash-on-delivery-only courier left out (as the form said)
 * are said apart and are no failure. While the job runs it is the brand's. `summary` says the same in words beside the bar; the badges above it give the counts.
 */
export function progressTone(job: Pick<BulkProgress, 'status' | 'booked' | 'failed' | 'check'> & { rows?: Pick<BulkRow, 'state' | 'reason'>[] }): { palette: 'brand' | 'green' | 'orange' | 'red'; summary?: string } {
  if (job.status !== 'done') return { palette: 'brand' };
  const counts = outcomeCounts(job);
  const left = counts.notBooked + counts.check;
  const andPrepaid = counts.prepaid > 0 ? ` ${prepaidLeft(counts.prepaid)}` : '';
  if (left === 0) {
    if (!andPrepaid) return { palette: 'green', summary: 'Every order is booked.' };
    // only prepaid orders left out, as the form said before the bulk: no failure, unless nothing was booked at all
    const booked = counts.booked + counts.bookedBefore > 0;
    return { palette: booked ? 'green' : 'orange', summary: `${booked ? 'Every cash-on-delivery order is booked.' : 'No order was booked.'}${andPrepaid}` };
  }
  // nothing refused: the courier may well have booked them, and a person's check says whether
  if (counts.booked === 0 && counts.notBooked === 0) {
    return { palette: 'orange', summary: `${counts.check === 1 ? '1 order waits' : `${counts.check} orders wait`} for a check with the courier: open the check on ${counts.check === 1 ? 'its row' : 'each row'} below to say whether it was booked.` };
  }
  if (counts.booked === 0) return { palette: 'red', summary: `No order was booked: each row below says why.${andPrepaid}` };
  return { palette: 'orange', summary: `${orders(counts.booked)} booked, ${left} not: each row below says why.${andPrepaid}` };
}

const prepaidLeft = (n: number) => `${n === 1 ? '1 prepaid order was' : `${n} prepaid orders were`} left for an account that books prepaid orders.`;

/** How often the page asks while the job runs. */
export const POLL_MS = 1500;

/**
 * Whether the page still hears from the server while the job runs. Offline (the browser says so, or the
 * last ask got no answer) the page says so and when it last heard, and no row claims to be waiting now:
 * the job goes on on the server either way.
 */
export function bulkFreshness(input: { running: boolean; online: boolean; lastAskFailed: boolean; lastUpdated: Date | null; timeZone?: string }): { stale: boolean; message?: string } {
  const stale = input.running && (!input.online || input.lastAskFailed);
  if (!stale) return { stale: false };
  const when = input.lastUpdated ? `Last updated at ${formatTime(input.lastUpdated, { timeZone: input.timeZone })}.` : 'Not updated yet.';
  const why = input.online ? 'The connection to Dakiya failed.' : 'You are offline.';
  return { stale: true, message: `${why} ${when} The booking goes on on the server; this page catches up when the connection is back.` };
}

/**
 * A row's badge: a waiting row seen before the connection went says when, not that it waits now; an
 * order Dakiya had booked before is not a failure of this booking.
 */
export function rowLabel(state: BulkRowState, stale: boolean, reason?: BulkRow['reason']): { label: string; palette: string } {
  if (state === 'failed' && reason === 'booked') return { label: 'Already booked', palette: 'blue' };
  if (state === 'failed' && reason === 'prepaid') return { label: 'Prepaid: left out', palette: 'gray' };
  return stale && state === 'queued' ? { label: 'Waiting when last seen', palette: 'gray' } : ROW_LABELS[state];
}

/**
 * What a row not booked offers: Plans for the plan's limit, the booking Dakiya already made, or the
 * booking form for this order alone, where the person can mend what the courier did not take (an address
 * included). An order cancelled, fulfilled or held on Shopify, or unknown to it, would be refused there too.
 */
export function rowAction(row: Pick<BulkRow, 'state' | 'reason' | 'tracking_number'>): 'plans' | 'booking' | 'book-alone' | 'check' | null {
  // the courier's answer was lost, in this bulk or before: the order's check panel asks what the courier shows
  if (row.state === 'check') return 'check';
  if (row.state !== 'failed') return null;
  switch (row.reason) {
    case 'plan_limit':
      return 'plans';
    case 'booked':
      return row.tracking_number ? 'booking' : null;
    case 'prepaid':
      // booked with another account, whose form is the order's own page
      return 'book-alone';
    case 'not_found':
    case 'cancelled':
    case 'not_fulfillable':
      return null;
    default:
      return 'book-alone';
  }
}

type Selected = Pick<BulkSelectionOrder, 'cod' | 'cancelled' | 'tracking_number' | 'check_needed'>;

/**
 * Why the bulk will not book a selected order, or null when it will: cancelled on Shopify, booked by
 * Dakiya already, waiting for a person's check with the courier that lost its answer (the server
 * refuses each of them on its row too), or prepaid when `codOnly` names a courier that books cash on
 * delivery only (it refuses them).
 */
export function leftOutReason(order: Selected, codOnly?: string): 'cancelled' | 'booked' | 'check' | 'prepaid' | null {
  if (order.check_needed) return 'check';
  if (order.tracking_number) return 'booked';
  if (order.cancelled) return 'cancelled';
  return codOnly && order.cod <= 0 ? 'prepaid' : null;
}

/** The selected orders the bulk will book: the ones 'Book N orders' and the total COD count. */
export function ordersToBook<T extends Selected>(selection: readonly T[], codOnly?: string): T[] {
  return selection.filter((o) => leftOutReason(o, codOnly) === null);
}

/** The short line of an order the bulk leaves out. */
export function leftOutLine(order: Selected, codOnly?: string): string {
  if (order.check_needed) return waitingForCheck(order.check_needed);
  if (order.tracking_number) return `Already booked: ${order.tracking_number}`;
  if (order.cancelled) return 'Cancelled on Shopify';
  return `Prepaid: ${codOnly ?? 'this courier'} books cash-on-delivery orders only`;
}

/** An id Shopify does not know: the form's line and the progress page's row say it alike. */
export const NOT_FOUND_LINE = 'Order not found';

/**
 * For a courier that books cash on delivery only: how many of the orders otherwise bookable are prepaid
 * (nothing left to pay), so will not be booked with it. Orders left out for another reason (cancelled,
 * booked, waiting for a check) are not counted.
 */
export function prepaidNote(selection: Selected[], courier: string): string {
  const open = ordersToBook(selection);
  const prepaid = open.filter((o) => o.cod <= 0).length;
  if (prepaid === 0) return open.length === 1 ? `The order is cash on delivery: ${courier} can book it.` : `All ${open.length} orders are cash on delivery: ${courier} can book each of them.`;
  const verb = prepaid === 1 ? 'is' : 'are';
  return `${prepaid} of the ${orders(open.length)} ${verb} prepaid and will not be booked with ${courier}.`;
}

/** '3 of 20 orders done', '1 of 1 order done': the noun follows the total. */
export function doneLine(done: number, total: number): string {
  return `${done} of ${total} ${total === 1 ? 'order' : 'orders'} done`;
}

/** What one selected order will collect, as its line on the bulk form says it. */
export function selectionLine(order: Pick<BulkSelectionOrder, 'cod' | 'cancelled'>, formatCod: (cod: number) => string): string {
  if (order.cancelled) return 'Cancelled on Shopify';
  return order.cod > 0 ? formatCod(order.cod) : 'Prepaid';
}
