import { presetRange, STAFF_PRESET_LABELS } from '@dakiya/shared/staff-presets';
import type { StaffPreset } from '@dakiya/shared';
import type { ClosedRange, RangePreset } from '../../components/ui/preset-range-picker';
import { isDay } from '../../lib/days';

/** The shop's calendar day now (its time zone; the browser's without one). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The spec's eight presets (spec 000 §2 "Staff members page"), on the shop's today. */
export function staffPresets(today: string): RangePreset[] {
  return (Object.keys(STAFF_PRESET_LABELS) as StaffPreset[]).map((id) => ({ id, label: STAFF_PRESET_LABELS[id], range: presetRange(id, today) }));
}

/** `?bookingfrom=&bookingto=`: the range they name, or Today (the spec's default) when either is missing or not a day. */
export function rangeFromSearch(search: URLSearchParams, today: string): ClosedRange {
  const start = search.get('bookingfrom') ?? undefined;
  const end = search.get('bookingto') ?? undefined;
  if (isDay(start) && isDay(end) && start <= end) return { start, end };
  return { start: today, end: today };
}

export function searchOfRange(range: ClosedRange): Record<string, string> {
  return { bookingfrom: range.start, bookingto: range.end };
}
