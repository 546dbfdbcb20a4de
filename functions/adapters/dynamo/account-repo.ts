import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountRepo } from '../../domain/ports/repos';
import type { AccountEntry, AccountRecord } from '../../domain/records';
import { planLimitError } from '../../ground/errors';
import { directoryWrite, entryOf, transactWithDirectory } from './account-directory';
import { isConditionFailure } from './errors';
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
    const counter = {
      TableName: this.table, Key: keys.accountCounter(account.shopId), UpdateExpression: 'ADD #n :one', ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: limit === undefined ? { ':one': 1 } : { ':one': 1, ':limit': limit },
      // counted in the same transaction, so concurrent creates can never pass a plan's limit together
      ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit' }),
    };
    const put = { TableName: this.table, Item: { ...keys.account(account.shopId, account._id), type: 'account', ...account }, ConditionExpression: 'attribute_not_exists(pk)' };
    const codes = await transactWithDirectory(this.db, (present) => [
      { Update: counter }, { Put: put }, directoryWrite(this.table, account.shopId, account._id, entryOf(account), present),
    ]);
    if (codes?.[0] === 'ConditionalCheckFailed') throw planLimitError();
    if (codes) throw new Error(`account ${account._id} already exists`);
  }

  async update(shopId: string, accountId: string, patch: Partial<Omit<AccountRecord, 'in_active'>>): Promise<void> {
    const set = setExpression(patch);
    if (set.empty) return;
    await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.account(shopId, accountId), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values, ConditionExpression: 'attribute_exists(pk)',
    }));
  }

  async setActivity(account: Pick<AccountRecord, 'shopId' | '_id' | 'company'>, patch: Partial<AccountRecord> & { in_active: boolean }): Promise<void> {
    const set = setExpression(patch);
    const update = {
      TableName: this.table, Key: keys.account(account.shopId, account._id), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values, ConditionExpression: 'attribute_exists(pk)',
    };
    const entry = entryOf({ company: account.company, in_active: patch.in_active });
    const codes = await transactWithDirectory(this.db, (present) => [{ Update: update }, directoryWrite(this.table, account.shopId, account._id, entry, present)]);
    if (codes) throw new Error(`account ${account._id} not found`);
  }

  async fillDirectory(shopId: string, version: number | undefined, accounts: AccountRecord[]): Promise<boolean> {
    const directory: Record<string, AccountEntry> = Object.fromEntries(accounts.map((a) => [a._id, entryOf(a)]));
    try {
      await this.db.send(new UpdateCommand({
        TableName: this.table, Key: keys.shop(shopId), UpdateExpression: 'SET accountDirectory = :d',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(accountDirectory) AND ${version === undefined ? 'attribute_not_exists(accountsVersion)' : 'accountsVersion = :v'}`,
        ExpressionAttributeValues: { ':d': directory, ...(version === undefined ? {} : { ':v': version }) },
      }));
      return true;
    } catch (error) {
      // an account was written since, or another request filled it: the next request reads again
      if (isConditionFailure(error)) return false;
      throw error;
    }
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
