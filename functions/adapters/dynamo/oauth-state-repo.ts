import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OAuthGrant, OAuthStateRepo, WebhookLog } from '../../domain/ports/repos';
import { keys } from './keys';

export class DynamoOAuthStateRepo implements OAuthStateRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async put(nonce: string, shop: string, expiresAt: number, grant: OAuthGrant): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.oauthState(nonce), type: 'oauth-state', shop, expiresAt, grant } }));
  }

  async take(nonce: string): Promise<{ shop: string; expiresAt: number; grant: OAuthGrant } | undefined> {
    const { Attributes } = await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.oauthState(nonce), ReturnValues: 'ALL_OLD' }));
    // a state written before online grants existed was an install's
    return Attributes ? { shop: Attributes.shop as string, expiresAt: Attributes.expiresAt as number, grant: (Attributes.grant as OAuthGrant | undefined) ?? 'offline' } : undefined;
  }
}

export class DynamoWebhookLog implements WebhookLog {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async handled(shopDomain: string, webhookId: string): Promise<boolean> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.webhookDelivery(shopDomain, webhookId), ConsistentRead: true }));
    return Item !== undefined;
  }

  async markHandled(shopDomain: string, webhookId: string, expiresAt: number): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.webhookDelivery(shopDomain, webhookId), type: 'webhook', expiresAt } }));
  }
}
