import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionRepo, SignedIn } from '../../domain/ports/repos';
import type { SessionRecord, ShopRecord, UserRecord } from '../../domain/records';
import { batchDelete, batchGet } from './batch';
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
    // one round trip: the token names the shop and the user
    const found = new Map((await batchGet(this.db, this.table, Object.values(wanted))).map((item) => [item.sk as string, item]));
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
