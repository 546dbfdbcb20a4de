import { describe, expect, it } from 'vitest';
import type { BookingIndex, BookingRepo, IndexedBooking, IndexWindow } from '../ports/bookings';
import type { Deps } from '../ports/deps';
import { firstAsk, mergedRanges } from './streams';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-01T00:00:00.000Z');

/** A key booked `hours` after the start: a larger number is newer. */
const key = (tn: string, hours: number): IndexedBooking => ({ trackingNumber: tn, sort: `${new Date(START + hours * HOUR).toISOString()}#${tn}` });

interface Read { value: string; limit: number; after?: string }

/** Index ranges by status over fixed keys, each read recorded: which range, how many keys asked, from after which. */
function rangesOf(byValue: Record<string, IndexedBooking[]>, perBlock = 28) {
  const reads: Read[] = [];
  const bookings = {
    indexRead: async (_shopId: string, index: BookingIndex, window: IndexWindow, limit: number, after?: IndexedBooking) => {
      const value = (index as { value: string }).value;
      reads.push({ value, limit, ...(after ? { after: after.trackingNumber } : {}) });
      const listed = [...byValue[value]!]
        .filter((k) => (!window.from || k.sort >= window.from) && (!window.below || k.sort < window.below) && (!after || k.sort < after.sort))
        .sort((a, b) => (a.sort < b.sort ? 1 : -1));
      return { keys: listed.slice(0, limit), done: listed.length < limit };
    },
    keysPerRead: () => perBlock,
  } as unknown as BookingRepo;
  return { deps: { bookings } as unknown as Deps, reads };
}

const statuses = (...values: string[]) => values.map((value) => ({ index: 'byStatus', value }) as BookingIndex);
const numbers = (keys: IndexedBooking[]) => keys.map((k) => k.trackingNumber);
const newest = (...lists: IndexedBooking[][]) => numbers(lists.flat().sort((a, b) => (a.sort < b.sort ? 1 : -1)));

describe('the newest keys of several index ranges', () => {
  it('one value fills the page: its range is read again from its last key for what is missing, the other range once', async () => {
    // Prepare: 60 INPROCESS bookings, every one newer than the 30 FULFILLED ones
    const inprocess = Array.from({ length: 60 }, (_, i) => key(`I${100 + i}`, 1000 + i));
    const fulfilled = Array.from({ length: 30 }, (_, i) => key(`F${100 + i}`, i));
    const { deps, reads } = rangesOf({ INPROCESS: inprocess, FULFILLED: fulfilled });

    // Act
    const page = await mergedRanges('shop', statuses('INPROCESS', 'FULFILLED'), {}, deps)(50);

    // Assess: the 50 newest INPROCESS; each range first asked for its share and two more, then INPROCESS alone for the 23 missing and two more
    expect(numbers(page.keys)).toEqual(newest(inprocess).slice(0, 50));
    expect(page.more).toBe(true);
    expect(reads).toEqual([
      { value: 'INPROCESS', limit: 27 },
      { value: 'FULFILLED', limit: 27 },
      { value: 'INPROCESS', limit: 25, after: 'I133' },
    ]);
  });

  it('rows that interleave fill the page from one read of each range, in booking order', async () => {
    const inprocess = Array.from({ length: 40 }, (_, i) => key(`I${100 + i}`, 2 * i));
    const fulfilled = Array.from({ length: 40 }, (_, i) => key(`F${100 + i}`, 2 * i + 1));
    const { deps, reads } = rangesOf({ INPROCESS: inprocess, FULFILLED: fulfilled });

    const page = await mergedRanges('shop', statuses('INPROCESS', 'FULFILLED'), {}, deps)(50);

    expect(numbers(page.keys)).toEqual(newest(inprocess, fulfilled).slice(0, 50));
    expect(reads).toEqual([{ value: 'INPROCESS', limit: 27 }, { value: 'FULFILLED', limit: 27 }]);
  });

  it('a range that runs out is not read again, and the page holds every key there is', async () => {
    const inprocess = Array.from({ length: 10 }, (_, i) => key(`I${100 + i}`, 2 * i));
    const fulfilled = Array.from({ length: 4 }, (_, i) => key(`F${100 + i}`, 2 * i + 1));
    const { deps, reads } = rangesOf({ INPROCESS: inprocess, FULFILLED: fulfilled });

    const page = await mergedRanges('shop', statuses('INPROCESS', 'FULFILLED'), {}, deps)(50);

    expect(numbers(page.keys)).toEqual(newest(inprocess, fulfilled));
    expect(page.more).toBe(false);
    expect(reads).toHaveLength(2);
  });

  it('asked again for a few spare keys, reads on from where it stopped, never from the start', async () => {
    const inprocess = Array.from({ length: 60 }, (_, i) => key(`I${100 + i}`, 1000 + i));
    const fulfilled = Array.from({ length: 30 }, (_, i) => key(`F${100 + i}`, i));
    const { deps, reads } = rangesOf({ INPROCESS: inprocess, FULFILLED: fulfilled });
    const keysOf = mergedRanges('shop', statuses('INPROCESS', 'FULFILLED'), {}, deps);

    await keysOf(50);
    const spare = await keysOf(55);

    expect(numbers(spare.keys)).toEqual(newest(inprocess).slice(0, 55));
    // the page's reads left 52 INPROCESS keys: 3 are missing, and two more
    expect(reads.slice(3)).toEqual([{ value: 'INPROCESS', limit: 5, after: 'I108' }]);
  });

  it('shows a booking its indexes still list under two values once (an index that has not caught up with a change)', async () => {
    const both = key('B100', 5);
    const { deps } = rangesOf({ INPROCESS: [key('I100', 6), both, key('I101', 4)], FULFILLED: [both, key('F100', 3)] });

    const page = await mergedRanges('shop', statuses('INPROCESS', 'FULFILLED'), {}, deps)(50);

    expect(numbers(page.keys)).toEqual(['I100', 'B100', 'I101', 'F100']);
  });
});

describe('the first read of each range', () => {
  it.each([
    ['one value: the whole page, all of it certain', 50, 1, 28, 50],
    ['two values: a share and two more, within one block', 50, 2, 28, 27],
    ['two values whose entries are larger: the two spare keys would start a second block, so they are left out', 50, 2, 25, 25],
    ['three values', 50, 3, 28, 19],
    ['a deep page: the two spare keys fit the last block begun', 550, 2, 28, 277],
    ['a deep page whose share ends a block exactly', 550, 2, 25, 275],
  ])('%s', (_name, want, n, perBlock, asked) => {
    expect(firstAsk(want, n, perBlock)).toBe(asked);
  });
});
