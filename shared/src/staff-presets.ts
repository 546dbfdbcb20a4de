/** Zod-free (the web imports it alone): the presets' names are the API's `flag` values. */
import type { StaffPreset, StaffRange } from './schemas/staff';

const DAY_MS = 86_400_000;
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const monthStart = (day: string, monthsBack = 0) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d.toISOString().slice(0, 10);
};

/**
 * The range of a preset on `today` (the shop's day). 'Last 6 Months' is this month and the five before
 * it, from their first day: whole months, which the counters answer from month items.
 */
export function presetRange(preset: StaffPreset, today: string): StaffRange {
  const year = today.slice(0, 4);
  switch (preset) {
    case 'today': return { start: today, end: today };
    case 'yesterday': return { start: plusDays(today, -1), end: plusDays(today, -1) };
    case 'last7Days': return { start: plusDays(today, -6), end: today };
    case 'currentMonth': return { start: monthStart(today), end: today };
    case 'lastMonth': return { start: monthStart(today, 1), end: plusDays(monthStart(today), -1) };
    case 'last6Months': return { start: monthStart(today, 5), end: today };
    case 'thisYear': return { start: `${year}-01-01`, end: today };
    case 'lastYear': return { start: `${Number(year) - 1}-01-01`, end: `${Number(year) - 1}-12-31` };
  }
}

export const STAFF_PRESET_LABELS: Record<StaffPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7Days: 'Last 7 days',
  currentMonth: 'Current Month',
  lastMonth: 'Last Month',
  last6Months: 'Last 6 Months',
  thisYear: 'This Year',
  lastYear: 'Last Year',
};

/** The preset a range is on `today`, or undefined (the screen calls it custom). */
export function presetOf(range: StaffRange, today: string): StaffPreset | undefined {
  return (Object.keys(STAFF_PRESET_LABELS) as StaffPreset[]).find((p) => {
    const r = presetRange(p, today);
    return r.start === range.start && r.end === range.end;
  });
}
