import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fake-deps';
import type { BookingRepo, CountedBooking, DayCounterKey, DayCounters } from '../ports/bookings';
import { recountDay } from './recount';

const DAY = '2026-11-20';

describe('the nightly recount of a shop\'s day', () => {
  it('adds the difference where a counter drifted, and only there', async () => {
    // Prepare: two bookings of the day, and stored counters with one count too many, one missing and one stale
    const bookings: CountedBooking[] = [
      { bookedDay: DAY, status: 'FULFILLED', accountId: 'a1', destinationCity: 'Lahore', bookedBy: 'u1', paymentStatus: 'UNPAID' },
      { bookedDay: DAY, status: 'DELIVERED', accountId: 'a1', destinationCity: 'Karachi', bookedBy: 'u1', paymentStatus: 'PAID' },
    ];
    const stored: (DayCounterKey & { n: number })[] = [
      { day: DAY, dimension: 'status', value: 'FULFILLED', n: 2 },
      { day: DAY, dimension: 'status', value: 'DELIVERED', n: 1 },
      { day: DAY, dimension: 'status', value: 'RTS', n: 1 },
      { day: DAY, dimension: 'account', value: 'a1', n: 2 },
      { day: DAY, dimension: 'city', value: 'lahore', n: 1 },
      { day: DAY, dimension: 'by', value: 'u1', n: 2 },
      { day: DAY, dimension: 'payment', value: 'UNPAID', n: 1 },
      { day: DAY, dimension: 'payment', value: 'PAID', n: 1 },
    ];
    const added: { dimension: string; value: string; delta: number }[] = [];
    const counters: Partial<DayCounters> = {
      ofDay: async () => stored,
      count: async (_shopId, keys, delta) => { for (const k of keys) added.push({ dimension: k.dimension, value: k.value, delta }); },
    };
    const repo: Partial<BookingRepo> = { ofDay: async () => bookings };
    const deps = fakeDeps({ bookings: repo as BookingRepo, counters: counters as DayCounters });

    // Act
    const repaired = await recountDay('shop-1', DAY, deps);

    // Assess
    expect(repaired).toBe(3);
    expect(added).toEqual([
      { dimension: 'status', value: 'FULFILLED', delta: -1 },
      { dimension: 'city', value: 'karachi', delta: 1 },
      { dimension: 'status', value: 'RTS', delta: -1 },
    ]);
  });
});
