import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
