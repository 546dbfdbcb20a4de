import type { BookingCheck } from '@dakiya/shared';
import { formatDateTime } from '../../lib/format';

/** Where a staff member may not answer a check (no WRITE_ORDERS): who can. */
export const WHO_CAN_CHECK = 'An admin, or a staff member allowed to cancel bookings, can say whether the courier booked it.';

/** The check page's own heading: what is being checked, not the booking form's. */
export function checkHeading(check: Pick<BookingCheck, 'courier' | 'order_names'>): { title: string; subtitle: string } {
  return {
    title: `Check a booking with ${check.courier}`,
    subtitle: `${check.courier} did not say whether it booked ${check.order_names.join(', ')}. What its portal shows decides: `
      + 'Dakiya then finishes the booking, or frees the order to book again.',
  };
}

/**
 * What to do once the reference is found: a person who may answer says it here; one who may not tells
 * who can, rather than being asked for an answer they cannot give.
 */
export function checkNextStep(canResolve: boolean): string {
  return canResolve ? 'then say what you found.' : 'then tell an admin, or a staff member allowed to cancel bookings, what you found: they answer it here.';
}

/** What "It was not booked" does, and what it costs if the courier did book it: said before the person confirms. */
export function checkNotBookedWarning(check: BookingCheck): string {
  const names = check.order_names.join(', ');
  return `${names} becomes free to book again and its slot of your plan is given back. If ${check.courier} did book it after all `
    + `(reference ${check.reference}), that parcel stays unknown to Dakiya and booking again makes a second parcel: `
    + `cancel the first one on ${check.courier}'s portal.`;
}

/** Every Dakiya shop is in Pakistan: the zone when the session has none yet. */
const SHOP_ZONE = 'Asia/Karachi';

/**
 * When the attempt was sent, from the server's timestamp, in the shop's time zone with its date
 * ('November 26, 2026 at 02:05 PM'): the browser's own clock may be anywhere (a laptop set to UTC).
 */
export function checkSentAt(check: Pick<BookingCheck, 'started_at'>, timeZone: string | undefined): string {
  return formatDateTime(check.started_at, { timeZone: timeZone ?? SHOP_ZONE });
}
