import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '@dakiya/shared';
import type { BillingRepo } from '../../domain/ports/repos';
import type { DowngradeRecord, ShopRecord, SubscriptionState } from '../../domain/records';
import { isConditionFailure, keys } from './keys';

/** Ids are kept as string sets: ADD merges a retried downgrade into the same record without duplicates. */
const asSet = (ids: string[]) => (ids.length ? { add: new Set(ids) } : undefined);

export class DynamoBillingRepo implements BillingRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async switchPlan(shopId: string, from: PlanId, to: PlanId, subscription: SubscriptionState | undefined, updatedAt: string): Promise<boolean> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.shop(shopId),
        UpdateExpression: subscription ? 'SET #plan = :to, #sub = :sub, updatedAt = :at' : 'SET #plan = :to, updatedAt = :at REMOVE #sub',
        ConditionExpression: 'attribute_exists(pk) AND #plan = :from',
        ExpressionAttributeNames: { '#plan': 'plan', '#sub': 'subscription' },
        ExpressionAttributeValues: { ':to': to, ':from': from, ':at': updatedAt, ...(subscription ? { ':sub': subscription } : {}) },
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async setPendingCharge(shopId: string, pending: ShopRecord['pendingCharge']): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.shop(shopId),
      UpdateExpression: pending ? 'SET pendingCharge = :p' : 'REMOVE pendingCharge',
      ConditionExpression: 'attribute_exists(pk)',
      ...(pending ? { ExpressionAttributeValues: { ':p': pending } } : {}),
    }));
  }

  async recordDowngrade(shopId: string, downgrade: DowngradeRecord): Promise<void> {
    const users = asSet(downgrade.userIds);
    const accounts = asSet(downgrade.accountIds);
    const adds = [users ? 'userIds :u' : '', accounts ? 'accountIds :a' : ''].filter(Boolean);
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.downgrade(shopId),
        UpdateExpression: `SET #type = :type, endedSubscriptionId = :sub, #at = :at${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_not_exists(pk) OR endedSubscriptionId = :sub',
        ExpressionAttributeNames: { '#type': 'type', '#at': 'at' },
        ExpressionAttributeValues: {
          ':type': 'downgrade', ':sub': downgrade.endedSubscriptionId, ':at': downgrade.at,
          ...(users ? { ':u': users.add } : {}), ...(accounts ? { ':a': accounts.add } : {}),
        },
      }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // a later downgrade (another subscription ended): what an older one deactivated is no longer 'the last'
      await this.db.send(new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.downgrade(shopId), type: 'downgrade', endedSubscriptionId: downgrade.endedSubscriptionId, at: downgrade.at,
          ...(users ? { userIds: users.add } : {}), ...(accounts ? { accountIds: accounts.add } : {}),
        },
      }));
    }
  }

  async getDowngrade(shopId: string): Promise<DowngradeRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.downgrade(shopId), ConsistentRead: true }));
    if (!Item) return undefined;
    return {
      endedSubscriptionId: Item.endedSubscriptionId as string,
      userIds: [...((Item.userIds as Set<string> | undefined) ?? [])].sort(),
      accountIds: [...((Item.accountIds as Set<string> | undefined) ?? [])].sort(),
      at: Item.at as string,
    };
  }

  async takeDeactivated(shopId: string, what: 'userIds' | 'accountIds'): Promise<string[]> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.downgrade(shopId),
        UpdateExpression: 'REMOVE #ids',
        ConditionExpression: 'attribute_exists(#ids)',
        ExpressionAttributeNames: { '#ids': what },
        ReturnValues: 'UPDATED_OLD',
      }));
      return [...((Attributes?.[what] as Set<string> | undefined) ?? [])].sort();
    } catch (error) {
      if (isConditionFailure(error)) return [];
      throw error;
    }
  }
}
