import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '@dakiya/shared';
import type { BillingRepo } from '../../domain/ports/repos';
import type { DowngradeRecord, FreeReason, ShopRecord, SubscriptionState } from '../../domain/records';
import { keys } from './keys';
import { cancellationCodes, isConditionFailure, retryConflicts } from './errors';
import { listPaidPage, listPaidShops, paidListProgress, paidShopWrite, savePaidListProgress, type PaidListProgress } from './paid-shops';

/** Ids are kept as string sets (DynamoDB keeps no empty set: an empty list is no attribute). */
function idSets(lists: Record<string, string[]>): Record<string, Set<string>> {
  return Object.fromEntries(Object.entries(lists).filter(([, ids]) => ids.length > 0).map(([name, ids]) => [name, new Set(ids)]));
}

const idsOf = (value: unknown): string[] => [...((value as Set<string> | undefined) ?? [])].sort();

export class DynamoBillingRepo implements BillingRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async switchPlan(shopId: string, from: PlanId, to: PlanId, subscription: SubscriptionState | undefined, updatedAt: string): Promise<boolean> {
    try {
      await retryConflicts(() => this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.table,
              Key: keys.shop(shopId),
              UpdateExpression: subscription ? 'SET #plan = :to, #sub = :sub, updatedAt = :at' : 'SET #plan = :to, updatedAt = :at REMOVE #sub',
              ConditionExpression: 'attribute_exists(pk) AND #plan = :from',
              ExpressionAttributeNames: { '#plan': 'plan', '#sub': 'subscription' },
              ExpressionAttributeValues: { ':to': to, ':from': from, ':at': updatedAt, ...(subscription ? { ':sub': subscription } : {}) },
            },
          },
          paidShopWrite(this.table, shopId, to, updatedAt),
        ],
      })));
      return true;
    } catch (error) {
      if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
      throw error;
    }
  }

  paidShops(): Promise<{ shopId: string; plan: PlanId }[]> {
    return listPaidShops(this.db, this.table);
  }

  listPaidPage(cursor: string | undefined, limit: number): Promise<{ cursor?: string; written: number }> {
    return listPaidPage(this.db, this.table, cursor, limit);
  }

  paidListProgress(): Promise<PaidListProgress> {
    return paidListProgress(this.db, this.table);
  }

  savePaidListProgress(progress: PaidListProgress): Promise<void> {
    return savePaidListProgress(this.db, this.table, progress);
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

  async recordDowngrade(shopId: string, downgrade: DowngradeRecord, previous: DowngradeRecord | undefined): Promise<boolean> {
    // the caller computed the whole record (the earlier moves' ids still inactive, and this move's): written as one,
    // over exactly the record it read
    const version = previous?.version ?? 0;
    const condition = !previous ? 'attribute_not_exists(pk)' : version ? '#v = :v' : 'attribute_exists(pk) AND attribute_not_exists(#v)';
    try {
      await this.db.send(new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.downgrade(shopId), type: 'downgrade', endedSubscriptionId: downgrade.endedSubscriptionId, at: downgrade.at, version: version + 1,
          ...(downgrade.endedPlan ? { endedPlan: downgrade.endedPlan } : {}), ...(downgrade.reason ? { reason: downgrade.reason } : {}),
          ...idSets({ userIds: downgrade.userIds, accountIds: downgrade.accountIds, movedUserIds: downgrade.movedUserIds, movedAccountIds: downgrade.movedAccountIds }),
        },
        ConditionExpression: condition,
        ...(previous ? { ExpressionAttributeNames: { '#v': 'version' } } : {}),
        ...(previous && version ? { ExpressionAttributeValues: { ':v': version } } : {}),
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async setDowngradeReason(shopId: string, endedSubscriptionId: string, reason: FreeReason): Promise<void> {
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.downgrade(shopId),
        UpdateExpression: 'SET reason = :r ADD version :one',
        ConditionExpression: 'endedSubscriptionId = :sub',
        ExpressionAttributeValues: { ':r': reason, ':sub': endedSubscriptionId, ':one': 1 },
      }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async getDowngrade(shopId: string): Promise<DowngradeRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.downgrade(shopId), ConsistentRead: true }));
    if (!Item) return undefined;
    return {
      endedSubscriptionId: Item.endedSubscriptionId as string,
      ...(Item.endedPlan ? { endedPlan: Item.endedPlan as PlanId } : {}),
      ...(Item.reason ? { reason: Item.reason as FreeReason } : {}),
      userIds: idsOf(Item.userIds),
      accountIds: idsOf(Item.accountIds),
      movedUserIds: idsOf(Item.movedUserIds),
      movedAccountIds: idsOf(Item.movedAccountIds),
      at: Item.at as string,
      ...(typeof Item.version === 'number' ? { version: Item.version } : {}),
    };
  }

  async takeMoved(shopId: string, endedSubscriptionId: string): Promise<{ userIds: string[]; accountIds: string[] }> {
    let taken: { userIds: string[]; accountIds: string[] };
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.downgrade(shopId),
        UpdateExpression: 'REMOVE movedUserIds, movedAccountIds ADD version :one',
        ConditionExpression: 'endedSubscriptionId = :sub AND (attribute_exists(movedUserIds) OR attribute_exists(movedAccountIds))',
        ExpressionAttributeValues: { ':sub': endedSubscriptionId, ':one': 1 },
        ReturnValues: 'UPDATED_OLD',
      }));
      taken = { userIds: idsOf(Attributes?.movedUserIds), accountIds: idsOf(Attributes?.movedAccountIds) };
    } catch (error) {
      if (isConditionFailure(error)) return { userIds: [], accountIds: [] };
      throw error;
    }
    // given back: no longer deactivated because of a downgrade
    const deletes = [taken.userIds.length ? 'userIds :u' : '', taken.accountIds.length ? 'accountIds :a' : ''].filter(Boolean);
    if (deletes.length) {
      await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.downgrade(shopId),
        UpdateExpression: `DELETE ${deletes.join(', ')} ADD version :one`,
        ExpressionAttributeValues: {
          ':one': 1,
          ...(taken.userIds.length ? { ':u': new Set(taken.userIds) } : {}), ...(taken.accountIds.length ? { ':a': new Set(taken.accountIds) } : {}),
        },
      }));
    }
    return taken;
  }

  async takeDeactivated(shopId: string, what: 'userIds' | 'accountIds'): Promise<string[]> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.downgrade(shopId),
        UpdateExpression: 'REMOVE #ids ADD version :one',
        ConditionExpression: 'attribute_exists(#ids)',
        ExpressionAttributeNames: { '#ids': what },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_OLD',
      }));
      return idsOf(Attributes?.[what]);
    } catch (error) {
      if (isConditionFailure(error)) return [];
      throw error;
    }
  }
}
