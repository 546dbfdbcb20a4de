export { SimClock, fixedClock, type Clock } from '../../clock';

const PK_OFFSET_MS = 5 * 3600_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Pakistan local time parts (UTC+5, no daylight saving): couriers print local time. */
export function pkParts(ms: number) {
  const d = new Date(ms + PK_OFFSET_MS);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** "2025-01-06 09:00:00" in Pakistan time. */
export function pkDateTime(ms: number): string {
  const p = pkParts(ms);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

export function pkDate(ms: number): string {
  return pkDateTime(ms).slice(0, 10);
}

export { pad };
