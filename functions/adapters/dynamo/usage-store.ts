import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageStore } from '../../domain/ports/usage';
import { keys } from './keys';
import { isConditionFailure } from './errors';

/** Slots and counters of the monthly order usage (domain/billing/usage.ts says why they are two writes). */
export class DynamoUsageStore implements UsageStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async claimSlot(shopId: string, month: string, orderId: string, expiresAt: number): Promise<boolean> {
    try {
      await this.db.send(new PutCommand({
        TableName: this.table,
        Item: { ...keys.usageSlot(shopId, month, orderId), type: 'usage-slot', orderId, month, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async addOne(shopId: string, month: string, limit: number | undefined): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.usageCounter(shopId, month),
        UpdateExpression: 'ADD #n :one SET #t = :type, #m = :month',
        ExpressionAttributeNames: { '#n': 'count', '#t': 'type', '#m': 'month' },
        ExpressionAttributeValues: { ':one': 1, ':type': 'usage-counter', ':month': month, ...(limit === undefined ? {} : { ':limit': limit }) },
        ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit' }),
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async dropSlot(shopId: string, month: string, orderId: string): Promise<boolean> {
    const { Attributes } = await this.db.send(new DeleteCommand({
      TableName: this.table, Key: keys.usageSlot(shopId, month, orderId), ReturnValues: 'ALL_OLD',
    }));
    return Attributes !== undefined;
  }

  async subtractOne(shopId: string, month: string): Promise<void> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.usageCounter(shopId, month),
        UpdateExpression: 'ADD #n :minus',
        ConditionExpression: '#n > :zero',
        ExpressionAttributeNames: { '#n': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async count(shopId: string, month: string): Promise<number> {
    const { Item } = await this.db.send(new GetCommand({
      TableName: this.table, Key: keys.usageCounter(shopId, month), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'count' },
    }));
    return (Item?.count as number | undefined) ?? 0;
  }
}
