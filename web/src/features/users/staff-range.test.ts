import { describe, expect, it } from 'vitest';
import { rangeName } from '../../components/ui/preset-range-picker';
import { rangeFromSearch, staffPresets, todayIn } from './staff-range';

describe('staff range', () => {
  const today = '2026-03-31';
  const presets = staffPresets(today);

  it('has the spec\'s eight presets, worked out on the shop\'s today', () => {
    expect(presets.map((p) => [p.label, p.range.start, p.range.end])).toEqual([
      ['Today', '2026-03-31', '2026-03-31'],
      ['Yesterday', '2026-03-30', '2026-03-30'],
      ['Last 7 days', '2026-03-25', '2026-03-31'],
      ['Current Month', '2026-03-01', '2026-03-31'],
      ['Last Month', '2026-02-01', '2026-02-28'],
      ['Last 6 Months', '2025-10-01', '2026-03-31'],
      ['This Year', '2026-01-01', '2026-03-31'],
      ['Last Year', '2025-01-01', '2025-12-31'],
    ]);
  });

  it('reads bookingfrom and bookingto, Today when either is missing, broken or backwards', () => {
    expect(rangeFromSearch(new URLSearchParams('bookingfrom=2026-01-05&bookingto=2026-02-10'), today)).toEqual({ start: '2026-01-05', end: '2026-02-10' });
    for (const q of ['', 'bookingfrom=2026-01-05', 'bookingfrom=2026-02-30&bookingto=2026-03-01', 'bookingfrom=2026-03-02&bookingto=2026-03-01']) {
      expect(rangeFromSearch(new URLSearchParams(q), today)).toEqual({ start: today, end: today });
    }
  });

  it('names a range by its preset, or Custom', () => {
    expect(rangeName(presets, { start: '2026-03-25', end: '2026-03-31' })).toBe('Last 7 days');
    expect(rangeName(presets, { start: '2026-03-24', end: '2026-03-31' })).toBe('Custom');
  });

  it('today is the shop\'s day, not the browser\'s', () => {
    const late = new Date('2026-03-31T20:30:00Z');
    expect(todayIn('Asia/Karachi', late)).toBe('2026-04-01');
    expect(todayIn('UTC', late)).toBe('2026-03-31');
  });
});
