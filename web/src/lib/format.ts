const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

function partsIn(date: Date, timeZone: string | undefined) {
  if (!timeZone) {
    return {
      year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(),
      hour: date.getHours(), minute: date.getMinutes(),
    };
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Spec 000 §9: 'March 5, 2024 at 03:30 PM'. `timeZone` is an IANA zone (the shop's), else the
 * browser's. Missing or invalid input gives `fallback` (spec 001 shows 'N/A').
 */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  options: { timeZone?: string; fallback?: string } = {},
): string {
  const date = toDate(value);
  if (!date) return options.fallback ?? 'N/A';
  const p = partsIn(date, options.timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const meridiem = p.hour < 12 ? 'AM' : 'PM';
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year} at ${pad(hour12)}:${pad(p.minute)} ${meridiem}`;
}

/** '03:30:05 PM': a time of today, to the second (when a page last heard from the server). */
export function formatTime(value: Date | string | number | null | undefined, options: { timeZone?: string; fallback?: string } = {}): string {
  const date = toDate(value);
  if (!date) return options.fallback ?? 'N/A';
  const p = partsIn(date, options.timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(hour12)}:${pad(p.minute)}:${pad(date.getSeconds())} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'March 5, 2024'. */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: { timeZone?: string; fallback?: string } = {},
): string {
  const date = toDate(value);
  if (!date) return options.fallback ?? 'N/A';
  const p = partsIn(date, options.timeZone);
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Pakistani rupees: 'Rs 12,500', 'Rs 1,234.5' -> 'Rs 1,234.50'. */
export function formatCurrency(amount: number | string | null | undefined, fallback = 'N/A'): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === null || n === undefined || !Number.isFinite(n)) return fallback;
  const whole = Number.isInteger(n);
  const text = whole ? grouping.format(n) : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  return `Rs ${text}`;
}

/** 'Ayesha Khan' -> 'AK'; one name -> its first two letters. */
export function initials(first: string | undefined, last?: string): string {
  const a = (first ?? '').trim();
  const b = (last ?? '').trim();
  if (a && b) return `${a[0]}${b[0]}`.toUpperCase();
  const only = a || b;
  return only.slice(0, 2).toUpperCase() || '?';
}

export function fullName(user: { first_name?: string; last_name?: string } | null | undefined): string {
  if (!user) return '';
  return [user.first_name, user.last_name].filter((s) => s && s.trim() !== '').join(' ');
}

/** '1 account', '3 accounts', '1,250 orders': a count with the noun it takes. */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** A code as words in the case of the screens' other labels: 'PARTIALLY_PAID' -> 'Partially paid'. */
export function codeWords(code: string): string {
  const text = code.replace(/_/g, ' ').trim().toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
