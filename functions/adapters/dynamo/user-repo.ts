import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserRepo } from '../../domain/ports/repos';
import type { UserRecord } from '../../domain/records';
import { AppError } from '../../platform/errors';
import { isConditionFailure, keys, setExpression, stripKeys } from './keys';

export class DynamoUserRepo implements UserRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async create(user: UserRecord): Promise<void> {
    const absent = 'attribute_not_exists(pk)';
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.emailClaim(user.email), type: 'email', shopId: user.shopId, userId: user._id }, ConditionExpression: absent } },
        ],
      }));
    } catch (error) {
      if (isConditionFailure(error)) throw new AppError('EMAIL_TAKEN', { param: 'email' });
      throw error;
    }
  }

  async get(shopId: string, userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.user(shopId, userId) }));
    return Item ? stripKeys<UserRecord>(Item) : undefined;
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.emailClaim(email) }));
    return Item ? this.get(Item.shopId as string, Item.userId as string) : undefined;
  }

  async update(shopId: string, userId: string, patch: Partial<Omit<UserRecord, '_id' | 'shopId' | 'email'>>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.user(shopId, userId),
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: set.values,
      ConditionExpression: 'attribute_exists(pk)',
    }));
  }
}
