import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MemberRef, UserRepo } from '../../domain/ports/repos';
import type { UserRecord } from '../../domain/records';
import { batchGet } from './batch';
import { keys, setExpression, stripKeys } from './keys';

/** Memberships and invitations, read and changed in the shop's own fields. */
export class DynamoUserRepo implements UserRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async get(shopId: string, userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.user(shopId, userId) }));
    return Item ? stripKeys<UserRecord>(Item) : undefined;
  }

  async getMany(refs: MemberRef[]): Promise<UserRecord[]> {
    const items = await batchGet(this.db, this.table, refs.map((ref) => keys.user(ref.shopId, ref.userId)));
    return items.map((item) => stripKeys<UserRecord>(item));
  }

  async update(shopId: string, userId: string, patch: Partial<Omit<UserRecord, '_id' | 'shopId' | 'email' | 'personId'>>): Promise<void> {
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
