import type { OrderRow, OrdersPage, OrdersQuery } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { BookingRecord } from '../ports/bookings';
import type { ShopRecord, UserRecord } from '../records';
import { matches, toFilter } from './filter';
import { orderRow } from './row';

/** Most bookings one request reads while filtering (a page of keys and its items each time). */
const MAX_READ = 500;

/** The rows of a page, Booked by as each member is now (one BatchGet for the page's members). */
export async function rowsOf(shop: ShopRecord, records: BookingRecord[], deps: Deps): Promise<OrderRow[]> {
  const ids = [...new Set(records.map((r) => r.bookedBy))];
  const members = new Map<string, UserRecord>(
    (ids.length ? await deps.members.getMany(ids.map((userId) => ({ shopId: shop._id, userId }))) : []).map((m) => [m._id, m]),
  );
  return records.map((r) => orderRow(r, members.get(r.bookedBy), shop.iana_time_zone));
}

/**
 * GET /get-all-orders, first version: newest first by booking date, each booking checked against the
 * filter, paged by cursor; the total is what was seen so far (a lower bound).
 */
export async function listOrders(shop: ShopRecord, query: OrdersQuery, deps: Deps): Promise<OrdersPage> {
  const filter = toFilter(query, shop.iana_time_zone, deps.now());
  const found: BookingRecord[] = [];
  let cursor = query.cursor;
  let read = 0;
  while (found.length < query.limit && read < MAX_READ) {
    const page = await deps.bookings.listByDate(shop._id, query.limit, cursor);
    read += page.items.length;
    found.push(...page.items.filter((r) => matches(r, filter, shop.iana_time_zone) && (!filter.search || r.trackingNumber === filter.search || r.orderNames.includes(filter.search))));
    cursor = page.cursor;
    if (!cursor) break;
  }
  const data = await rowsOf(shop, found.slice(0, query.limit), deps);
  const seen = (query.page - 1) * query.limit + data.length;
  return {
    data, page: query.page, totalOrders: seen, totalPages: Math.max(1, Math.ceil(seen / query.limit)),
    pagination: { limit: query.limit }, totalIsLowerBound: true, nextCursor: cursor ?? null,
  };
}
