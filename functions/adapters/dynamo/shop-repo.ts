import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ShopRepo } from '../../domain/ports/repos';
import type { ShopRecord, UserRecord } from '../../domain/records';
import { AppError } from '../../platform/errors';
import { batchDelete } from './batch';
import { queryAll } from './query';
import { isConditionFailure, keys, setExpression, stripKeys } from './keys';

export class DynamoShopRepo implements ShopRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async get(shopId: string): Promise<ShopRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.shop(shopId) }));
    return Item ? stripKeys<ShopRecord>(Item) : undefined;
  }

  async getByDomain(domain: string): Promise<ShopRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.domainClaim(domain) }));
    return Item ? this.get(Item.shopId as string) : undefined;
  }

  async createWithOwner(shop: ShopRecord, owner: UserRecord): Promise<void> {
    const absent = 'attribute_not_exists(pk)';
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { ...keys.shop(shop._id), type: 'shop', ...shop }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.domainClaim(shop.domain), type: 'domain', shopId: shop._id }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.user(shop._id, owner._id), type: 'user', ...owner }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.emailClaim(owner.email), type: 'email', shopId: shop._id, userId: owner._id }, ConditionExpression: absent } },
        ],
      }));
    } catch (error) {
      if (isConditionFailure(error)) throw new AppError('EMAIL_TAKEN', { param: 'email' });
      throw error;
    }
  }

  async update(shopId: string, patch: Partial<Omit<ShopRecord, '_id' | 'domain'>>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.shop(shopId),
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: set.values,
      ConditionExpression: 'attribute_exists(pk)',
    }));
  }

  async purge(shopId: string): Promise<number> {
    const shop = await this.get(shopId);
    const doomed: { pk: string; sk: string }[] = [];
    for (const item of await queryAll(this.db, this.table, keys.shop(shopId).pk, undefined, ['pk', 'sk', 'type', 'email'])) {
      doomed.push({ pk: item.pk as string, sk: item.sk as string });
      if (item.type === 'user' && typeof item.email === 'string') doomed.push(keys.emailClaim(item.email));
    }
    if (shop) doomed.push(keys.domainClaim(shop.domain));
    await batchDelete(this.db, this.table, doomed);
    return doomed.length;
  }

  async endSessions(shopId: string): Promise<number> {
    // the epoch first: a session written by a sign-in racing this uninstall is refused even if the delete misses it
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.shop(shopId),
      UpdateExpression: 'ADD sessionEpoch :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    }));
    const sessions = (await queryAll(this.db, this.table, keys.shop(shopId).pk, 'SESSION#', ['pk', 'sk'])) as { pk: string; sk: string }[];
    await batchDelete(this.db, this.table, sessions);
    return sessions.length;
  }
}
