import { describe, expect, it } from 'vitest';
import { checkNotBookedWarning, checkSentAt } from './booking-check';

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
