import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StaffRepo } from '../../domain/ports/repos';
import type { UserRecord } from '../../domain/records';
import { AppError } from '../../platform/errors';
import { cancellationCodes, putCounted, retryConflicts } from './counted';
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
    const remove = [
      { Delete: { TableName: this.table, Key: keys.user(user.shopId, user._id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: this.table, Key: keys.emailClaim(user.email) } },
    ];
    const decrement = {
      Update: {
        TableName: this.table, Key: keys.staffCounter(user.shopId),
        UpdateExpression: 'ADD #n :minus', ConditionExpression: '#n > :zero',
        ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      },
    };
    try {
      await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: [...remove, decrement] })));
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes[0] === 'ConditionalCheckFailed') throw new AppError('NOT_FOUND', { msg: 'User not found' });
      // a user who was never counted (the owner, or one from before the counter) leaves the counter alone
      if (codes[2] !== 'ConditionalCheckFailed') throw error;
      await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: remove })));
    }
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
              // the address being replaced must still be the user's: two racing changes cannot orphan a claim
              ExpressionAttributeNames: { ...set.names, '#old': 'email' },
              ExpressionAttributeValues: { ...set.values, ':old': user.email },
              ConditionExpression: 'attribute_exists(pk) AND #old = :old',
            },
          },
        ],
      }));
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes[0] === 'ConditionalCheckFailed') throw new AppError('EMAIL_TAKEN', { param: 'email' });
      if (codes[2] === 'ConditionalCheckFailed') throw new AppError('NOT_FOUND', { msg: 'This user changed meanwhile. Reload and try again.' });
      throw error;
    }
  }
}
