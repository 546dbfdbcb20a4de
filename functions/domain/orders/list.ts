import { cityKey, normalisePkMobile, type OrderRow, type OrdersPage, type OrdersQuery } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { BookingRecord } from '../ports/bookings';
import type { AttentionItem } from '../ports/attention';
import type { ShopRecord, UserRecord } from '../records';
import { matches, toFilter, type OrdersFilter } from './filter';
import { attemptRow, orderRow } from './row';
import { countedKind, countedPage } from './counted';
import { walkedPage } from './scanned';

/** Most bookings one exact lookup (a phone that ordered a thousand times) lists. */
const MAX_FOUND = 500;

/** From this many members on a page, the shop's members are read in one Query rather than each by key. */
const QUERY_MEMBERS_FROM = 3;

/**
 * The page's members as they are now. A read by key costs half a unit a member, while a Query of the
 * shop's members (tens of staff, half a kilobyte each) costs half a unit for every 4 KB: with several
 * members on a page, the Query is the cheaper read.
 */
async function membersOf(shop: ShopRecord, ids: string[], deps: Deps): Promise<Map<string, UserRecord>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const members = unique.length >= QUERY_MEMBERS_FROM
    ? (await deps.members.listOfShop(shop._id)).filter((m) => unique.includes(m._id))
    : await deps.members.getMany(unique.map((userId) => ({ shopId: shop._id, userId })));
  return new Map(members.map((m) => [m._id, m]));
}

/** The rows of a page, Booked by as each member is now. */
export async function rowsOf(shop: ShopRecord, records: BookingRecord[], deps: Deps, marks = new Map<string, AttentionItem[]>()): Promise<OrderRow[]> {
  const members = await membersOf(shop, records.map((r) => r.bookedBy), deps);
  return records.map((r) => orderRow(r, members.get(r.bookedBy), shop.iana_time_zone, marks.get(r.trackingNumber)));
}

function pageOf(data: OrderRow[], page: number, limit: number, total: number, lowerBound: boolean, nextCursor: string | null): OrdersPage {
  return {
    data, page, totalOrders: total, totalPages: Math.max(1, Math.ceil(total / limit) + (lowerBound && nextCursor ? 1 : 0)),
    pagination: { limit }, totalIsLowerBound: lowerBound, nextCursor,
  };
}

const byNewest = (a: BookingRecord, b: BookingRecord) => (a.bookedAt < b.bookedAt ? 1 : a.bookedAt > b.bookedAt ? -1 : 0);

/**
 * Exact lookups (spec §2's search, the Track # and phone filters): a tracking number, an order name
 * with or without its #, a phone; read by key or pointer, never by walking the shop. Answers the
 * tracking numbers found, or undefined when the text names none of them.
 */
async function lookUp(shop: ShopRecord, filter: OrdersFilter, deps: Deps): Promise<string[] | undefined> {
  const sets: string[][] = [];
  if (filter.track) sets.push([filter.track]);
  if (filter.phone) sets.push(await deps.bookings.findByPhone(shop._id, filter.phone));
  if (filter.search) {
    const text = filter.search;
    const bare = text.replace(/^#+/, '');
    const phone = normalisePkMobile(text);
    const found = await Promise.all([
      deps.bookings.getMany(shop._id, [...new Set([text, text.toUpperCase()])]).then((found) => found.map((b) => b.trackingNumber)),
      ...[...new Set([text, `#${bare}`, bare])].map((name) => deps.bookings.findByOrderName(shop._id, name)),
      phone.ok ? deps.bookings.findByPhone(shop._id, phone.phone) : Promise.resolve([]),
    ]);
    sets.push([...new Set(found.flat())]);
  }
  if (!sets.length) return undefined;
  return sets.reduce((a, b) => a.filter((x) => b.includes(x)));
}

/** A search that names no booking may name a city the shop has shipped to (its city counters exist). */
async function isKnownCity(shop: ShopRecord, text: string, deps: Deps): Promise<boolean> {
  const key = cityKey(text);
  return key.length > 0 && (await deps.counters.range(shop._id, { kind: 'city', period: 'MONTH', cityKey: key }, '0000-00', '9999-99')).length > 0;
}

/** 'Needs attention': only the shop's attention items, bookings read by key and attempts as they were recorded. */
async function attentionPage(shop: ShopRecord, filter: OrdersFilter, query: OrdersQuery, deps: Deps): Promise<OrdersPage> {
  const items = await deps.attention.list(shop._id);
  const bySubject = new Map<string, AttentionItem[]>();
  for (const item of items) {
    const key = item.subject.kind === 'booking' ? item.subject.trackingNumber : `attempt:${item.subject.attemptId}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), item]);
  }
  const bookings = await deps.bookings.getMany(shop._id, [...bySubject.keys()].filter((k) => !k.startsWith('attempt:')));
  const shown = bookings.filter((b) => matches(b, filter, shop.iana_time_zone));
  const plain = Object.keys(filter).length === 0;
  const attempts = plain ? items.filter((i) => i.attempt) : [];
  const members = await membersOf(shop, [...shown.map((b) => b.bookedBy), ...attempts.map((a) => a.attempt!.userId)], deps);
  const rows = [
    ...shown.map((b) => orderRow(b, members.get(b.bookedBy), shop.iana_time_zone, bySubject.get(b.trackingNumber))),
    ...attempts.map((a) => attemptRow(a, members.get(a.attempt!.userId))),
  ].sort((a, b) => ((a.attention[0]?.at ?? '') < (b.attention[0]?.at ?? '') ? 1 : -1));
  const start = (query.page - 1) * query.limit;
  return pageOf(rows.slice(start, start + query.limit), query.page, query.limit, rows.length, false, null);
}

/**
 * What a filter names: the bookings an exact lookup found (newest first), or the filter to walk
 * (a search that names no booking but a city the shop ships to is that city's filter). The list and
 * the CSV export both go through here, so an export holds what the list shows.
 */
export async function resolveFilter(shop: ShopRecord, filter: OrdersFilter, deps: Deps): Promise<{ found: BookingRecord[] } | { effective: OrdersFilter }> {
  const found = await lookUp(shop, filter, deps);
  if (found !== undefined && (found.length > 0 || !filter.search || filter.track || filter.phone || !(await isKnownCity(shop, filter.search, deps)))) {
    return { found: (await deps.bookings.getMany(shop._id, found.slice(0, MAX_FOUND))).filter((b) => matches(b, filter, shop.iana_time_zone)).sort(byNewest) };
  }
  const effective: OrdersFilter = filter.search ? { ...filter, search: undefined, cityKey: cityKey(filter.search) } : filter;
  delete effective.search;
  return { effective };
}

/**
 * GET /get-all-orders (issue 18 §7). With no filter, or one kind of filter (statuses, payment
 * statuses, couriers or members) within booking days, totals come from the counter items and any
 * page is reached by number without reading the rows before it. Exact lookups read by key. Anything
 * else walks the most selective index within a read budget and pages by cursor, its total a lower
 * bound. Every row read through an index is checked against the item itself.
 */
export async function listOrders(shop: ShopRecord, query: OrdersQuery, deps: Deps): Promise<OrdersPage> {
  const filter = toFilter(query, shop.iana_time_zone, deps.now());
  const { page, limit } = query;
  if (query.attention) return attentionPage(shop, filter, query, deps);
  if (filter.empty) return pageOf([], page, limit, 0, false, null);

  const resolved = await resolveFilter(shop, filter, deps);
  if ('found' in resolved) {
    const start = (page - 1) * limit;
    return pageOf(await rowsOf(shop, resolved.found.slice(start, start + limit), deps), page, limit, resolved.found.length, false, null);
  }
  const { effective } = resolved;

  const kind = await countedKind(shop, effective, deps);
  if (kind) {
    const { records, total } = await countedPage(shop, kind, effective, page, limit, deps);
    return pageOf(await rowsOf(shop, records, deps), page, limit, total, false, null);
  }
  const walked = await walkedPage(shop, effective, limit, query.cursor, deps);
  return pageOf(await rowsOf(shop, walked.records, deps), page, limit, walked.seen, walked.nextCursor !== null, walked.nextCursor);
}
