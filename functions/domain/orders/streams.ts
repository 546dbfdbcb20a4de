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

const newestFirst = (a: IndexedBooking, b: IndexedBooking) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0);

/** Keys merged newest first, each booking once (the same booking under two values is an index that has not caught up with a change). */
function merged(lists: IndexedBooking[][]): IndexedBooking[] {
  const seen = new Set<string>();
  return lists.flat().sort(newestFirst).filter((k) => !seen.has(k.trackingNumber) && seen.add(k.trackingNumber));
}

/**
 * The first read of each of `n` ranges for the newest `want` keys of them all: an even share and
 * two more, so that rows which interleave fill the page without a second read. The two spare keys
 * are left out when they alone would start a further 4 KB block (a read unit's half) of the range.
 */
export function firstAsk(want: number, n: number, perBlock: number): number {
  if (n === 1) return want;
  const share = Math.ceil(want / n);
  const blocks = (keys: number) => Math.ceil(keys / perBlock);
  return blocks(share + 2) > blocks(share) ? Math.max(share, blocks(share) * perBlock) : share + 2;
}

/**
 * The newest keys of several index ranges that share an order (booking time), merged: a filter on
 * two statuses reads one range per status. Each range is first read for its share of the keys
 * wanted; a merged key is certain once every range that may hold more has been read past it. When
 * the certain keys do not fill what is wanted, only the range that ran out first (its last key the
 * newest) is read further, from its last key, for what is missing and two more: a page that one value fills
 * reads that value's range twice and the others once. Asked again for more, it reads on likewise.
 */
export function mergedRanges(shopId: string, indexes: BookingIndex[], window: IndexWindow, deps: Deps) {
  const ranges = indexes.map((index) => ({ index, keys: [] as IndexedBooking[], done: false, read: false }));
  const read = async (range: (typeof ranges)[number], limit: number) => {
    const page = await deps.bookings.indexRead(shopId, range.index, window, limit, range.keys.at(-1));
    range.keys.push(...page.keys);
    range.done = page.done;
    range.read = true;
  };
  return async (want: number): Promise<{ keys: IndexedBooking[]; more: boolean }> => {
    const unread = ranges.filter((r) => !r.read);
    await Promise.all(unread.map((r) => read(r, firstAsk(want, ranges.length, deps.bookings.keysPerRead(shopId, r.index)))));
    for (;;) {
      const open = ranges.filter((r) => !r.done);
      // a range not done has keys (it stopped at its limit): nothing it has not read is newer than its last
      const bound = open.map((r) => r.keys.at(-1)!.sort).sort().at(-1);
      const certain = merged(ranges.map((r) => r.keys)).filter((k) => bound === undefined || k.sort >= bound);
      if (certain.length >= want || !open.length) return { keys: certain.slice(0, want), more: certain.length > want || open.length > 0 };
      await read(open.find((r) => r.keys.at(-1)!.sort === bound)!, want - certain.length + 2);
    }
  };
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
