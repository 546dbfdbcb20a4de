import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StaffRepo } from '../../domain/ports/repos';
import type { UserRecord } from '../../domain/records';
import { AppError } from '../../platform/errors';
import { cancellationCodes, putCounted } from './counted';
import { keys, setExpression, stripKeys } from './keys';
import { queryAll } from './query';

export class DynamoStaffRepo implements StaffRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async listOfShop(shopId: string): Promise<UserRecord[]> {
    const { pk, skPrefix } = keys.userPrefix(shopId);
    const users = (await queryAll(this.db, this.table, pk, skPrefix)).map((item) => stripKeys<UserRecord>(item));
    // creation order; ids only carry the second, createdAt the millisecond
    return users.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  }

  async createCounted(user: UserRecord, limit: number | undefined): Promise<void> {
    const absent = 'attribute_not_exists(pk)';
    const result = await putCounted(this.db, this.table, keys.staffCounter(user.shopId), limit, [
      { Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user }, ConditionExpression: absent },
      { Item: { ...keys.emailClaim(user.email), type: 'email', shopId: user.shopId, userId: user._id }, ConditionExpression: absent },
    ]);
    if (!result.ok) throw new AppError('EMAIL_TAKEN', { param: 'email' });
  }

  async deleteCounted(user: UserRecord): Promise<void> {
    await this.db.send(new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: this.table, Key: keys.user(user.shopId, user._id), ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: this.table, Key: keys.emailClaim(user.email) } },
        {
          Update: {
            TableName: this.table, Key: keys.staffCounter(user.shopId),
            UpdateExpression: 'ADD #n :minus', ConditionExpression: '#n > :zero',
            ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          },
        },
      ],
    }));
  }

  async changeEmail(user: UserRecord, email: string, patch: Partial<UserRecord>): Promise<void> {
    const set = setExpression({ ...patch, email });
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { ...keys.emailClaim(email), type: 'email', shopId: user.shopId, userId: user._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Delete: { TableName: this.table, Key: keys.emailClaim(user.email) } },
          {
            Update: {
              TableName: this.table, Key: keys.user(user.shopId, user._id), UpdateExpression: set.expression,
              ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values, ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }));
    } catch (error) {
      if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw new AppError('EMAIL_TAKEN', { param: 'email' });
      throw error;
    }
  }
}
