import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { BookingStatus } from '@dakiya/shared';
import type { BookingAttempt, BookingPlan, BookingRecord, BulkRowRecord, DayCounterKey, OrderClaim } from '../../domain/ports/bookings';
import { bookingEntity, bookingEventEntity, type BookingEntity } from './booking-entity';
import { isConditionFailure, keys, setExpression, stripKeys } from './keys';
import { pause } from '../../ground/clock';

/** Finished attempts stay a month for a person to look into, then TTL removes them. */
const KEEP_ATTEMPT_SECONDS = 30 * 86400;

/** True when a transaction was cancelled only by other transactions (AWS does that under contention; retry). */
export function isTransactionConflict(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  return reasons.length > 0 && reasons.some((r) => r.Code === 'TransactionConflict') && reasons.every((r) => r.Code === 'TransactionConflict' || r.Code === 'None');
}

/** The attempt's plan keeps its reference as `orderRef`, the name it was first stored under. */
type StoredPlan = Omit<BookingPlan, 'reference'> & { orderRef: string };

function attemptOf(item: Record<string, unknown>): BookingAttempt {
  const { plan, ...rest } = stripKeys<Omit<BookingAttempt, 'plan'> & { plan?: StoredPlan }>(item);
  if (!plan) return rest;
  const { orderRef, ...kept } = plan;
  return { ...rest, plan: { ...kept, reference: orderRef } };
}

function storedPatch(patch: Partial<BookingAttempt>): Record<string, unknown> {
  if (!patch.plan) return patch;
  const { reference, ...kept } = patch.plan;
  return { ...patch, plan: { ...kept, orderRef: reference } satisfies StoredPlan };
}

/**
 * Bookings and what keeps them exactly-once: the order claims, the attempt records, the pointers,
 * the timeline and the per-day counters. Bookings and their events go through ElectroDB
 * (booking-entity.ts); claims, attempts and counters are conditional writes and ADDs written out here,
 * because their conditions are the point.
 */
export class DynamoBookingStore {
  readonly bookings: BookingEntity;
  private readonly events: ReturnType<typeof bookingEventEntity>;

  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {
    this.bookings = bookingEntity(db, table);
    this.events = bookingEventEntity(db, table);
  }

  // ---- claims and attempts -------------------------------------------------------------------

  async claims(shopId: string, orderIds: string[]): Promise<Map<string, OrderClaim>> {
    const { Responses } = await this.db.send(new BatchGetCommand({
      RequestItems: { [this.table]: { Keys: orderIds.map((id) => keys.orderClaim(shopId, id)), ConsistentRead: true } },
    }));
    const found = new Map<string, OrderClaim>();
    for (const item of Responses?.[this.table] ?? []) found.set(item.orderId as string, stripKeys<OrderClaim>(item));
    return found;
  }

  /**
   * Claims every order for a new attempt and writes the attempt, all or nothing: each order must be
   * unclaimed or free at the attempt count last seen. A transaction, because a merge claims several
   * orders at once; cancelled only by a rival transaction on the same orders (retried) or by a
   * failed condition (another booking got there first: false).
   */
  async startAttempt(attempt: BookingAttempt, seen: Map<string, OrderClaim>, nowMs: number): Promise<boolean> {
    const items = [
      ...attempt.orderIds.map((orderId) => {
        const before = seen.get(orderId);
        return {
          Update: {
            TableName: this.table,
            Key: keys.orderClaim(attempt.shopId, orderId),
            ConditionExpression: before ? '#state = :free AND attempt = :seen' : 'attribute_not_exists(pk)',
            UpdateExpression: 'SET orderId = :order, #state = :booking, attempt = :next, attemptId = :attempt, updatedAt = :at REMOVE trackingNumber',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':order': orderId, ':booking': 'booking', ':next': attempt.attempts[orderId], ':attempt': attempt.attemptId,
              ':at': new Date(nowMs).toISOString(), ...(before ? { ':free': 'free', ':seen': before.attempt } : {}),
            },
          },
        };
      }),
      {
        Put: {
          TableName: this.table,
          Item: {
            ...keys.bookingAttempt(attempt.shopId, attempt.attemptId), type: 'bookingAttempt', ...attempt,
            expiresAt: Math.floor(nowMs / 1000) + KEEP_ATTEMPT_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
    for (let round = 0; ; round++) {
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: items }));
        return true;
      } catch (error) {
        if (isTransactionConflict(error) && round < 6) {
          await pause(10 + Math.random() * 40 * (round + 1));
          continue;
        }
        if (isConditionFailure(error)) return false;
        throw error;
      }
    }
  }

  async attempt(shopId: string, attemptId: string): Promise<BookingAttempt | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.bookingAttempt(shopId, attemptId), ConsistentRead: true }));
    return Item ? attemptOf(Item) : undefined;
  }

  /** A retry takes over an attempt whose lease ran out (its request died or gave up); undefined when it is still held. */
  async takeOver(shopId: string, attemptId: string, nowMs: number, leaseUntil: number): Promise<BookingAttempt | undefined> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.bookingAttempt(shopId, attemptId),
        ConditionExpression: 'attribute_exists(pk) AND leaseUntil < :now',
        UpdateExpression: 'SET leaseUntil = :lease',
        ExpressionAttributeValues: { ':now': nowMs, ':lease': leaseUntil },
        ReturnValues: 'ALL_NEW',
      }));
      return attemptOf(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  /** Records a step of the attempt (only while this request holds its lease). */
  async advance(shopId: string, attemptId: string, leaseUntil: number, patch: Partial<BookingAttempt>): Promise<void> {
    const set = setExpression(storedPatch(patch));
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(shopId, attemptId),
      ConditionExpression: 'leaseUntil = :mine',
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: { ...set.values, ':mine': leaseUntil },
    }));
  }

  /** Lets a retry take the attempt over at once (this request stopped with the attempt's state recorded). */
  async releaseLease(shopId: string, attemptId: string, leaseUntil: number): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(shopId, attemptId),
      ConditionExpression: 'leaseUntil = :mine',
      UpdateExpression: 'SET leaseUntil = :zero',
      ExpressionAttributeValues: { ':mine': leaseUntil, ':zero': 0 },
    })).catch((error: unknown) => { if (!isConditionFailure(error)) throw error; });
  }

  /** The attempt ended without a booking (refused, over the limit): its orders are free to book again. */
  async abandon(attempt: BookingAttempt, nowMs: number): Promise<void> {
    await Promise.all(attempt.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderClaim(attempt.shopId, orderId),
      ConditionExpression: 'attemptId = :attempt',
      UpdateExpression: 'SET #state = :free, updatedAt = :at REMOVE attemptId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':attempt': attempt.attemptId, ':free': 'free', ':at': new Date(nowMs).toISOString() },
    })).catch((error: unknown) => { if (!isConditionFailure(error)) throw error; })));
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(attempt.shopId, attempt.attemptId),
      UpdateExpression: 'SET stage = :released, leaseUntil = :zero, expiresAt = :exp',
      ExpressionAttributeValues: { ':released': 'released', ':zero': 0, ':exp': Math.floor(nowMs / 1000) + KEEP_ATTEMPT_SECONDS },
    }));
  }

  // ---- bookings ------------------------------------------------------------------------------

  /**
   * The booking's own conditional write (one per tracking number), then what points at it: the
   * claims say `booked`, the pointers and the first timeline event are written (idempotent puts, so a
   * resumed attempt may write them again). Counters are the caller's `afterCreate`, run beside them
   * (single-item ADDs after the booking's own write, never in a transaction with it).
   * Answers false when the booking existed already (a resumed attempt had saved it).
   */
  async save(record: BookingRecord, attempt: BookingAttempt, nowMs: number, afterCreate?: () => Promise<void>): Promise<boolean> {
    let created = true;
    try {
      await this.bookings.create({
        ...record,
        lineItems: record.lineItems.map((li) => ({ ...li, image: li.image ?? undefined, variant_title: li.variant_title ?? undefined })),
      }).go({ response: 'none' });
    } catch (error) {
      if (!isConditionFailure(error) && !/ConditionalCheckFailed|conditional request failed/i.test(String((error as Error).message))) throw error;
      created = false;
    }
    const shopId = record.shopId;
    const pointers = [
      ...record.orderNames.map((name) => ({ ...keys.orderNamePointer(shopId, name, record.trackingNumber), trackingNumber: record.trackingNumber })),
      { ...keys.phonePointer(shopId, record.consignee.phone, record.trackingNumber), trackingNumber: record.trackingNumber },
      { ...keys.bookingIdPointer(shopId, record.bookingId), trackingNumber: record.trackingNumber },
      { ...keys.parcel(record.trackingNumber, shopId), shopId, company: record.company },
    ].map((Item) => ({ PutRequest: { Item: { type: 'bookingPointer', ...Item } } }));
    // the pointers and the first event at once; the claims only after both, so a retry after a failure
    // here still finds its attempt unfinished and writes them again
    await Promise.all([
      // the counters (only when this call created the booking: a resumed save must not count twice)
      created ? afterCreate?.() : undefined,
      this.batchWrite(pointers),
      this.events.put({
        shopId, trackingNumber: record.trackingNumber, at: record.bookedAt, seq: 0, status: 'BOOKED', message: `Booked with ${record.accountName}`,
      }).go({ response: 'none' }),
    ]);
    await Promise.all(record.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderClaim(shopId, orderId),
      ConditionExpression: 'attemptId = :attempt',
      UpdateExpression: 'SET #state = :booked, trackingNumber = :tn, updatedAt = :at',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':attempt': attempt.attemptId, ':booked': 'booked', ':tn': record.trackingNumber, ':at': new Date(nowMs).toISOString() },
    }))));
    // the attempt is not written again: its orders' claims now say `booked`, and it expires on its own
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

  /** A status change: the booking (its status index and the moving-parcels index follow). */
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

  /** A cancelled booking's order claims go free, so the orders can be booked again as a new attempt. */
  async freeOrders(record: BookingRecord, nowMs: number): Promise<void> {
    await Promise.all(record.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderClaim(record.shopId, orderId),
      ConditionExpression: '#state = :booked AND trackingNumber = :tn',
      UpdateExpression: 'SET #state = :free, updatedAt = :at REMOVE attemptId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':booked': 'booked', ':tn': record.trackingNumber, ':free': 'free', ':at': new Date(nowMs).toISOString() },
    })).catch((error: unknown) => { if (!isConditionFailure(error)) throw error; })));
  }

  /** Removes a (cancelled) booking with its pointers and timeline. */
  async remove(record: BookingRecord): Promise<void> {
    const shopId = record.shopId;
    await this.bookings.delete({ shopId, trackingNumber: record.trackingNumber }).where((attr, op) => op.eq(attr.status, 'CANCELLED')).go({ response: 'none' });
    const events = await this.events.query.timeline({ shopId, trackingNumber: record.trackingNumber }).go({ pages: 'all' });
    const doomed = [
      ...record.orderNames.map((name) => keys.orderNamePointer(shopId, name, record.trackingNumber)),
      keys.phonePointer(shopId, record.consignee.phone, record.trackingNumber),
      keys.bookingIdPointer(shopId, record.bookingId),
      keys.parcel(record.trackingNumber, shopId),
    ];
    await this.batchWrite(doomed.map((Key) => ({ DeleteRequest: { Key } })));
    await Promise.all(events.data.map((e) => this.events.delete(e).go({ response: 'none' })));
  }

  // ---- counters --------------------------------------------------------------------------------

  /**
   * Single-item ADDs, one per dimension value, after the booking's own write and never in a
   * transaction with it (AWS would cancel concurrent transactions on these hot items). The first
   * count of a day marks the shop for the nightly recount.
   */
  async count(shopId: string, counters: DayCounterKey[], delta: number): Promise<void> {
    const results = await Promise.all(counters.map((c) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.dayCounter(shopId, c.day, c.dimension, c.value),
      UpdateExpression: 'ADD n :d SET #dim = :dim, #val = :val, #day = :day',
      ExpressionAttributeNames: { '#dim': 'dimension', '#val': 'value', '#day': 'day' },
      ExpressionAttributeValues: { ':d': delta, ':dim': c.dimension, ':val': c.value, ':day': c.day },
      ReturnValues: 'UPDATED_NEW',
    }))));
    const days = new Set(counters.filter((c, i) => c.dimension === 'status' && delta > 0 && results[i]?.Attributes?.n === delta).map((c) => c.day));
    for (const day of days) {
      await this.db.send(new UpdateCommand({ TableName: this.table, Key: keys.recountMark(day, shopId), UpdateExpression: 'SET shopId = :s', ExpressionAttributeValues: { ':s': shopId } }));
    }
  }

  async dayCounters(shopId: string, day: string): Promise<(DayCounterKey & { n: number })[]> {
    const { pk, skPrefix } = keys.dayCounters(shopId, day);
    const { Items } = await this.db.send(new QueryCommand({
      TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix }, ConsistentRead: true,
    }));
    return (Items ?? []).map((i) => ({ day: i.day as string, dimension: i.dimension as DayCounterKey['dimension'], value: i.value as string, n: i.n as number }));
  }

  private async batchWrite(requests: Record<string, unknown>[]): Promise<void> {
    for (let i = 0; i < requests.length; i += 25) {
      let pending: Record<string, unknown>[] | undefined = requests.slice(i, i + 25);
      for (let round = 0; pending && pending.length > 0; round++) {
        const { UnprocessedItems } = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.table]: pending as never } }));
        pending = UnprocessedItems?.[this.table] as Record<string, unknown>[] | undefined;
        if (pending?.length) await pause(20 * 2 ** round);
      }
    }
  }

  /** Shops with counters of this day (marked by their first count of it). */
  async shopsToRecount(day: string): Promise<string[]> {
    const { pk, skPrefix } = keys.recountDay(day);
    const shops: string[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix }, ExclusiveStartKey: cursor,
      }));
      shops.push(...(page.Items ?? []).map((i) => i.shopId as string));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return shops;
  }

  /**
   * The bookings of a shop's day (its own time zone): the keys from bookingsByDate over the UTC
   * window around the day, then the items. Only the counters' attributes are read back.
   */
  async bookingsOfDay(shopId: string, day: string): Promise<Pick<BookingRecord, 'bookedDay' | 'status' | 'accountId' | 'destinationCity' | 'bookedBy' | 'paymentStatus'>[]> {
    const from = new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString();
    const to = new Date(Date.parse(`${day}T00:00:00.000Z`) + 2 * 86_400_000).toISOString();
    const found: Record<string, unknown>[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table, IndexName: 'bookingsByDate', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': `SHOP#${shopId}#BOOKINGS`, ':from': from, ':to': to }, ExclusiveStartKey: cursor,
      }));
      found.push(...(page.Items ?? []));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    const items = await this.getMany(found.map((k) => ({ pk: k.pk, sk: k.sk })), ['bookedDay', '#s', 'accountId', 'destinationCity', 'bookedBy', 'paymentStatus']);
    return items.filter((i) => i.bookedDay === day) as unknown as Pick<BookingRecord, 'bookedDay' | 'status' | 'accountId' | 'destinationCity' | 'bookedBy' | 'paymentStatus'>[];
  }

  /**
   * A page of a shop's bookings, newest first: a page of keys from bookingsByDate (keys only), then
   * those items. What a page costs does not grow with the shop: the same at 300 bookings as at 100,000.
   */
  async listByDate(shopId: string, limit: number, cursor?: string): Promise<{ items: BookingRecord[]; cursor?: string }> {
    const page = await this.db.send(new QueryCommand({
      TableName: this.table, IndexName: 'bookingsByDate', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `SHOP#${shopId}#BOOKINGS` },
      ScanIndexForward: false, Limit: limit, ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) } : {}),
    }));
    const keyList = (page.Items ?? []).map((k) => ({ pk: k.pk, sk: k.sk }));
    const found = new Map((await this.getMany(keyList)).map((item) => [item.sk as string, item]));
    const items = keyList.map((k) => found.get(k.sk as string)).filter((i): i is Record<string, unknown> => Boolean(i))
      .map((i) => this.bookings.parse({ Item: i }).data as unknown as BookingRecord);
    return { items, ...(page.LastEvaluatedKey ? { cursor: Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') } : {}) };
  }

  /** BatchGetItem in pages of 100, retrying what DynamoDB left unprocessed. */
  private async getMany(keyList: Record<string, unknown>[], attributes?: string[]): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    const projection = attributes ? { ProjectionExpression: attributes.join(', '), ...(attributes.includes('#s') ? { ExpressionAttributeNames: { '#s': 'status' } } : {}) } : {};
    for (let i = 0; i < keyList.length; i += 100) {
      let pending: Record<string, unknown>[] | undefined = keyList.slice(i, i + 100);
      for (let round = 0; pending && pending.length > 0; round++) {
        const { Responses, UnprocessedKeys } = await this.db.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending, ...projection } } }));
        out.push(...(Responses?.[this.table] ?? []));
        pending = UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
        if (pending?.length) await pause(20 * 2 ** round);
      }
    }
    return out;
  }

  // ---- bulk bookings -----------------------------------------------------------------------------

  /** One result item per order of a bulk booking, written before its job is queued. */
  async putBulkRows(shopId: string, bulkId: string, rows: BulkRowRecord[]): Promise<void> {
    await this.batchWrite(rows.map((row) => ({ PutRequest: { Item: { ...keys.bulkRow(shopId, bulkId, row.index), type: 'bulkRow', ...row } } })));
  }

  async bulkRows(shopId: string, bulkId: string): Promise<BulkRowRecord[]> {
    const { pk, skPrefix } = keys.bulkRows(shopId, bulkId);
    const rows: BulkRowRecord[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
        ExclusiveStartKey: cursor, ConsistentRead: true,
      }));
      rows.push(...(page.Items ?? []).map((item) => stripKeys<BulkRowRecord>(item)));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return rows;
  }

  /** A row's outcome: only this row's item is written (the job never grows one item). */
  async setBulkRow(shopId: string, bulkId: string, index: number, patch: Partial<BulkRowRecord>): Promise<void> {
    const set = setExpression(patch);
    await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.bulkRow(shopId, bulkId, index), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values,
    }));
  }

  /** Used by tests and the bench to clear a counter item (drift injection). */
  async deleteCounter(shopId: string, c: DayCounterKey): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.dayCounter(shopId, c.day, c.dimension, c.value) }));
  }
}
