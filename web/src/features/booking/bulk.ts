import type { BulkProgress, BulkRow, BulkRowState, BulkSelectionOrder } from '@dakiya/shared';
import { formatTime } from '../../lib/format';

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
  return stale && state === 'queued' ? { label: 'Waiting when last seen', palette: 'gray' } : ROW_LABELS[state];
}

/**
 * What a row not booked offers: Plans for the plan's limit, the booking Dakiya already made, or the
 * booking form for this order alone, where the person can mend what the courier did not take (an address
 * included). An order cancelled, fulfilled or held on Shopify, or unknown to it, would be refused there too.
 */
export function rowAction(row: Pick<BulkRow, 'state' | 'reason' | 'tracking_number'>): 'plans' | 'booking' | 'book-alone' | null {
  if (row.state !== 'failed') return null;
  switch (row.reason) {
    case 'plan_limit':
      return 'plans';
    case 'booked':
      return row.tracking_number ? 'booking' : null;
    case 'not_found':
    case 'cancelled':
    case 'not_fulfillable':
      return null;
    default:
      return 'book-alone';
  }
}

const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/**
 * For a courier that books cash on delivery only: how many of the selected orders are prepaid (nothing
 * left to pay), so will not be booked with it. Cancelled orders are not counted: they are not booked at all.
 */
export function prepaidNote(selection: Pick<BulkSelectionOrder, 'cod' | 'cancelled'>[], courier: string): string {
  const open = selection.filter((o) => !o.cancelled);
  const prepaid = open.filter((o) => o.cod <= 0).length;
  if (prepaid === 0) return open.length === 1 ? `The order is cash on delivery: ${courier} can book it.` : `All ${open.length} orders are cash on delivery: ${courier} can book each of them.`;
  const verb = prepaid === 1 ? 'is' : 'are';
  return `${prepaid} of the ${orders(open.length)} ${verb} prepaid and will not be booked with ${courier}.`;
}

/** What one selected order will collect, as its line on the bulk form says it. */
export function selectionLine(order: Pick<BulkSelectionOrder, 'cod' | 'cancelled'>, formatCod: (cod: number) => string): string {
  if (order.cancelled) return 'Cancelled on Shopify';
  return order.cod > 0 ? formatCod(order.cod) : 'Prepaid';
}
