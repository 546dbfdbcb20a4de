/**
 * Couriers send Pakistan local time (UTC+5, no daylight saving) in several human formats. These turn
 * them into ISO 8601 UTC; anything unreadable gives undefined rather than a wrong date.
 */
const PK_OFFSET_MS = 5 * 60 * 60 * 1000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function pkToIso(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): string | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - PK_OFFSET_MS;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * `order` says how to read a slashed date: 'dmy' (Leopards "14/10/2024") or 'mdy' (M&P "10/14/2024").
 * Also reads "2024-10-14 12:58[:00]", ISO with an offset, "Oct 14, 2024" and "Thursday Oct 17, 2024 12:58".
 */
export function parsePkDateTime(text: string | null | undefined, order: 'dmy' | 'mdy' = 'dmy'): string | undefined {
  if (!text) return undefined;
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
  }
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(t);
  if (m) return pkToIso(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?$/i.exec(t);
  if (m) {
    const [a, b] = [+m[1]!, +m[2]!];
    const [d, mo] = order === 'dmy' ? [a, b] : [b, a];
    let h = +(m[4] ?? 0);
    const ampm = m[7]?.toLowerCase();
    if (ampm === 'pm' && h < 12) h += 12;
    if (ampm === 'am' && h === 12) h = 0;
    return pkToIso(+m[3]!, mo, d, h, +(m[5] ?? 0), +(m[6] ?? 0));
  }
  m = /^(?:[a-z]+,?\s+)?([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/i.exec(t);
  if (m) {
    const mo = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    if (mo === 0) return undefined;
    return pkToIso(+m[3]!, mo, +m[2]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  }
  return undefined;
}
