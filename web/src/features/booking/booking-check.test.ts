import { describe, expect, it } from 'vitest';
import { checkHeading, checkNextStep, checkNotBookedWarning, checkSentAt } from './booking-check';

describe('"It was not booked"', () => {
  it('says what happens, and what it costs if the courier did book it, before the person confirms', () => {
    const text = checkNotBookedWarning({ reference: '#1443-K7Q2MX', courier: 'TCS', account_name: 'TCS main', started_at: '2026-11-26T10:00:00.000Z', order_names: ['#1443'] });
    expect(text).toBe('#1443 becomes free to book again and its slot of your plan is given back. If TCS did book it after all (reference #1443-K7Q2MX), '
      + 'that parcel stays unknown to Dakiya and booking again makes a second parcel: cancel the first one on TCS\'s portal.');
  });
});

describe('when the attempt was sent', () => {
  it("is the server's time on the shop's clock, with its date, whatever the browser's zone", () => {
    const check = { started_at: '2026-11-26T21:30:00.000Z' };
    expect(checkSentAt(check, 'Asia/Karachi')).toBe('November 27, 2026 at 02:30 AM');
    expect(checkSentAt(check, undefined)).toBe('November 27, 2026 at 02:30 AM');
  });
});

describe('the check page', () => {
  it('has its own heading: what is being checked, with whom', () => {
    expect(checkHeading({ courier: 'TCS', order_names: ['#1443'] })).toEqual({
      title: 'Check a booking with TCS',
      subtitle: 'TCS did not say whether it booked #1443. What its portal shows decides: Dakiya then finishes the booking, or frees the order to book again.',
    });
  });

  it('asks only a person who may answer to say what they found; others are told who can', () => {
    expect(checkNextStep(true)).toBe('then say what you found.');
    expect(checkNextStep(false)).toBe('then tell an admin, or a staff member allowed to cancel bookings, what you found: they answer it here.');
  });
});
