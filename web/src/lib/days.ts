/** Calendar days (YYYY-MM-DD, a shop's days) as the screens write them. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A real calendar day: '2026-02-30' is not one (Date would roll it over to March 2). */
export function isDay(value: string | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** 'Nov 3, 2026'; anything that is not a day is shown as it is. */
export function formatShortDay(day: string): string {
  return isDay(day) ? short.format(new Date(`${day}T00:00:00Z`)) : day;
}

/** 'Nov 3, 2026 – Nov 9, 2026', 'Nov 3, 2026' (one day), 'From Nov 3, 2026', 'Until Nov 9, 2026'; null when neither end is set. */
export function dayRangeLabel(range: { from?: string; to?: string }): string | null {
  const { from, to } = range;
  if (from && to) return from === to ? formatShortDay(from) : `${formatShortDay(from)} – ${formatShortDay(to)}`;
  if (from) return `From ${formatShortDay(from)}`;
  if (to) return `Until ${formatShortDay(to)}`;
  return null;
}
