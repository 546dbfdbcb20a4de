import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DuePage, SyncWorkList } from '../../../domain/ports/sync';
import { keys } from '../keys';
import { BOOKING_INDEXES } from '../table';

const MOVING = BOOKING_INDEXES.find((i) => i.name === 'movingParcelsByAccount')!;

/** The moving index's partition of one account (entity.ts's template). */
const partition = (shopId: string, accountId: string) => `SHOP#${shopId}#MOVING#${accountId}`;

const encode = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);
const decode = (cursor: string | undefined) => (cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>) : undefined);

/**
 * Reads the status sync's work list off the movingParcelsByAccount index: a range of sort keys of one
 * account's partition, keys only (a page of 1 MB holds thousands of keys for a few read units). Watch
 * items share the partition and sort after every parcel (`~WATCH#<expiry>#...`), so the parcels'
 * range never reaches them and a read of the watches from `now` on never sees an expired one, whatever
 * TTL has or has not deleted yet.
 */
export class DynamoSyncWorkList implements SyncWorkList {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  moving(shopId: string, accountId: string, range: { from?: string; below: string }, limit: number, cursor?: string): Promise<DuePage> {
    // '#' sorts before every character of a tracking number, so `<below>#` ends exactly at the instant
    return this.page(shopId, accountId, range.from, `${range.below}#`, limit, cursor);
  }

  watched(shopId: string, accountId: string, now: string, limit: number, cursor?: string): Promise<DuePage> {
    return this.page(shopId, accountId, keys.syncWatchFrom(now), keys.syncWatchEnd, limit, cursor);
  }

  private async page(shopId: string, accountId: string, from: string | undefined, below: string, limit: number, cursor?: string): Promise<DuePage> {
    const page = await this.db.send(new QueryCommand({
      TableName: this.table,
      IndexName: MOVING.name,
      KeyConditionExpression: from === undefined ? '#pk = :pk AND #sk < :below' : '#pk = :pk AND #sk BETWEEN :from AND :below',
      ExpressionAttributeNames: { '#pk': MOVING.partition, '#sk': MOVING.sort },
      ExpressionAttributeValues: { ':pk': partition(shopId, accountId), ':below': below, ...(from === undefined ? {} : { ':from': from }) },
      Limit: limit,
      ExclusiveStartKey: decode(cursor),
    }));
    const parcels = (page.Items ?? []).flatMap((item) => {
      const sort = String(item[MOVING.sort]);
      if (sort >= below) return [];
      const watch = sort.startsWith('~WATCH#');
      const rest = watch ? sort.slice('~WATCH#'.length) : sort;
      const cut = rest.indexOf('#');
      return [{ trackingNumber: rest.slice(cut + 1), since: rest.slice(0, cut) }];
    });
    const next = encode(page.LastEvaluatedKey);
    return { parcels, ...(next ? { cursor: next } : {}) };
  }
}
