import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionRepo, SignedIn } from '../../domain/ports/repos';
import type { SessionRecord, ShopRecord, UserRecord } from '../../domain/records';
import { batchDelete } from './batch';
import { keys, stripKeys } from './keys';
import { queryAll } from './query';

export class DynamoSessionRepo implements SessionRepo {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly nowSeconds: () => number,
  ) {}

  async create(session: SessionRecord): Promise<void> {
    await this.db.send(new PutCommand({
      TableName: this.table,
      Item: { ...keys.session(session.shopId, session.userId, session.tokenHash), type: 'session', ...session },
    }));
  }

  async get(shopId: string, userId: string, tokenHash: string): Promise<SessionRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.session(shopId, userId, tokenHash) }));
    // TTL deletion lags (and never happens in DynamoDB Local): expiry is checked on every read.
    if (!Item || (Item.expiresAt as number) <= this.nowSeconds()) return undefined;
    return stripKeys<SessionRecord>(Item);
  }

  async getSignedIn(shopId: string, userId: string, tokenHash: string): Promise<SignedIn | undefined> {
    const wanted = { session: keys.session(shopId, userId, tokenHash), user: keys.user(shopId, userId), shop: keys.shop(shopId) };
    const found = new Map<string, Record<string, unknown>>();
    let pending: Record<string, unknown>[] = Object.values(wanted);
    // one round trip; only a throttled BatchGet leaves keys unprocessed, asked again after a short wait
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt === 6) throw new Error(`BatchGetItem left ${pending.length} session keys unprocessed six times`);
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** Math.min(attempt, 5)));
      const { Responses, UnprocessedKeys } = await this.db.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending } } }));
      for (const item of Responses?.[this.table] ?? []) found.set(item.sk as string, item);
      pending = UnprocessedKeys?.[this.table]?.Keys ?? [];
    }
    const session = found.get(wanted.session.sk);
    const user = found.get(wanted.user.sk);
    const shop = found.get(wanted.shop.sk);
    // TTL deletion lags (and never happens in DynamoDB Local): expiry is checked on every read.
    if (!session || !user || !shop || (session.expiresAt as number) <= this.nowSeconds()) return undefined;
    return { session: stripKeys<SessionRecord>(session), user: stripKeys<UserRecord>(user), shop: stripKeys<ShopRecord>(shop) };
  }

  async delete(shopId: string, userId: string, tokenHash: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.session(shopId, userId, tokenHash) }));
  }

  async deleteAllOfUser(shopId: string, userId: string, keepTokenHash?: string): Promise<number> {
    const { pk, skPrefix } = keys.sessionsOfUser(shopId, userId);
    const keep = keepTokenHash ? keys.session(shopId, userId, keepTokenHash).sk : undefined;
    const items = ((await queryAll(this.db, this.table, pk, skPrefix, ['pk', 'sk'])) as { pk: string; sk: string }[]).filter((i) => i.sk !== keep);
    await batchDelete(this.db, this.table, items);
    return items.length;
  }
}
