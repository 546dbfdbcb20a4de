import { describe, expect, it } from 'vitest';
import { checkNotBookedWarning } from './booking-check';

describe('"It was not booked"', () => {
  it('says what happens, and what it costs if the courier did book it, before the person confirms', () => {
    const text = checkNotBookedWarning({ reference: '#1443-K7Q2MX', courier: 'TCS', account_name: 'TCS main', started_at: '2026-11-26T10:00:00.000Z', order_names: ['#1443'] });
    expect(text).toBe('#1443 becomes free to book again and its slot of your plan is given back. If TCS did book it after all (reference #1443-K7Q2MX), '
      + 'that parcel stays unknown to Dakiya and booking again makes a second parcel: cancel the first one on TCS\'s portal.');
  });
});
