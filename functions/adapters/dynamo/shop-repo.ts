import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MembershipRace, type PersonJoin, type ShopErasure, type ShopRepo } from '../../domain/ports/repos';
import { erasePage } from './shop-erase';
import { paidShopWrite } from './paid-shops';
import type { PersonRecord, ShopRecord, UserRecord } from '../../domain/records';
import { batchDelete, batchGet } from './batch';
import { joinItems, leaveItems, memberPut, shopEmailPut } from './membership-items';
import { queryAll } from './query';
import { keys, setExpression, stripKeys } from './keys';
import { cancellationCodes, isConditionFailure, retryConflicts } from './errors';

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

  async getMany(shopIds: string[]): Promise<ShopRecord[]> {
    const items = await batchGet(this.db, this.table, [...new Set(shopIds)].map((id) => keys.shop(id)));
    return items.map((item) => stripKeys<ShopRecord>(item));
  }

  async createWithOwner(shop: ShopRecord, owner: UserRecord, join: PersonJoin): Promise<void> {
    const absent = 'attribute_not_exists(pk)';
    const member = { ...owner, personId: join.person._id, is_verified_user: true, two_factor_enabled: join.person.two_factor_enabled };
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: { ...keys.shop(shop._id), type: 'shop', ...shop }, ConditionExpression: absent } },
          { Put: { TableName: this.table, Item: { ...keys.domainClaim(shop.domain), type: 'domain', shopId: shop._id }, ConditionExpression: absent } },
          memberPut(this.table, member),
          shopEmailPut(this.table, member),
          ...joinItems(this.table, member, join),
        ],
      }));
    } catch (error) {
      // the domain is taken by a racing install, or the person changed meanwhile: the caller starts again
      if (isConditionFailure(error)) throw new MembershipRace(cancellationCodes(error).indexOf('ConditionalCheckFailed'));
      throw error;
    }
  }

  async update(shopId: string, patch: Partial<Omit<ShopRecord, '_id' | 'domain'>>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    const update = {
      TableName: this.table,
      Key: keys.shop(shopId),
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: set.values,
      ConditionExpression: 'attribute_exists(pk)',
    };
    if (!patch.plan) {
      await this.db.send(new UpdateCommand(update));
      return;
    }
    // a plan written here (the uninstall's FREE) keeps the list of paid shops with it
    await this.db.send(new TransactWriteCommand({
      TransactItems: [{ Update: update }, paidShopWrite(this.table, shopId, patch.plan, patch.updatedAt ?? new Date().toISOString())],
    }));
  }

  erasePage(ref: ShopErasure, pageSize: number, now: Date): Promise<{ erased: number; done: boolean }> {
    return erasePage(this.db, this.table, ref, pageSize, now.getTime(), (member, personId) => this.leave(member, personId));
  }

  private async leave(member: UserRecord, personId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.person(personId) }));
      if (!Item) return;
      try {
        await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: leaveItems(this.table, member, stripKeys<PersonRecord>(Item)) })));
        return;
      } catch (error) {
        if (!cancellationCodes(error).includes('ConditionalCheckFailed') || attempt >= 5) throw error;
      }
    }
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
