import type { BookingIndex, BookingRecord, IndexedBooking, IndexWindow } from '../ports/bookings';
import type { Deps } from '../ports/deps';

/**
 * Keys of one or several indexes that share an order (booking time, newest first), merged into that
 * order: a filter on several statuses reads one index partition per status. Each is read up to
 * `limit`, so the merged first `limit` are right whichever partition they come from.
 */
export async function mergedKeys(shopId: string, indexes: BookingIndex[], window: IndexWindow, limit: number, deps: Deps): Promise<{ keys: IndexedBooking[]; more: boolean }> {
  const pages = await Promise.all(indexes.map((index) => deps.bookings.indexPage(shopId, index, window, limit)));
  const seen = new Set<string>();
  // the same booking under two values is an index that has not caught up with a change: once is enough
  const all = pages.flatMap((p) => p.keys).sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0)).filter((k) => !seen.has(k.trackingNumber) && seen.add(k.trackingNumber));
  return { keys: all.slice(0, limit), more: all.length > limit || pages.some((p) => p.more) };
}

/** The items of some keys, in the keys' order (a booking deleted since its key was read is left out). */
export async function itemsOf(shopId: string, keys: IndexedBooking[], deps: Deps): Promise<BookingRecord[]> {
  if (!keys.length) return [];
  const found = new Map((await deps.bookings.getMany(shopId, keys.map((k) => k.trackingNumber))).map((b) => [b.trackingNumber, b]));
  return keys.map((k) => found.get(k.trackingNumber)).filter((b): b is BookingRecord => Boolean(b));
}

/**
 * The first `want` items of some keys that still match, in the keys' order. Only `want` items are
 * read at first (each costs read units); the keys after them are read only to replace a row whose
 * index entry lags behind its item, which is rare.
 */
export async function matchingItems(shopId: string, keys: IndexedBooking[], want: number, keep: (b: BookingRecord) => boolean, deps: Deps): Promise<BookingRecord[]> {
  const out: BookingRecord[] = [];
  let next = 0;
  while (out.length < want && next < keys.length) {
    const chunk = keys.slice(next, next + want - out.length);
    next += chunk.length;
    out.push(...(await itemsOf(shopId, chunk, deps)).filter(keep));
  }
  return out;
}

/** Opaque page positions: where a walk stopped, and how many rows came before. */
export function encodeCursor(cursor: object): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor<T>(text: string | undefined, valid: (value: unknown) => value is T): T | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return valid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
