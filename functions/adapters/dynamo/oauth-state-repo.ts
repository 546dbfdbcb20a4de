import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OAuthStateRepo, WebhookLog } from '../../domain/ports/repos';
import { isConditionFailure, keys } from './keys';

export class DynamoOAuthStateRepo implements OAuthStateRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async put(nonce: string, shop: string, expiresAt: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.oauthState(nonce), type: 'oauth-state', shop, expiresAt } }));
  }

  async take(nonce: string): Promise<{ shop: string; expiresAt: number } | undefined> {
    const { Attributes } = await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.oauthState(nonce), ReturnValues: 'ALL_OLD' }));
    return Attributes ? { shop: Attributes.shop as string, expiresAt: Attributes.expiresAt as number } : undefined;
  }
}

export class DynamoWebhookLog implements WebhookLog {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async firstDelivery(shopDomain: string, webhookId: string, expiresAt: number): Promise<boolean> {
    try {
      await this.db.send(new PutCommand({
        TableName: this.table,
        Item: { ...keys.webhookDelivery(shopDomain, webhookId), type: 'webhook', expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async forget(shopDomain: string, webhookId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.webhookDelivery(shopDomain, webhookId) }));
  }
}
