import type { BookingCheck } from '@dakiya/shared';

/** Where a staff member may not answer a check (no WRITE_ORDERS): who can. */
export const WHO_CAN_CHECK = 'An admin, or a staff member allowed to cancel bookings, can say whether the courier booked it.';

/** What "It was not booked" does, and what it costs if the courier did book it: said before the person confirms. */
export function checkNotBookedWarning(check: BookingCheck): string {
  const names = check.order_names.join(', ');
  return `${names} becomes free to book again and its slot of your plan is given back. If ${check.courier} did book it after all `
    + `(reference ${check.reference}), that parcel stays unknown to Dakiya and booking again makes a second parcel: `
    + `cancel the first one on ${check.courier}'s portal.`;
}
