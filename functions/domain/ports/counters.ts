/**
 * The booking counters (issue 18 §1), as the domain names them. Each counter item is a small bag of
 * named counts; every booking or move is one update per item it touches, carrying all its ADDs.
 *
 * - `shop`: per shop and day (the booking's day, the shop's time zone), month or year: counts by
 *   status, payment status, account x status, merged, and COD sums (booked, delivered). The year
 *   items make a shop's total a read of a few items, not of every month it has been booking.
 * - `staff`: per member and day or month: counts by status.
 * - `city`: per destination city and day or month: counts by courier x status, and its delivered
 *   bookings' days to delivery as a count and a sum (the average). Items of the first shape hold a
 *   histogram of those days (0 to 14, 15+) instead, until the counters migration rebuilds them.
 * - `courierDays`: per destination city and day or month: the histogram of days to delivery per
 *   courier (the scorecard's median and p90), apart so the dashboard's city reads stay small.
 * - `delivered`: per shop and the day a parcel was delivered or came back: deliveries and returns per
 *   courier, delivery days summed, COD delivered.
 */
export type CounterPeriod = 'DAY' | 'MONTH';

export type CounterItemRef =
  | { kind: 'shop'; period: CounterPeriod | 'YEAR'; at: string }
  | { kind: 'staff'; period: CounterPeriod; at: string; userId: string }
  | { kind: 'city'; period: CounterPeriod; at: string; cityKey: string }
  | { kind: 'courierDays'; period: CounterPeriod; at: string; cityKey: string }
  | { kind: 'delivered'; at: string };

/** A series of counter items, one per day (or month): an item without its day. */
export type CounterSeries = CounterItemRef extends infer R ? (R extends unknown ? Omit<R, 'at'> : never) : never;

/** What to add to one counter item (counts by name; negative to take away). */
export interface CounterChange {
  item: CounterItemRef;
  adds: Record<string, number>;
}

/** A counter item as stored: its counts, and what the recount needs to leave a live write alone. */
export interface StoredCounter {
  item: CounterItemRef;
  counts: Record<string, number>;
  /** Bumped by every update: a repair applies only while it is what the recount read. */
  version: number;
  /** Epoch ms of the last update. */
  lastWriteAt: number;
}

/** Which days' counters changed and wait for the recount: a shop's booking day or delivered day. */
export interface RecountMark {
  shopId: string;
  kind: 'booked' | 'delivered';
  day: string;
}

export interface CounterStore {
  /**
   * One update per item, all its ADDs at once, single-item and outside any transaction. A change to a
   * shop's day item or a delivered item marks that day for the recount (once an hour at most).
   */
  apply(shopId: string, changes: CounterChange[], nowMs: number): Promise<void>;
  /** Items by reference (absent ones are left out); consistent when the recount reads them. */
  read(shopId: string, items: CounterItemRef[], opts?: { consistent?: boolean }): Promise<StoredCounter[]>;
  /** The items of one kind between two days or months, inclusive (one contiguous Query), oldest first. */
  range(shopId: string, of: CounterSeries, from: string, to: string, opts?: { consistent?: boolean }): Promise<StoredCounter[]>;
  /**
   * A repair by the recount: applied only if the item's version is still `seen` (0: the item is absent).
   * `removes` are counts the item should not hold at all (a count of an older shape): taken out, not
   * left at zero, since an item's bytes are what a read of it costs.
   */
  repair(shopId: string, change: CounterChange, seen: number, nowMs: number, removes?: string[]): Promise<boolean>;
  /** Every counter item of a shop (the migration rebuilds them; tests compare them). */
  all(shopId: string): Promise<StoredCounter[]>;
  /** Marks a day for the recount in the hour of `nowMs`. */
  mark(marks: RecountMark[], nowMs: number): Promise<void>;
  /** The days marked in each hour from `fromHour` to `toHour` (epoch hours), inclusive. */
  marked(fromHour: number, toHour: number): Promise<RecountMark[]>;
  /** The recount's own progress: the last hour whose marks it went through. */
  recountedThrough(): Promise<number | undefined>;
  setRecountedThrough(hour: number): Promise<void>;
}
