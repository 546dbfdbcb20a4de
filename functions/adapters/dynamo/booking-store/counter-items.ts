import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CounterChange, CounterItemRef, CounterSeries, CounterStore, RecountMark, StoredCounter } from '../../../domain/ports/counters';
import { batchGet, batchWrite } from '../batch';
import { isConditionFailure } from '../errors';
import { counterRefOf, keys } from '../keys';
import { queryAll } from '../query';

/** What a counter item holds besides its counts. */
const BOOKKEEPING = new Set(['pk', 'sk', 'type', 'v', 'lastWriteAt', 'markedFor']);
const HOUR_MS = 3_600_000;
/** Marks stay a month: the recount goes through them daily. */
const MARK_TTL_S = 31 * 86_400;

const markedKind = (ref: CounterItemRef): RecountMark['kind'] | undefined =>
  ref.kind === 'delivered' ? 'delivered' : ref.kind === 'shop' && ref.period === 'DAY' ? 'booked' : undefined;

function toStored(item: Record<string, unknown>): StoredCounter | undefined {
  const ref = counterRefOf(String(item.sk));
  if (!ref) return undefined;
  const counts: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) if (!BOOKKEEPING.has(name) && typeof value === 'number') counts[name] = value;
  return { item: ref, counts, version: Number(item.v ?? 0), lastWriteAt: Number(item.lastWriteAt ?? 0) };
}

/**
 * `ADD #c0 :c0, ... , v :one SET lastWriteAt = :now[, markedFor = :hour]`: every count of one item in
 * one update. A repair leaves lastWriteAt as it was: it is the recount's own write, not a live one.
 */
function updateOf(change: CounterChange, nowMs: number, markHour?: number, live = true, removes: string[] = []) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':one': 1, ':now': nowMs, ':type': 'counter' };
  const adds = Object.entries(change.adds).map(([name, n], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = n;
    return `#c${i} :c${i}`;
  });
  const sets = [live ? 'lastWriteAt = :now' : 'lastWriteAt = if_not_exists(lastWriteAt, :zero)', '#type = :type'];
  if (!live) values[':zero'] = 0;
  delete values[live ? ':zero' : ':now'];
  names['#type'] = 'type';
  if (markHour !== undefined) {
    values[':hour'] = markHour;
    sets.push('markedFor = :hour');
  }
  const removed = removes.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  return {
    UpdateExpression: `ADD ${[...adds, 'v :one'].join(', ')} SET ${sets.join(', ')}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
    ExpressionAttributeNames: names, ExpressionAttributeValues: values,
  };
}

/**
 * Counter items (domain/ports/counters.ts): single-item updates outside any transaction (AWS cancels
 * concurrent transactions on hot items), one per item with all its ADDs. A shop's day item and a
 * delivered item remember the hour they were last marked for the recount, so a busy day writes its
 * mark once an hour, not once a booking.
 */
export class DynamoCounterStore implements CounterStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async apply(shopId: string, changes: CounterChange[], nowMs: number): Promise<void> {
    const hour = Math.floor(nowMs / HOUR_MS);
    const marks: RecountMark[] = [];
    await Promise.all(changes.map(async (change) => {
      const kind = markedKind(change.item);
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table, Key: keys.counter(shopId, change.item), ...updateOf(change, nowMs, kind ? hour : undefined),
        ...(kind ? { ReturnValues: 'UPDATED_OLD' as const } : {}),
      }));
      if (kind && Attributes?.markedFor !== hour) marks.push({ shopId, kind, day: change.item.at });
    }));
    if (marks.length) await this.mark(marks, nowMs);
  }

  async read(shopId: string, items: CounterItemRef[], opts: { consistent?: boolean } = {}): Promise<StoredCounter[]> {
    const found = await batchGet(this.db, this.table, items.map((ref) => keys.counter(shopId, ref)), { consistent: opts.consistent });
    return found.map(toStored).filter((c): c is StoredCounter => Boolean(c));
  }

  async range(shopId: string, of: CounterSeries, from: string, to: string, opts: { consistent?: boolean } = {}): Promise<StoredCounter[]> {
    const items: Record<string, unknown>[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.shop(shopId).pk,
          ':from': keys.counterSort({ ...of, at: from } as CounterItemRef),
          ':to': keys.counterSort({ ...of, at: to } as CounterItemRef),
        },
        ExclusiveStartKey: cursor,
        ...(opts.consistent ? { ConsistentRead: true } : {}),
      }));
      items.push(...(page.Items ?? []));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return items.map(toStored).filter((c): c is StoredCounter => Boolean(c));
  }

  async repair(shopId: string, change: CounterChange, seen: number, nowMs: number, removes: string[] = []): Promise<boolean> {
    const update = updateOf(change, nowMs, undefined, false, removes);
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table, Key: keys.counter(shopId, change.item), ...update,
        ConditionExpression: seen === 0 ? 'attribute_not_exists(pk)' : 'v = :seen',
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...(seen === 0 ? {} : { ':seen': seen }) },
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async all(shopId: string): Promise<StoredCounter[]> {
    const items = (await Promise.all(keys.counterPrefixes.map((prefix) => queryAll(this.db, this.table, keys.shop(shopId).pk, prefix, undefined, { consistent: true })))).flat();
    return items.map(toStored).filter((c): c is StoredCounter => Boolean(c));
  }

  async mark(marks: RecountMark[], nowMs: number): Promise<void> {
    const hour = Math.floor(nowMs / HOUR_MS);
    const expiresAt = Math.floor(nowMs / 1000) + MARK_TTL_S;
    await batchWrite(this.db, this.table, marks.map((mark) => ({
      PutRequest: { Item: { ...keys.recountMark(hour, mark), type: 'recountMark', ...mark, expiresAt } },
    })));
  }

  async marked(fromHour: number, toHour: number): Promise<RecountMark[]> {
    const out: RecountMark[] = [];
    for (let hour = fromHour; hour <= toHour; hour++) {
      const { pk, skPrefix } = keys.recountHour(hour);
      for (const item of await queryAll(this.db, this.table, pk, skPrefix, ['shopId', 'kind', 'day'])) {
        out.push({ shopId: String(item.shopId), kind: item.kind as RecountMark['kind'], day: String(item.day) });
      }
    }
    return out;
  }

  async recountedThrough(): Promise<number | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.recountState, ConsistentRead: true }));
    return Item ? Number(Item.hour) : undefined;
  }

  async setRecountedThrough(hour: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.recountState, type: 'recountState', hour } }));
  }
}
