import { describe, expect, it } from 'vitest';
import { dayRangeLabel, formatShortDay, isDay } from './days';

describe('days', () => {
  it('writes a shop day short, whatever the browser\'s time zone', () => {
    expect(formatShortDay('2026-11-03')).toBe('Nov 3, 2026');
    expect(formatShortDay('not a day')).toBe('not a day');
    expect([isDay('2026-02-28'), isDay('2026-02-30'), isDay('2026-13-01'), isDay('2026-1-1'), isDay(undefined)]).toEqual([true, false, false, false, false]);
    expect(formatShortDay('2026-02-30')).toBe('2026-02-30');
  });

  it('writes a range with either end open', () => {
    expect(dayRangeLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 1, 2026 – Nov 30, 2026');
    expect(dayRangeLabel({ from: '2026-11-02', to: '2026-11-02' })).toBe('Nov 2, 2026');
    expect(dayRangeLabel({ from: '2026-11-02' })).toBe('From Nov 2, 2026');
    expect(dayRangeLabel({ to: '2026-11-02' })).toBe('Until Nov 2, 2026');
    expect(dayRangeLabel({})).toBeNull();
  });
});
