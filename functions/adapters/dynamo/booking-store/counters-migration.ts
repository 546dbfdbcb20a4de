import { GetCommand, PutCommand, QueryCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cityKey, MERGED_TAG } from '@dakiya/shared';
import type { BookingRecord } from '../../../domain/ports/bookings';
import type { CountersMigration, CountersMigrationProgress } from '../../../domain/ports/counters-migration';
import type { RecountMark } from '../../../domain/ports/counters';
import { batchDelete, batchWrite } from '../batch';
import { isConditionFailure } from '../errors';
import { keys } from '../keys';
import { fromItem } from './bookings';
import { bookingEntity, type BookingEntity } from './entity';

/**
 * v3: the shop's year items came after v2 had run; a table v2 migrated is gone through again to build them.
 * v4: a city's histogram of days to delivery moved to courierDays items, per courier; going through again
 * rebuilds every booked day, which writes those items and takes the histogram out of the city items.
 */
const NAME = 'counters-v4';

const encode = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);
const decode = (cursor: string | undefined) => (cursor ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown> : undefined);

/**
 * The counters migration's table work (domain/ports/counters-migration.ts). The scan keeps only
 * bookings and the first version's counter items (`COUNT#...` under a shop) and day marks
 * (`RECOUNT#<day>`, whose day has dashes; today's marks are by epoch hour).
 */
export class DynamoCountersMigration implements CountersMigration {
  private readonly bookings: BookingEntity;

  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {
    this.bookings = bookingEntity(db, table);
  }

  async progress(): Promise<CountersMigrationProgress | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.migration(NAME), ConsistentRead: true }));
    return Item?.progress as CountersMigrationProgress | undefined;
  }

  async saveProgress(progress: CountersMigrationProgress): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.migration(NAME), type: 'migration', progress } }));
  }

  async scanPage(cursor: string | undefined, limit: number) {
    const page = await this.db.send(new ScanCommand({
      TableName: this.table,
      Limit: limit,
      FilterExpression: '(begins_with(pk, :shop) AND (begins_with(sk, :booking) OR begins_with(sk, :count))) OR (begins_with(pk, :recount) AND contains(pk, :dash))',
      ExpressionAttributeValues: { ':shop': 'SHOP#', ':booking': 'BOOKING#', ':count': keys.legacyCounterPrefix, ':recount': 'RECOUNT#', ':dash': '-' },
      ExclusiveStartKey: decode(cursor),
    }));
    const items = page.Items ?? [];
    const legacy = items.filter((i) => !String(i.sk).startsWith('BOOKING#'));
    await batchDelete(this.db, this.table, legacy.map((i) => ({ pk: i.pk, sk: i.sk })));
    const bookings = items.filter((i) => String(i.sk).startsWith('BOOKING#'))
      .map((item) => fromItem(this.bookings.parse({ Item: item }).data as unknown as Record<string, unknown>));
    const next = encode(page.LastEvaluatedKey);
    return { bookings, removed: legacy.length, ...(next ? { cursor: next } : {}) };
  }

  async rewriteKeys(record: BookingRecord): Promise<boolean> {
    try {
      await this.bookings.patch({ shopId: record.shopId, trackingNumber: record.trackingNumber })
        .set({
          cityKey: cityKey(record.destinationCity), mergedAt: record.tag === MERGED_TAG ? record.bookedAt : '', bookedAt: record.bookedAt,
          status: record.status, accountId: record.accountId, lastStatusAt: record.lastStatusAt, deliveredAt: record.deliveredAt ?? '',
        })
        .where((attr, op) => op.eq(attr.status, record.status))
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async markDays(marks: RecountMark[]): Promise<void> {
    const unique = new Map(marks.map((m) => [`${m.shopId}#${m.kind}#${m.day}`, m]));
    await batchWrite(this.db, this.table, [...unique.values()].map((m) => ({
      PutRequest: { Item: { ...keys.migrationMark(NAME, m.shopId, m.kind, m.day), type: 'migrationMark', ...m } },
    })));
  }

  async markedDays(limit: number): Promise<RecountMark[]> {
    const { pk, skPrefix } = keys.migrationMarks(NAME);
    const page = await this.db.send(new QueryCommand({
      TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      Limit: limit, ConsistentRead: true,
    }));
    return (page.Items ?? []).map((i) => ({ shopId: String(i.shopId), kind: i.kind as RecountMark['kind'], day: String(i.day) }));
  }

  async unmarkDay(mark: RecountMark): Promise<void> {
    await batchDelete(this.db, this.table, [keys.migrationMark(NAME, mark.shopId, mark.kind, mark.day)]);
  }
}
