import { GetCommand, PutCommand, QueryCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cityKey, MERGED_TAG, SYNC_WATCH_DAYS, type BookingStatus } from '@dakiya/shared';
import {
  COUNTED_FIELDS, type BookingChange, type BookingIndex, type BookingRecord, type BookingRepo, type CountedBooking, type IndexedBooking, type IndexWindow,
  type OrderPointersProgress, type TimelineEvent,
} from '../../../domain/ports/bookings';
import { batchDelete, batchGet, batchWrite } from '../batch';
import { isConditionFailure } from '../errors';
import { keys } from '../keys';
import { queryAll } from '../query';
import { BOOKING_INDEXES, TTL_ATTRIBUTE } from '../table';
import { contactsOf } from './attempt-ledger';
import { bookingEntity, bookingEventEntity, type BookingEntity } from './entity';

/** What finds a booking besides its own key: its order names, the consignee's phone and email, its own id, and (for the public page) its number. */
function pointersOf(record: BookingRecord) {
  const { shopId, trackingNumber } = record;
  return {
    found: [
      ...record.orderNames.map((name) => keys.orderNamePointer(shopId, name, trackingNumber)),
      keys.phonePointer(shopId, record.consignee.phone, trackingNumber),
      ...(record.consignee.email ? [keys.emailPointer(shopId, record.consignee.email, trackingNumber)] : []),
      keys.bookingIdPointer(shopId, record.bookingId),
      ...record.orderIds.map((orderId) => keys.orderBookingPointer(shopId, orderId, trackingNumber)),
    ],
    parcel: keys.parcel(trackingNumber, shopId),
  };
}

/** A parcel that stops here is watched a few days by the status sync, for a courier's correction or a delivery after a cancel. */
const STOPPED_STATUSES: readonly BookingStatus[] = ['DELIVERED', 'RTS', 'CANCELLED'];

/** The watch item: under the account's partition of the moving index, sorted by its expiry (keys.syncWatchSort). */
function syncWatchItem(record: CountedBooking, at: string) {
  const expires = new Date(new Date(at).getTime() + SYNC_WATCH_DAYS * 86_400_000);
  const moving = BOOKING_INDEXES.find((i) => i.name === 'movingParcelsByAccount')!;
  return {
    ...keys.syncWatch(record.shopId, record.trackingNumber), type: 'syncWatch', trackingNumber: record.trackingNumber,
    [moving.partition]: `SHOP#${record.shopId}#MOVING#${record.accountId}`,
    [moving.sort]: keys.syncWatchSort(expires.toISOString(), record.trackingNumber),
    [TTL_ATTRIBUTE]: Math.floor(expires.getTime() / 1000),
  };
}

/**
 * The backfill of pointers (`bookings.pointers`) keeps its progress under this migration name; a new
 * kind of pointer names a new run (`-2`: bookings' email and attempts' contact pointers).
 */
const ORDER_POINTERS = 'order-pointers-2';

/** The entity's index of each question the domain asks, with the partition it is keyed on. */
const INDEX_OF: Record<BookingIndex['index'], { name: (typeof BOOKING_INDEXES)[number]['name']; partition: (shopId: string, value?: string) => string }> = {
  byDate: { name: 'bookingsByDate', partition: (s) => `SHOP#${s}#BOOKINGS` },
  byStatus: { name: 'bookingsByStatus', partition: (s, v) => `SHOP#${s}#STATUS#${v}` },
  byPayment: { name: 'bookingsByPaymentStatus', partition: (s, v) => `SHOP#${s}#PAYMENT#${v}` },
  byAccount: { name: 'bookingsByAccount', partition: (s, v) => `SHOP#${s}#ACCOUNT#${v}` },
  byBookedBy: { name: 'bookingsByBookedBy', partition: (s, v) => `SHOP#${s}#BY#${v}` },
  byCity: { name: 'bookingsByCity', partition: (s, v) => `SHOP#${s}#CITY#${v}` },
  merged: { name: 'mergedByDate', partition: (s) => `SHOP#${s}#MERGED` },
  delivered: { name: 'deliveredByDate', partition: (s, v) => `SHOP#${s}#ENDED#${v}` },
};

function indexOf(index: BookingIndex) {
  const def = INDEX_OF[index.index];
  return { def, fields: BOOKING_INDEXES.find((i) => i.name === def.name)! };
}

/** One read unit of an eventually consistent read: half a unit for every 4 KB. */
const READ_BLOCK = 4096;
/** `2026-11-27T12:00:00.000Z` */
const INSTANT_LENGTH = 24;
/** The couriers' consignment numbers as the reference gives them (2 letters and 9 digits); a longer one only makes a read spill into a further block. */
const TRACKING_LENGTH = 11;

/** A timeline item's own attributes and keys take about 300 bytes: its scans get the rest of one write unit's 1 KB. */
const SCANS_PER_ITEM_BYTES = 650;

type Scan = Required<Pick<TimelineEvent, 'at' | 'seq' | 'status' | 'message'>> & Pick<TimelineEvent, 'location'>;

/** A reading's scans in groups of about 1 KB an item, in their order: a write unit holds several scans, not one. */
function scanGroups(scans: Scan[]): Scan[][] {
  const groups: Scan[][] = [];
  let bytes = Infinity;
  for (const scan of scans) {
    const size = JSON.stringify(scan).length;
    if (bytes + size > SCANS_PER_ITEM_BYTES) {
      groups.push([]);
      bytes = 0;
    }
    groups.at(-1)!.push(scan);
    bytes += size;
  }
  return groups;
}

/** The sparse indexes' keys are empty text on bookings they leave out (ElectroDB wants every composite of a sparse index given). */
export function fromItem(data: Record<string, unknown>): BookingRecord {
  const { cityKey: _city, mergedAt: _merged, deliveredAt, ...rest } = data;
  return { ...rest, ...(deliveredAt ? { deliveredAt } : {}) } as unknown as BookingRecord;
}

/** A scanned booking's email pointer, or a scanned attempt's contact pointers (as the attempt ledger writes them). */
function contactPointersOf(item: Record<string, unknown>): Record<string, unknown>[] {
  const shopId = String(item.shopId);
  if (String(item.sk).startsWith('BOOKING#')) {
    const email = (item.consignee as { email?: string } | undefined)?.email;
    return email ? [{ ...keys.emailPointer(shopId, email, String(item.trackingNumber)), type: 'bookingPointer', trackingNumber: item.trackingNumber }] : [];
  }
  const consignee = (item.plan as { consignee?: BookingRecord['consignee'] } | undefined)?.consignee;
  if (!consignee) return [];
  return contactsOf(consignee).map((contact) => ({
    ...keys.attemptContactPointer(shopId, contact, String(item.attemptId)), type: 'attemptPointer', attemptId: item.attemptId,
    ...(typeof item.expiresAt === 'number' ? { expiresAt: item.expiresAt + 86400 } : {}),
  }));
}

/**
 * Bookings and their courier timeline, through ElectroDB (entity.ts builds every key and keeps each
 * index right on each update), and the pointers to a booking, plain puts beside it. The entity stays
 * in here: the domain sees BookingRecord only. The keys the indexes need beyond the booking's own
 * fields (cityKey, mergedAt) are written here.
 */
export class DynamoBookingRepo implements BookingRepo {
  private readonly bookings: BookingEntity;
  private readonly events: ReturnType<typeof bookingEventEntity>;

  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {
    this.bookings = bookingEntity(db, table);
    this.events = bookingEventEntity(db, table);
  }

  async save(record: BookingRecord, alongside?: () => Promise<void>): Promise<boolean> {
    let created = true;
    try {
      await this.bookings.create({
        ...record,
        lineItems: record.lineItems.map((li) => ({ ...li, image: li.image ?? undefined, variant_title: li.variant_title ?? undefined })),
        cityKey: cityKey(record.destinationCity),
        mergedAt: record.tag === MERGED_TAG ? record.bookedAt : '',
        deliveredAt: record.deliveredAt ?? '',
        changedAt: record.changedAt ?? record.bookedAt,
      }).go({ response: 'none' });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      created = false;
    }
    const { found, parcel } = pointersOf(record);
    const pointers = [
      ...found.map((key) => ({ ...key, trackingNumber: record.trackingNumber })),
      { ...parcel, shopId: record.shopId, company: record.company },
    ].map((Item) => ({ PutRequest: { Item: { type: 'bookingPointer', ...Item } } }));
    await Promise.all([
      // only when this call created the booking: a resumed save must not run it twice
      created ? alongside?.() : undefined,
      batchWrite(this.db, this.table, pointers),
      this.events.put({
        shopId: record.shopId, trackingNumber: record.trackingNumber, at: record.bookedAt, seq: 0, status: 'BOOKED', message: `Booked with ${record.accountName}`,
      }).go({ response: 'none' }),
    ]);
    return created;
  }

  async get(shopId: string, trackingNumber: string): Promise<BookingRecord | undefined> {
    const { data } = await this.bookings.get({ shopId, trackingNumber }).go({ attributes: undefined });
    return data ? fromItem(data as unknown as Record<string, unknown>) : undefined;
  }

  async shopsOfParcel(trackingNumber: string): Promise<string[]> {
    const items = await queryAll(this.db, this.table, keys.parcel(trackingNumber, '').pk, 'SHOP#', ['shopId']);
    return items.map((item) => item.shopId as string);
  }

  async getMany(shopId: string, trackingNumbers: string[], opts: { consistent?: boolean } = {}): Promise<BookingRecord[]> {
    const items = await batchGet(this.db, this.table, trackingNumbers.map((tn) => ({ pk: keys.shop(shopId).pk, sk: `BOOKING#${tn}` })), opts);
    return items.map((item) => fromItem(this.bookings.parse({ Item: item }).data as unknown as Record<string, unknown>));
  }

  async getCounted(shopId: string, trackingNumbers: string[]): Promise<CountedBooking[]> {
    const items = await batchGet(this.db, this.table, trackingNumbers.map((tn) => ({ pk: keys.shop(shopId).pk, sk: `BOOKING#${tn}` })), { attributes: [...COUNTED_FIELDS] });
    // the stored attributes carry the entity's own names; a booking not delivered stores deliveredAt as empty text (its sparse index)
    return items.map((item) => fromItem(item) as CountedBooking);
  }

  async trackingNumberOf(shopId: string, bookingId: string): Promise<string | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.bookingIdPointer(shopId, bookingId) }));
    return Item?.trackingNumber as string | undefined;
  }

  async recordCancelStep(record: BookingRecord, step: Partial<Pick<BookingRecord, 'cancelledAt' | 'fulfillmentsCancelledAt'>>): Promise<void> {
    await this.bookings.patch({ shopId: record.shopId, trackingNumber: record.trackingNumber }).set(step).go({ response: 'none' });
  }

  async finishCancel(record: BookingRecord): Promise<BookingRecord> {
    const { data } = await this.bookings
      .patch({ shopId: record.shopId, trackingNumber: record.trackingNumber })
      .remove(['cancelPendingFrom'])
      .go({ response: 'all_new' });
    return fromItem(data as unknown as Record<string, unknown>);
  }

  async setStatus(
    record: BookingRecord, status: BookingStatus, at: string, extra: Partial<Pick<BookingRecord, 'cancelledAt' | 'deliveredAt' | 'cancelPendingFrom'>> = {},
  ): Promise<BookingRecord> {
    const written = await this.change(record, { status, lastStatusAt: at, changedAt: at, ...extra });
    if (!written) throw Object.assign(new Error(`the status of ${record.trackingNumber} changed meanwhile`), { name: 'ConditionalCheckFailedException' });
    return written;
  }

  async change(record: CountedBooking, change: BookingChange): Promise<BookingRecord | undefined> {
    const { status, deliveredAt, clearDeliveryDays, clearNoticeDue, ...rest } = change;
    // first: a watch left by a move that then lost its race costs one extra ask, a move without its watch would miss a correction
    if (status !== undefined && status !== record.status && STOPPED_STATUSES.includes(status)) {
      await this.db.send(new PutCommand({ TableName: this.table, Item: syncWatchItem(record, change.lastStatusAt ?? record.lastStatusAt) }));
    }
    const set: Record<string, unknown> = { ...rest };
    // a status change rewrites the status, moving and delivered indexes: ElectroDB wants all their parts
    if (status !== undefined) Object.assign(set, { status, accountId: record.accountId, lastStatusAt: change.lastStatusAt ?? record.lastStatusAt, deliveredAt: deliveredAt ?? record.deliveredAt ?? '' });
    else if (deliveredAt !== undefined) Object.assign(set, { status: record.status, deliveredAt });
    try {
      const { data } = await this.bookings
        .patch({ shopId: record.shopId, trackingNumber: record.trackingNumber })
        .set(set as never)
        .remove([...(clearDeliveryDays ? ['deliveryDays' as const] : []), ...(clearNoticeDue ? ['noticeDue' as const] : [])])
        // both counted fields: the counters move from the booking in hand, so neither may have moved meanwhile
        .where((attr, op) => `${op.eq(attr.status, record.status)} AND ${op.eq(attr.paymentStatus, record.paymentStatus)}`)
        .go({ response: 'all_new' });
      return fromItem(data as unknown as Record<string, unknown>);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async addAttention(record: BookingRecord, mark: BookingRecord['attention'][number]): Promise<void> {
    await this.bookings.patch({ shopId: record.shopId, trackingNumber: record.trackingNumber }).append({ attention: [mark] }).go({ response: 'none' });
  }

  async addEvents(shopId: string, trackingNumber: string, events: TimelineEvent[]): Promise<void> {
    const items = scanGroups(events.map((e, i) => ({ at: e.at, seq: e.seq ?? i + 1, status: e.status, message: e.message, ...(e.location ? { location: e.location } : {}) })))
      .map((group) => ({ shopId, trackingNumber, ...group.at(-1)!, earlier: group.slice(0, -1) }));
    if (items.length) await this.events.put(items).go();
  }

  async timeline(shopId: string, trackingNumber: string): Promise<TimelineEvent[]> {
    const { data } = await this.events.query.timeline({ shopId, trackingNumber }).go({ pages: 'all' });
    // one scan is one event whichever items hold it (two readers writing one reading at once), in the items' key order
    const scans = new Map<string, TimelineEvent>();
    for (const item of data) {
      for (const e of [...(item.earlier ?? []), item]) scans.set(`${e.at}#${e.seq}`, { at: e.at, status: e.status, message: e.message, ...(e.location ? { location: e.location } : {}) });
    }
    return [...scans.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  }

  async remove(record: BookingRecord): Promise<void> {
    const { shopId, trackingNumber } = record;
    await this.bookings.delete({ shopId, trackingNumber }).where((attr, op) => op.eq(attr.status, 'CANCELLED')).go({ response: 'none' });
    const events = await this.events.query.timeline({ shopId, trackingNumber }).go({ pages: 'all' });
    const { found, parcel } = pointersOf(record);
    await batchDelete(this.db, this.table, [...found, parcel, keys.syncWatch(shopId, trackingNumber)]);
    await Promise.all(events.data.map((e) => this.events.delete(e).go({ response: 'none' })));
  }

  /**
   * A window of keys of one index (keys only: a page of keys, then the page's items), newest first.
   * What a page costs does not grow with the shop: the same at 300 bookings as at 100,000.
   */
  async indexPage(shopId: string, index: BookingIndex, window: IndexWindow, limit: number): Promise<{ keys: IndexedBooking[]; more: boolean }> {
    const query = this.indexQuery(shopId, index, window);
    const found: IndexedBooking[] = [];
    let start: Record<string, unknown> | undefined;
    // one more than asked, to know whether there is more; BETWEEN includes `below` itself, which is left out
    while (found.length <= limit) {
      const page = await query(limit + 2 - found.length, start);
      found.push(...page.keys);
      start = page.next;
      if (!start) break;
    }
    return { keys: found.slice(0, limit), more: found.length > limit };
  }

  async indexRead(shopId: string, index: BookingIndex, window: IndexWindow, limit: number, after?: IndexedBooking): Promise<{ keys: IndexedBooking[]; done: boolean }> {
    const query = this.indexQuery(shopId, index, window);
    const found: IndexedBooking[] = [];
    // an index Query resumes from an entry's whole key: the table's and the index's
    let start: Record<string, unknown> | undefined = after ? query.keyOf(after) : undefined;
    while (found.length < limit) {
      const page = await query(limit - found.length, start);
      found.push(...page.keys);
      start = page.next;
      if (!start) return { keys: found, done: true };
    }
    return { keys: found, done: false };
  }

  keysPerRead(shopId: string, index: BookingIndex): number {
    const { def, fields } = indexOf(index);
    // an entry is its attributes' names and values: the table's keys and the index's, whose sort is `<bookedAt>#<tracking number>`
    const entry = 'pk'.length + `SHOP#${shopId}`.length + 'sk'.length + 'BOOKING#'.length + TRACKING_LENGTH
      + fields.partition.length + def.partition(shopId, 'value' in index ? index.value : undefined).length + fields.sort.length + INSTANT_LENGTH + 1 + TRACKING_LENGTH;
    return Math.max(1, Math.floor(READ_BLOCK / entry));
  }

  /** One Query of an index window, newest first: its keys within the window, and where the next would start. */
  private indexQuery(shopId: string, index: BookingIndex, window: IndexWindow) {
    const { def, fields } = indexOf(index);
    const partition = def.partition(shopId, 'value' in index ? index.value : undefined);
    const values: Record<string, string> = { ':pk': partition };
    let range = '';
    if (window.from !== undefined && window.below !== undefined) {
      range = ' AND #sk BETWEEN :from AND :below';
      Object.assign(values, { ':from': window.from, ':below': window.below });
    } else if (window.from !== undefined) {
      range = ' AND #sk >= :from';
      values[':from'] = window.from;
    } else if (window.below !== undefined) {
      range = ' AND #sk < :below';
      values[':below'] = window.below;
    }
    const query = async (limit: number, start: Record<string, unknown> | undefined) => {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table,
        IndexName: def.name,
        KeyConditionExpression: `#pk = :pk${range}`,
        ExpressionAttributeNames: { '#pk': fields.partition, ...(range ? { '#sk': fields.sort } : {}) },
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: start,
      }));
      const keys = (page.Items ?? []).map((item) => ({ trackingNumber: String(item.sk).slice('BOOKING#'.length), sort: String(item[fields.sort]) }))
        .filter((k) => window.below === undefined || k.sort < window.below);
      return { keys, next: page.LastEvaluatedKey };
    };
    const keyOf = (key: IndexedBooking) => ({ pk: `SHOP#${shopId}`, sk: `BOOKING#${key.trackingNumber}`, [fields.partition]: partition, [fields.sort]: key.sort });
    return Object.assign(query, { keyOf });
  }

  async listByDate(shopId: string, limit: number, cursor?: string): Promise<{ items: BookingRecord[]; cursor?: string }> {
    const below = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined;
    const page = await this.indexPage(shopId, { index: 'byDate' }, below ? { below } : {}, limit);
    const found = new Map((await this.getMany(shopId, page.keys.map((k) => k.trackingNumber))).map((b) => [b.trackingNumber, b]));
    const items = page.keys.map((k) => found.get(k.trackingNumber)).filter((b): b is BookingRecord => Boolean(b));
    const last = page.keys.at(-1);
    return { items, ...(page.more && last ? { cursor: Buffer.from(last.sort).toString('base64url') } : {}) };
  }

  async findByOrderName(shopId: string, name: string): Promise<string[]> {
    const { pk, sk } = keys.orderNamePointer(shopId, name, '');
    return (await queryAll(this.db, this.table, pk, sk, ['trackingNumber'])).map((i) => String(i.trackingNumber));
  }

  async findByOrder(shopId: string, orderId: string): Promise<string[]> {
    const { pk, sk } = keys.orderBookingPointer(shopId, orderId, '');
    return (await queryAll(this.db, this.table, pk, sk, ['trackingNumber'], { consistent: true })).map((i) => String(i.trackingNumber));
  }

  async redactConsignee(record: BookingRecord, replacement: BookingRecord['consignee']): Promise<void> {
    await this.bookings.patch({ shopId: record.shopId, trackingNumber: record.trackingNumber }).set({ consignee: replacement }).go({ response: 'none' });
    // the pointers that name the person (their phone) or lead to them by the order's name
    await batchDelete(this.db, this.table, [
      ...record.orderNames.map((name) => keys.orderNamePointer(record.shopId, name, record.trackingNumber)),
      ...[record.consignee.phone, record.consignee.phone2, record.consignee.phone3].filter((p): p is string => Boolean(p))
        .map((phone) => keys.phonePointer(record.shopId, phone, record.trackingNumber)),
      ...(record.consignee.email ? [keys.emailPointer(record.shopId, record.consignee.email, record.trackingNumber)] : []),
    ]);
  }

  async backfillOrderPointers(cursor: string | undefined, limit: number): Promise<{ cursor?: string; written: number }> {
    const page = await this.db.send(new ScanCommand({
      TableName: this.table, Limit: limit,
      FilterExpression: 'begins_with(pk, :shop) AND (begins_with(sk, :booking) OR begins_with(sk, :attempt))',
      ExpressionAttributeValues: { ':shop': 'SHOP#', ':booking': 'BOOKING#', ':attempt': 'ATTEMPT#' },
      ProjectionExpression: 'sk, shopId, trackingNumber, attemptId, orderIds, expiresAt, consignee.email, #plan.consignee',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown> } : {}),
    }));
    // attempts saved before they had pointers too: they keep the consignee customers/redact must reach
    const pointerOf = (item: Record<string, unknown>, orderId: string) => (String(item.sk).startsWith('ATTEMPT#')
      ? { ...keys.orderAttemptPointer(String(item.shopId), orderId, String(item.attemptId)), type: 'attemptPointer', attemptId: item.attemptId, ...(item.expiresAt ? { expiresAt: item.expiresAt } : {}) }
      : { ...keys.orderBookingPointer(String(item.shopId), orderId, String(item.trackingNumber)), type: 'bookingPointer', trackingNumber: item.trackingNumber });
    const byOrder = (page.Items ?? []).flatMap((item) => ((item.orderIds ?? []) as string[]).map((orderId) => pointerOf(item, orderId)));
    const pointers = [...byOrder, ...(page.Items ?? []).flatMap(contactPointersOf)].map((Item) => ({ PutRequest: { Item } }));
    await batchWrite(this.db, this.table, pointers);
    const next = page.LastEvaluatedKey ? Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') : undefined;
    return { ...(next ? { cursor: next } : {}), written: pointers.length };
  }

  async orderPointersProgress(): Promise<OrderPointersProgress> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.migration(ORDER_POINTERS), ConsistentRead: true }));
    return { done: Item?.done === true, ...(typeof Item?.cursor === 'string' ? { cursor: Item.cursor } : {}) };
  }

  async saveOrderPointersProgress(progress: OrderPointersProgress): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.migration(ORDER_POINTERS), type: 'migration', ...progress } }));
  }

  async findByEmail(shopId: string, email: string): Promise<string[]> {
    const { pk, sk } = keys.emailPointer(shopId, email, '');
    return (await queryAll(this.db, this.table, pk, sk, ['trackingNumber'])).map((i) => String(i.trackingNumber));
  }

  async findByPhone(shopId: string, phone: string): Promise<string[]> {
    const { pk, sk } = keys.phonePointer(shopId, phone, '');
    return (await queryAll(this.db, this.table, pk, sk, ['trackingNumber'])).map((i) => String(i.trackingNumber));
  }
}
