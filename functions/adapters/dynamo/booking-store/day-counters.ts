import { DeleteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DayCounterKey, DayCounters } from '../../../domain/ports/bookings';
import { keys } from '../keys';
import { queryAll } from '../query';

/**
 * Single-item ADDs, one per dimension value, after the booking's own write and never in a
 * transaction with it (AWS would cancel concurrent transactions on these hot items). The nightly
 * recount (domain/booking/recount.ts) repairs a count lost between the two.
 */
export class DynamoDayCounters implements DayCounters {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async count(shopId: string, counters: DayCounterKey[], delta: number): Promise<void> {
    const results = await Promise.all(counters.map((c) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.dayCounter(shopId, c.day, c.dimension, c.value),
      UpdateExpression: 'ADD n :d SET #dim = :dim, #val = :val, #day = :day',
      ExpressionAttributeNames: { '#dim': 'dimension', '#val': 'value', '#day': 'day' },
      ExpressionAttributeValues: { ':d': delta, ':dim': c.dimension, ':val': c.value, ':day': c.day },
      ReturnValues: 'UPDATED_NEW',
    }))));
    // a status counter that now holds exactly this delta was just made: the shop's first count of that day
    const days = new Set(counters.filter((c, i) => c.dimension === 'status' && delta > 0 && results[i]?.Attributes?.n === delta).map((c) => c.day));
    for (const day of days) {
      await this.db.send(new UpdateCommand({ TableName: this.table, Key: keys.recountMark(day, shopId), UpdateExpression: 'SET shopId = :s', ExpressionAttributeValues: { ':s': shopId } }));
    }
  }

  async ofDay(shopId: string, day: string): Promise<(DayCounterKey & { n: number })[]> {
    const { pk, skPrefix } = keys.dayCounters(shopId, day);
    const items = await queryAll(this.db, this.table, pk, skPrefix, undefined, { consistent: true });
    return items.map((i) => ({ day: i.day as string, dimension: i.dimension as DayCounterKey['dimension'], value: i.value as string, n: i.n as number }));
  }

  async shopsToRecount(day: string): Promise<string[]> {
    const { pk, skPrefix } = keys.recountDay(day);
    return (await queryAll(this.db, this.table, pk, skPrefix, ['shopId'])).map((i) => i.shopId as string);
  }

  async remove(shopId: string, c: DayCounterKey): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.dayCounter(shopId, c.day, c.dimension, c.value) }));
  }
}
