import { cityKey, type BookingStatus, type CourierId, type PaymentStatus } from '@dakiya/shared';
import type { BookingRecord, CountedBooking } from '../ports/bookings';
import type { CounterChange, CounterItemRef } from '../ports/counters';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in the shop's time zone (`2026-11-23`): counters count there. */
export function shopDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

export const monthOf = (day: string) => day.slice(0, 7);
export const yearOf = (dayOrMonth: string) => dayOrMonth.slice(0, 4);

/** Statuses by one letter in count names: a counter item stays small (DynamoDB bills an update by the item's size). */
export const STATUS_CODE: Record<BookingStatus, string> = { FULFILLED: 'F', INPROCESS: 'I', DELIVERED: 'D', CANCELLED: 'C', RTS: 'R' };
/** Days to delivery are counted 0 to 14, then 15 and more together. */
export const HISTOGRAM_TOP = 15;

const bucketOf = (days: number) => (days >= HISTOGRAM_TOP ? `${HISTOGRAM_TOP}+` : String(days));

/** Count names, one place for the writers (below) and the readers (the list's totals, analytics). */
export const count = {
  status: (s: BookingStatus) => `s.${STATUS_CODE[s]}`,
  payment: (p: PaymentStatus) => `p.${p}`,
  account: (accountId: string, s: BookingStatus) => `a.${accountId}.${STATUS_CODE[s]}`,
  merged: 'm',
  codBooked: 'cod.b',
  codDelivered: 'cod.d',
  courier: (c: CourierId, s: BookingStatus) => `c.${c}.${STATUS_CODE[s]}`,
  /**
   * A city's deliveries with a known day count, and those days summed (the top bucket's as
   * HISTOGRAM_TOP): its average in two numbers, where a histogram took sixteen.
   */
  timedDeliveries: 'dn',
  deliveryDaysTotal: 'dd',
  /** Days to delivery per courier, on the city's courierDays items, which only the scorecard reads. */
  daysToDelivery: (c: CourierId, days: number) => `h.${c}.${bucketOf(days)}`,
  /** The city items' first shape: one histogram per city, no courier (read until the migration rebuilds them). */
  cityDaysToDelivery: (days: number) => `h.${bucketOf(days)}`,
  delivered: (c: CourierId) => `d.${c}`,
  returned: (c: CourierId) => `r.${c}`,
  deliveryDaysSum: (c: CourierId) => `ds.${c}`,
  codArrived: 'cod',
};

/** A count an older shape of the item held and the current one never writes: the city items' histogram, now per courier in courierDays items. */
export const retiredCount = (ref: CounterItemRef, name: string) => ref.kind === 'city' && name.startsWith('h.');

/** What the counters count of a booking: its fields as they stand, and where its journey ended. */
export interface Counted {
  bookedDay: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  accountId: string;
  company: CourierId;
  cityKey: string;
  bookedBy: string;
  cod: number;
  merged: boolean;
  /** The day (shop's time zone) the parcel was delivered or came back; only for DELIVERED and RTS. */
  endedDay?: string;
  /** Booking day to delivery day (DELIVERED only). */
  deliveryDays?: number;
}

export function countedOf(record: CountedBooking, timeZone: string): Counted {
  const ended = (record.status === 'DELIVERED' || record.status === 'RTS') && record.deliveredAt;
  return {
    bookedDay: record.bookedDay,
    status: record.status,
    paymentStatus: record.paymentStatus,
    accountId: record.accountId,
    company: record.company,
    cityKey: cityKey(record.destinationCity),
    bookedBy: record.bookedBy,
    cod: record.cod,
    merged: record.tag === 'MERGED',
    ...(ended ? { endedDay: shopDay(new Date(record.deliveredAt!), timeZone) } : {}),
    ...(ended && record.status === 'DELIVERED' && record.deliveryDays !== undefined ? { deliveryDays: record.deliveryDays } : {}),
  };
}

/** One name per counter item, whatever the order of its reference's fields. */
export function refKey(ref: CounterItemRef): string {
  switch (ref.kind) {
    case 'shop': return `shop#${ref.period}#${ref.at}`;
    case 'staff': return `staff#${ref.userId}#${ref.period}#${ref.at}`;
    case 'city': return `city#${ref.cityKey}#${ref.period}#${ref.at}`;
    case 'courierDays': return `courierDays#${ref.cityKey}#${ref.period}#${ref.at}`;
    case 'delivered': return `delivered#${ref.at}`;
  }
}

/** The items one booking counts in, each with its counts (+1 each, COD as its amount). */
export function contributionOf(c: Counted): CounterChange[] {
  const delivered = c.status === 'DELIVERED';
  const out: CounterChange[] = [];
  const shopAdds = () => ({
    [count.status(c.status)]: 1,
    [count.payment(c.paymentStatus)]: 1,
    [count.account(c.accountId, c.status)]: 1,
    ...(c.merged ? { [count.merged]: 1 } : {}),
    [count.codBooked]: c.cod,
    ...(delivered ? { [count.codDelivered]: c.cod } : {}),
  });
  for (const [period, at] of [['DAY', c.bookedDay], ['MONTH', monthOf(c.bookedDay)]] as const) {
    out.push({ item: { kind: 'shop', period, at }, adds: shopAdds() });
    out.push({ item: { kind: 'staff', period, at, userId: c.bookedBy }, adds: { [count.status(c.status)]: 1 } });
    const timed = delivered && c.deliveryDays !== undefined;
    out.push({
      item: { kind: 'city', period, at, cityKey: c.cityKey },
      adds: {
        [count.courier(c.company, c.status)]: 1,
        ...(timed ? { [count.timedDeliveries]: 1, [count.deliveryDaysTotal]: Math.min(c.deliveryDays!, HISTOGRAM_TOP) } : {}),
      },
    });
    // the histogram apart from the city item: the dashboard reads every city's items, the scorecard a page of cities' days
    if (timed) out.push({ item: { kind: 'courierDays', period, at, cityKey: c.cityKey }, adds: { [count.daysToDelivery(c.company, c.deliveryDays!)]: 1 } });
  }
  // the shop's year only (a member's or a city's months stay few and small): within 8 items a booking, 10 a delivery
  out.push({ item: { kind: 'shop', period: 'YEAR', at: yearOf(c.bookedDay) }, adds: shopAdds() });
  if (c.endedDay) {
    out.push({
      item: { kind: 'delivered', at: c.endedDay },
      adds: delivered
        ? { [count.delivered(c.company)]: 1, [count.deliveryDaysSum(c.company)]: c.deliveryDays ?? 0, [count.codArrived]: c.cod }
        : { [count.returned(c.company)]: 1 },
    });
  }
  return out;
}

/**
 * What moving a booking from one counted state to another adds to each counter item: `to` minus
 * `from` (undefined: not counted, as before a booking is saved or after it is deleted). Items whose
 * counts do not change are left out, so a move writes only the items it changes.
 */
export function counterChanges(from: Counted | undefined, to: Counted | undefined): CounterChange[] {
  const taken = (from ? contributionOf(from) : []).map((change) => ({ item: change.item, adds: Object.fromEntries(Object.entries(change.adds).map(([name, n]) => [name, -n])) }));
  return sumChanges([...(to ? contributionOf(to) : []), ...taken]);
}

/**
 * Many moves as one: the adds of each counter item summed, so a batch of moves (an import's chunk)
 * writes each item once. Items whose counts sum to nothing are left out.
 */
export function sumChanges(changes: CounterChange[]): CounterChange[] {
  const items = new Map<string, CounterChange>();
  for (const change of changes) {
    const key = refKey(change.item);
    const entry = items.get(key) ?? { item: change.item, adds: {} };
    for (const [name, n] of Object.entries(change.adds)) entry.adds[name] = (entry.adds[name] ?? 0) + n;
    items.set(key, entry);
  }
  const out: CounterChange[] = [];
  for (const entry of items.values()) {
    const adds = Object.fromEntries(Object.entries(entry.adds).filter(([, n]) => n !== 0));
    if (Object.keys(adds).length) out.push({ item: entry.item, adds });
  }
  return out;
}

/**
 * The one way counters move (issue 18 §1): a new booking (`from` undefined), any change of a counted
 * booking (a status move, a cancel, a delivery, a payment status) and a deleted booking (`to`
 * undefined). One update per counter item touched, all its ADDs in it; never in a transaction with
 * the booking's own write, which comes first (the recount repairs a move lost in between).
 */
export async function moveCounters(shop: Pick<ShopRecord, '_id' | 'iana_time_zone'>, from: BookingRecord | undefined, to: BookingRecord | undefined, deps: Deps): Promise<void> {
  const changes = countersOfMove(shop, from, to);
  if (changes.length) await deps.counters.apply(shop._id, changes, deps.now().getTime());
}

/** What moving a booking adds to each counter item, for a caller that applies many moves as one (sumChanges). */
export const countersOfMove = (shop: Pick<ShopRecord, 'iana_time_zone'>, from: BookingRecord | undefined, to: BookingRecord | undefined) =>
  counterChanges(from && countedOf(from, shop.iana_time_zone), to && countedOf(to, shop.iana_time_zone));

const DAY_MS = 86_400_000;

/** The day after (or `n` days after) a calendar day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** A month's last day, and the months either side of one (months as YYYY-MM). */
export const lastDayOf = (month: string) => addDays(`${monthOf(addDays(`${month}-28`, 4))}-01`, -1);
export const nextMonth = (month: string) => monthOf(addDays(`${month}-28`, 4));
export const previousMonth = (month: string) => monthOf(addDays(`${month}-01`, -1));

/** The instant a calendar day of the shop's time zone begins (ISO 8601, UTC). */
export function dayStart(day: string, timeZone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // the zone's offset at that moment, then once more at the corrected moment (a day that begins on a clock change)
  let guess = midnightUtc;
  for (let i = 0; i < 2; i++) guess = midnightUtc - offsetMs(new Date(guess), timeZone);
  return new Date(guess).toISOString();
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetMs(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
