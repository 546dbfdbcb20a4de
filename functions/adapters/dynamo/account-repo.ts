import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountRepo } from '../../domain/ports/repos';
import type { AccountRecord } from '../../domain/records';
import { putWithCounter } from './put-with-counter';
import { keys, setExpression, stripKeys } from './keys';
import { queryAll } from './query';

export class DynamoAccountRepo implements AccountRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async listOfShop(shopId: string): Promise<AccountRecord[]> {
    const accounts = (await queryAll(this.db, this.table, keys.shop(shopId).pk, 'ACCOUNT#')).map((item) => stripKeys<AccountRecord>(item));
    return accounts.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  }

  async get(shopId: string, accountId: string): Promise<AccountRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.account(shopId, accountId) }));
    return Item ? stripKeys<AccountRecord>(Item) : undefined;
  }

  async createCounted(account: AccountRecord, limit: number | undefined): Promise<void> {
    const result = await putWithCounter(this.db, this.table, keys.accountCounter(account.shopId), limit, [
      { Item: { ...keys.account(account.shopId, account._id), type: 'account', ...account }, ConditionExpression: 'attribute_not_exists(pk)' },
    ]);
    if (!result.ok) throw new Error(`account ${account._id} already exists`);
  }

  async update(shopId: string, accountId: string, patch: Partial<AccountRecord>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.account(shopId, accountId), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values, ConditionExpression: 'attribute_exists(pk)',
    }));
  }

  async defaultId(shopId: string): Promise<string | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.defaultAccount(shopId) }));
    return Item?.accountId as string | undefined;
  }

  async setDefault(shopId: string, accountId: string | undefined): Promise<void> {
    if (!accountId) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.defaultAccount(shopId) }));
      return;
    }
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.defaultAccount(shopId), type: 'default-account', accountId } }));
  }
}
