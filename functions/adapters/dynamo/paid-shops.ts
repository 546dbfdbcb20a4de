import { GetCommand, PutCommand, QueryCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import type { PlanId } from '@dakiya/shared';
import { keys, PAID_SHOP_SHARDS } from './keys';

/**
 * The list of paid shops, which the status sync reads every hour instead of a Scan: one small item
 * per paid shop, written in the same transaction as the shop's plan (billing's switch, the uninstall),
 * so the list cannot drift from the plans.
 */
export function paidShopWrite(table: string, shopId: string, plan: PlanId, at: string) {
  return plan === 'FREE'
    ? { Delete: { TableName: table, Key: keys.paidShop(shopId) } }
    : { Put: { TableName: table, Item: { ...keys.paidShop(shopId), type: 'paidShop', shopId, plan, updatedAt: at } } };
}

/** Every paid shop, one Query per shard. */
export async function listPaidShops(db: DynamoDBDocumentClient, table: string): Promise<{ shopId: string; plan: PlanId }[]> {
  const found: { shopId: string; plan: PlanId }[] = [];
  for (let shard = 0; shard < PAID_SHOP_SHARDS; shard++) {
    const { pk, skPrefix } = keys.paidShard(shard);
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
        ProjectionExpression: 'shopId, #plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExclusiveStartKey: start,
      }));
      for (const item of page.Items ?? []) found.push({ shopId: String(item.shopId), plan: item.plan as PlanId });
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return found;
}

/** Where the one-off listing of shops paid before the list existed stands. */
export interface PaidListProgress {
  done: boolean;
  cursor?: string;
}

const PAID_LIST = 'paid-shops';

export async function paidListProgress(db: DynamoDBDocumentClient, table: string): Promise<PaidListProgress> {
  const { Item } = await db.send(new GetCommand({ TableName: table, Key: keys.migration(PAID_LIST), ConsistentRead: true }));
  return { done: Item?.done === true, ...(typeof Item?.cursor === 'string' ? { cursor: Item.cursor } : {}) };
}

export async function savePaidListProgress(db: DynamoDBDocumentClient, table: string, progress: PaidListProgress): Promise<void> {
  await db.send(new PutCommand({ TableName: table, Item: { ...keys.migration(PAID_LIST), type: 'migration', ...progress } }));
}

/**
 * One Scan page of the one-off listing: every shop item on a paid plan gets its place on the list
 * (the same item a plan change writes, so a shop whose plan moved meanwhile is written as it stands).
 */
export async function listPaidPage(db: DynamoDBDocumentClient, table: string, cursor: string | undefined, limit: number): Promise<{ cursor?: string; written: number }> {
  const page = await db.send(new ScanCommand({
    TableName: table, Limit: limit,
    FilterExpression: 'sk = :shop AND #plan <> :free',
    ExpressionAttributeNames: { '#plan': 'plan', '#id': '_id' },
    ExpressionAttributeValues: { ':shop': 'SHOP', ':free': 'FREE' },
    ProjectionExpression: '#plan, #id, updatedAt',
    ...(cursor ? { ExclusiveStartKey: JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown> } : {}),
  }));
  const puts = (page.Items ?? []).map((item) => ({
    PutRequest: { Item: { ...keys.paidShop(String(item._id)), type: 'paidShop', shopId: item._id, plan: item.plan, updatedAt: item.updatedAt } },
  }));
  await batchWrite(db, table, puts);
  const next = page.LastEvaluatedKey ? Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') : undefined;
  return { ...(next ? { cursor: next } : {}), written: puts.length };
}
