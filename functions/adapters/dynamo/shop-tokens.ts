import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ShopTokenStore, StoredTokens } from '../../domain/ports/shopify';
import type { ShopRecord } from '../../domain/records';
import { keys } from './keys';
import { isConditionFailure } from './errors';

/**
 * The Shopify tokens on the shop's item, versioned: `tokenVersion` goes up with every install and
 * every refresh, and `refreshLeaseUntil` (epoch ms) marks the one container allowed to refresh.
 * An item without `tokenVersion` is version 0.
 */
export class DynamoShopTokens implements ShopTokenStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async read(shopId: string): Promise<StoredTokens | undefined> {
    const { Item } = await this.db.send(new GetCommand({
      TableName: this.table, Key: keys.shop(shopId), ConsistentRead: true,
      ProjectionExpression: 'shopify, tokenVersion',
    }));
    const shopify = Item?.shopify as ShopRecord['shopify'] | undefined;
    if (!shopify?.accessToken) return undefined;
    return { ...shopify, version: (Item?.tokenVersion as number | undefined) ?? 0 };
  }

  async claimRefresh(shopId: string, version: number, nowMs: number, untilMs: number): Promise<boolean> {
    return this.conditional(new UpdateCommand({
      TableName: this.table, Key: keys.shop(shopId),
      UpdateExpression: 'SET refreshLeaseUntil = :until',
      ConditionExpression: `${versionIs(version)} AND (attribute_not_exists(refreshLeaseUntil) OR refreshLeaseUntil < :now)`,
      ExpressionAttributeValues: { ':until': untilMs, ':now': nowMs, ...(version ? { ':v': version } : {}) },
    }));
  }

  async saveRefreshed(shopId: string, version: number, sealed: Omit<StoredTokens, 'version'>): Promise<boolean> {
    return this.conditional(new UpdateCommand({
      TableName: this.table, Key: keys.shop(shopId),
      UpdateExpression: 'SET shopify = :s, tokenVersion = :next REMOVE refreshLeaseUntil',
      ConditionExpression: versionIs(version),
      ExpressionAttributeValues: { ':s': sealed, ':next': version + 1, ...(version ? { ':v': version } : {}) },
    }));
  }

  /** A (re)install: the new pair wins over anything in flight. */
  async replace(shopId: string, shopify: ShopRecord['shopify']): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.shop(shopId),
      UpdateExpression: 'SET shopify = :s ADD tokenVersion :one REMOVE refreshLeaseUntil',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': shopify, ':one': 1 },
    }));
  }

  private async conditional(command: UpdateCommand): Promise<boolean> {
    try {
      await this.db.send(command);
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

const versionIs = (version: number) => (version ? 'tokenVersion = :v' : 'attribute_not_exists(tokenVersion)');
