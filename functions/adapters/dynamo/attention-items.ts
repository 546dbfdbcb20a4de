import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AttentionReason } from '@dakiya/shared';
import type { AttentionItem, AttentionStore, TrackingAsks } from '../../domain/ports/attention';
import { batchDelete } from './batch';
import { isConditionFailure } from './errors';
import { keys } from './keys';
import { queryAll } from './query';

const subjectKey = (subject: AttentionItem['subject']) => (subject.kind === 'booking' ? `BOOKING#${subject.trackingNumber}` : `ATTEMPT#${subject.attemptId}`);

/** One item per subject and reason (`ATTENTION#BOOKING#<number>#<reason>`), so raising twice is one item and resolving deletes a prefix. */
export class DynamoAttentionStore implements AttentionStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async raise(shopId: string, item: AttentionItem): Promise<void> {
    await this.db.send(new PutCommand({
      TableName: this.table,
      Item: { ...keys.attention(shopId, `${subjectKey(item.subject)}#${item.reason}`), type: 'attention', ...item },
    }));
  }

  async resolve(shopId: string, subject: AttentionItem['subject'], reason?: AttentionReason): Promise<void> {
    const { pk } = keys.attentionOf(shopId);
    const prefix = keys.attention(shopId, `${subjectKey(subject)}#${reason ?? ''}`).sk;
    const found = await queryAll(this.db, this.table, pk, prefix, ['pk', 'sk'], { consistent: true });
    await batchDelete(this.db, this.table, found.map((i) => ({ pk: i.pk, sk: i.sk })));
  }

  async list(shopId: string): Promise<AttentionItem[]> {
    const { pk, skPrefix } = keys.attentionOf(shopId);
    return (await queryAll(this.db, this.table, pk, skPrefix)).map((i) => ({
      subject: i.subject, reason: i.reason, message: i.message, at: i.at, orderName: i.orderName, ...(i.attempt ? { attempt: i.attempt } : {}),
    }) as AttentionItem);
  }

  async count(shopId: string, reason: AttentionReason): Promise<number> {
    const { pk, skPrefix } = keys.attentionOf(shopId);
    let total = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', FilterExpression: 'reason = :reason', Select: 'COUNT',
        ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix, ':reason': reason }, ...(start ? { ExclusiveStartKey: start } : {}),
      }));
      total += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return total;
  }
}

/** `TRACKASK#<number>`: when the courier was last asked and when it may be asked next; its TTL lets DynamoDB delete it, which DynamoDB Local never does, so the condition reads the time itself. */
export class DynamoTrackingAsks implements TrackingAsks {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async claim(shopId: string, trackingNumber: string, nowMs: number, gapMs: number): Promise<{ claimed: boolean; lastAskedAt?: number }> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.trackingAsk(shopId, trackingNumber),
        UpdateExpression: 'SET askedAt = :now, nextAskAt = :next, expiresAt = :expires, #type = :type REMOVE failedAt',
        ConditionExpression: 'attribute_not_exists(pk) OR nextAskAt <= :now',
        ExpressionAttributeNames: { '#type': 'type' },
        // kept a month past the gap, so the modal can say when the courier was last asked
        ExpressionAttributeValues: { ':now': nowMs, ':next': nowMs + gapMs, ':expires': Math.floor((nowMs + gapMs) / 1000) + 31 * 86_400, ':type': 'trackingAsk' },
        ReturnValues: 'UPDATED_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }));
      return { claimed: true, ...(Attributes?.askedAt !== undefined ? { lastAskedAt: Number(Attributes.askedAt) } : {}) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // the refused write's item comes back as DynamoDB wrote it (not unmarshalled by the document client)
      const item = (error as { Item?: { askedAt?: { N?: string } | number; failedAt?: unknown } }).Item;
      const askedAt = item?.askedAt;
      const last = typeof askedAt === 'number' ? askedAt : askedAt?.N !== undefined ? Number(askedAt.N) : undefined;
      return { claimed: false, ...(last !== undefined ? { lastAskedAt: last } : {}), ...(item?.failedAt !== undefined ? { lastAskFailed: true } : {}) };
    }
  }

  async failed(shopId: string, trackingNumber: string, nowMs: number, retryMs: number, lastAskedAt?: number): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.trackingAsk(shopId, trackingNumber),
      UpdateExpression: lastAskedAt === undefined ? 'SET failedAt = :now, nextAskAt = :next REMOVE askedAt' : 'SET failedAt = :now, nextAskAt = :next, askedAt = :asked',
      ExpressionAttributeValues: { ':now': nowMs, ':next': nowMs + retryMs, ...(lastAskedAt === undefined ? {} : { ':asked': lastAskedAt }) },
    }));
  }

  async lastAsked(shopId: string, trackingNumber: string): Promise<number | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.trackingAsk(shopId, trackingNumber), ProjectionExpression: 'askedAt' }));
    return Item?.askedAt === undefined ? undefined : Number(Item.askedAt);
  }
}
