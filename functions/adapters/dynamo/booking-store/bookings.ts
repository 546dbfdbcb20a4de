import { GetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { BookingStatus } from '@dakiya/shared';
import type { BookingRecord, BookingRepo, CountedBooking, TimelineEvent } from '../../../domain/ports/bookings';
import { batchDelete, batchGet, batchWrite } from '../batch';
import { isConditionFailure } from '../errors';
import { keys } from '../keys';
import { bookingEntity, bookingEventEntity, type BookingEntity } from './entity';

const COUNTED: (keyof CountedBooking)[] = ['bookedDay', 'status', 'accountId', 'destinationCity', 'bookedBy', 'paymentStatus'];
const DAY_MS = 86_400_000;

/** What finds a booking besides its own key: its order names, the consignee's phone, its own id, and (for the public page) its number. */
function pointersOf(record: BookingRecord) {
  const { shopId, trackingNumber } = record;
  return {
    found: [
      ...record.orderNames.map((name) => keys.orderNamePointer(shopId, name, trackingNumber)),
      keys.phonePointer(shopId, record.consignee.phone, trackingNumber),
      keys.bookingIdPointer(shopId, record.bookingId),
    ],
    parcel: keys.parcel(trackingNumber, shopId),
  };
}

/**
 * Bookings and their courier timeline, through ElectroDB (entity.ts builds every key and keeps each
 * index right on each update), and the pointers to a booking, plain puts beside it. The entity stays
 * in here: the domain sees BookingRecord only.
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
    return (data ?? undefined) as BookingRecord | undefined;
  }

  async trackingNumberOf(shopId: string, bookingId: string): Promise<string | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.bookingIdPointer(shopId, bookingId) }));
    return Item?.trackingNumber as string | undefined;
  }

  async setCourierCancelled(record: BookingRecord, at: string): Promise<void> {
    await this.bookings.patch({ shopId: record.shopId, trackingNumber: record.trackingNumber }).set({ cancelledAt: at }).go({ response: 'none' });
  }

  async setStatus(record: BookingRecord, status: BookingStatus, at: string, extra: Partial<Pick<BookingRecord, 'cancelledAt' | 'deliveredAt'>> = {}): Promise<BookingRecord> {
    const { data } = await this.bookings
      .patch({ shopId: record.shopId, trackingNumber: record.trackingNumber })
      .set({ status, lastStatusAt: at, accountId: record.accountId, ...extra })
      .where((attr, op) => op.eq(attr.status, record.status))
      .go({ response: 'all_new' });
    return data as BookingRecord;
  }

  async addAttention(record: BookingRecord, mark: BookingRecord['attention'][number]): Promise<void> {
    await this.bookings.patch({ shopId: record.shopId, trackingNumber: record.trackingNumber }).append({ attention: [mark] }).go({ response: 'none' });
  }

  async timeline(shopId: string, trackingNumber: string): Promise<TimelineEvent[]> {
    const { data } = await this.events.query.timeline({ shopId, trackingNumber }).go({ pages: 'all' });
    return data.map((e) => ({ at: e.at, status: e.status, message: e.message, ...(e.location ? { location: e.location } : {}) }));
  }

  async remove(record: BookingRecord): Promise<void> {
    const { shopId, trackingNumber } = record;
    await this.bookings.delete({ shopId, trackingNumber }).where((attr, op) => op.eq(attr.status, 'CANCELLED')).go({ response: 'none' });
    const events = await this.events.query.timeline({ shopId, trackingNumber }).go({ pages: 'all' });
    const { found, parcel } = pointersOf(record);
    await batchDelete(this.db, this.table, [...found, parcel]);
    await Promise.all(events.data.map((e) => this.events.delete(e).go({ response: 'none' })));
  }

  /**
   * A page of keys from bookingsByDate (keys only), then those items. What a page costs does not
   * grow with the shop: the same at 300 bookings as at 100,000.
   */
  async listByDate(shopId: string, limit: number, cursor?: string): Promise<{ items: BookingRecord[]; cursor?: string }> {
    const page = await this.db.send(new QueryCommand({
      ...(this.bookings.query.bookingsByDate({ shopId }).params({ limit, order: 'desc' }) as QueryCommandInput),
      ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown> } : {}),
    }));
    const keyList = (page.Items ?? []).map((k) => ({ pk: k.pk, sk: k.sk }));
    const found = new Map((await batchGet(this.db, this.table, keyList)).map((item) => [item.sk as string, item]));
    const items = keyList.map((k) => found.get(k.sk as string)).filter((i): i is Record<string, unknown> => Boolean(i))
      .map((i) => this.bookings.parse({ Item: i }).data as unknown as BookingRecord);
    return { items, ...(page.LastEvaluatedKey ? { cursor: Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') } : {}) };
  }

  /** The keys from bookingsByDate over the UTC window around the day, then only the counted fields of those items. */
  async ofDay(shopId: string, day: string): Promise<CountedBooking[]> {
    const midnight = Date.parse(`${day}T00:00:00.000Z`);
    const query = this.bookings.query.bookingsByDate({ shopId })
      .between({ bookedAt: new Date(midnight - DAY_MS).toISOString() }, { bookedAt: new Date(midnight + 2 * DAY_MS).toISOString() })
      .params() as QueryCommandInput;
    const keyList: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({ ...query, ExclusiveStartKey: start }));
      keyList.push(...(page.Items ?? []).map((k) => ({ pk: k.pk, sk: k.sk })));
      start = page.LastEvaluatedKey;
    } while (start);
    const items = await batchGet(this.db, this.table, keyList, { attributes: COUNTED });
    return items.filter((i) => i.bookedDay === day) as unknown as CountedBooking[];
  }
}

