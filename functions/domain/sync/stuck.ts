import { courierDefinition, STUCK_MIN_DAYS, type StuckDays, type StuckRule, type StuckSettings } from '@dakiya/shared';
import type { BookingRecord } from '../ports/bookings';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';

const DAY = 86_400_000;

export interface Stuck {
  rule: StuckRule;
  /** Whole days since the parcel last did what the rule waits on. */
  days: number;
  /** When it became stuck: the rule's start plus its days (stable, so raising again keeps the list's order). */
  stuckAt: string;
}

/**
 * A failed delivery attempt by the courier's own words: the words Shopify's step reads, and Leopards'
 * 'Pending' (its PN1/PN2 scans: consignee not available, first or second attempt).
 */
const FAILED_ATTEMPT = /attempt|refused|undeliver|not deliver|consignee not|^pending$/i;
export const isFailedAttempt = (courierStatus: string | undefined) => FAILED_ATTEMPT.test(courierStatus ?? '');

const daysSince = (iso: string, now: Date) => Math.floor((now.getTime() - Date.parse(iso)) / DAY);

/**
 * Which rule a parcel breaks now, if any (issue 22 item 2): booked and not picked up (FULFILLED) for
 * `not_picked_up` days, a failed attempt by the courier's own words with no scan since for
 * `attempt_not_retried` days, or in process for `in_transit` days. Each is reached at exactly its
 * days, counted from the status change (or, for an attempt, the last scan), never before.
 */
export function stuckOf(booking: BookingRecord, days: StuckDays, now: Date): Stuck | undefined {
  if (booking.cancelPendingFrom) return undefined;
  const at = (rule: StuckRule, since: string): Stuck | undefined => {
    const age = daysSince(since, now);
    return age >= days[rule] ? { rule, days: age, stuckAt: new Date(Date.parse(since) + days[rule] * DAY).toISOString() } : undefined;
  };
  if (booking.status === 'FULFILLED') return at('not_picked_up', booking.lastStatusAt);
  if (booking.status !== 'INPROCESS') return undefined;
  if (isFailedAttempt(booking.courierStatus)) {
    const attempt = at('attempt_not_retried', booking.lastScanAt ?? booking.lastStatusAt);
    if (attempt) return attempt;
  }
  return at('in_transit', booking.lastStatusAt);
}

/** A parcel that may break a rule at the smallest days any setting allows: only these need the settings read. */
export const mayBeStuck = (booking: BookingRecord, now: Date) =>
  (booking.status === 'FULFILLED' || booking.status === 'INPROCESS') && daysSince(booking.lastStatusAt, now) >= STUCK_MIN_DAYS;

const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** What 'Needs attention' says: the rule, the days since and the courier's last word. */
export function stuckMessage(booking: BookingRecord, stuck: Stuck): string {
  const courier = courierDefinition(booking.company).name;
  const said = booking.courierStatus ? `Last word from ${courier}: '${booking.courierStatus}'.` : `No word from ${courier} yet.`;
  switch (stuck.rule) {
    case 'not_picked_up': return `Stuck: booked ${plural(stuck.days)} ago and not picked up. ${said}`;
    case 'attempt_not_retried': return `Stuck: a delivery attempt failed ${plural(stuck.days)} ago and was not retried. ${said}`;
    case 'in_transit': return `Stuck: in transit for ${plural(stuck.days)}. ${said}`;
  }
}

/**
 * The stuck review of one parcel the sync just read: a parcel breaking its courier's rule raises
 * (or refreshes, with today's days) its 'Needs attention' item; one that moved and breaks none has
 * the item resolved. The settings are read only for a parcel old enough to be stuck.
 */
export async function reviewStuck(
  shop: Pick<ShopRecord, '_id'>, booking: BookingRecord, moved: boolean, rules: () => Promise<StuckSettings>, deps: Pick<Deps, 'attention' | 'now'>,
): Promise<Stuck | undefined> {
  const now = deps.now();
  const subject = { kind: 'booking' as const, trackingNumber: booking.trackingNumber };
  const stuck = mayBeStuck(booking, now) ? stuckOf(booking, (await rules())[booking.company], now) : undefined;
  if (stuck) {
    await deps.attention.raise(shop._id, {
      subject, reason: 'STUCK', orderName: booking.orderNames.join(', '), at: stuck.stuckAt, message: stuckMessage(booking, stuck),
    });
  } else if (moved) {
    await deps.attention.resolve(shop._id, subject, 'STUCK');
  }
  return stuck;
}
