import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StaffRepo } from '../../domain/ports/repos';
import type { UserRecord } from '../../domain/records';
import { AppError } from '../../platform/errors';
import { keys, setExpression, stripKeys } from './keys';

function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return (reasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * Concurrent transactions on one counter item can be cancelled with TransactionConflict in AWS
 * (DynamoDB Local serialises them instead); those are retried, a failed condition is not.
 */
async function retryConflicts<T>(send: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const conflict = cancellationCodes(error).includes('TransactionConflict') && !cancellationCodes(error).includes('ConditionalCheckFailed');
      if (!conflict || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

export class DynamoStaffRepo implements StaffRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async listOfShop(shopId: string): Promise<UserRecord[]> {
    const { pk, skPrefix } = keys.userPrefix(shopId);
    const users: UserRecord[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ExclusiveStartKey: cursor,
      }));
      for (const item of page.Items ?? []) users.push(stripKeys<UserRecord>(item));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    // ids start with their creation second, so this is creation order
    return users.sort((a, b) => a._id.localeCompare(b._id));
  }

  async createCounted(user: UserRecord, limit: number | undefined): Promise<void> {
    const absent = 'attribute_not_exists(pk)';
    try {
      await retryConflicts(() => this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.table,
              Key: keys.staffCounter(user.shopId),
              UpdateExpression: 'ADD #n :one',
              ExpressionAttributeNames: { '#n': 'count' },
              ExpressionAttributeValues: limit === undefined ? { ':one': 1 } : { ':one': 1, ':limit': limit },
              ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit' }),
            },
          },
          { Put: { TableName: this.table, Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.emailClaim(user.email), type: 'email', shopId: user.shopId, userId: user._id }, ConditionExpression: absent } },
        ],
      })));
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes[0] === 'ConditionalCheckFailed') throw new AppError('PLAN_LIMIT_REACHED', { extra: { plan_limit_error: true, message: 'Kindly upgrade your plan' } });
      if (codes[2] === 'ConditionalCheckFailed') throw new AppError('EMAIL_TAKEN', { param: 'email' });
      throw error;
    }
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
