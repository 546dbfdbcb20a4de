import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserRecord } from '../../domain/records';
import type { ShopErasure } from '../../domain/ports/repos';
import { batchDelete } from './batch';
import { queryAll } from './query';
import { keys, stripKeys } from './keys';

type Key = { pk: string; sk: string };

/** Recount marks live a month (counter-items.ts): the hours a shop may still have marks in. */
const MARK_HOURS = 31 * 24 + 1;
const HOUR_MS = 3_600_000;
/** Hours read at once when looking for the shop's recount marks. */
const PARALLEL_HOURS = 16;

/**
 * One page of shop/redact. The shop's own partition goes a page at a time, each item with what hangs
 * from it under other partitions (a booking's `PARCEL#` item, a member's place in their person, an
 * invitation); the shop item itself goes last, so a run cut short finds the shop still marked OFF.
 * Once the partition is empty, the items that name the shop elsewhere go: its recount marks, its
 * domain claim and webhook deliveries. Every step deletes what is there, so a restart simply
 * continues with what is left.
 */
export async function erasePage(
  db: DynamoDBDocumentClient, table: string, ref: ShopErasure, pageSize: number, nowMs: number,
  leave: (member: UserRecord, personId: string) => Promise<void>,
): Promise<{ erased: number; done: boolean }> {
  const { pk } = keys.shop(ref.shopId);
  const page = await db.send(new QueryCommand({
    TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: pageSize + 1, ConsistentRead: true,
  }));
  const items = (page.Items ?? []).filter((item) => item.sk !== keys.shop(ref.shopId).sk).slice(0, pageSize);
  if (items.length) {
    const doomed: Key[] = [];
    for (const item of items) {
      const sk = item.sk as string;
      doomed.push({ pk, sk });
      if (sk.startsWith('BOOKING#')) doomed.push(keys.parcel(sk.slice('BOOKING#'.length), ref.shopId));
      if (item.type === 'user') {
        const member = stripKeys<UserRecord>(item);
        if (!member.personId) doomed.push(keys.invite(member.email, ref.shopId, member._id));
        else if (await hasPlace(db, table, member.personId, ref.shopId)) await leave(member, member.personId);
      }
    }
    await batchDelete(db, table, doomed);
    return { erased: doomed.length, done: false };
  }
  const elsewhere = [
    ...await recountMarksOf(db, table, ref.shopId, nowMs),
    // the domain's claim and webhook deliveries, unless the domain has since been installed as another shop
    ...(await queryAll(db, table, keys.domainClaim(ref.domain).pk, undefined, ['pk', 'sk', 'shopId'], { consistent: true }))
      .filter((item) => item.sk !== keys.domainClaim(ref.domain).sk || item.shopId === ref.shopId)
      .map((item) => ({ pk: item.pk as string, sk: item.sk as string })),
    // its place on the paid list, had the uninstall's move to FREE not reached it
    keys.paidShop(ref.shopId),
    keys.shop(ref.shopId),
  ];
  await batchDelete(db, table, elsewhere);
  return { erased: elsewhere.length, done: true };
}

/** Whether the person still counts this shop (a run cut short after leaving, before deleting the member). */
async function hasPlace(db: DynamoDBDocumentClient, table: string, personId: string, shopId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: table, Key: keys.personShop(personId, shopId), ConsistentRead: true }));
  return Boolean(Item);
}

async function recountMarksOf(db: DynamoDBDocumentClient, table: string, shopId: string, nowMs: number): Promise<Key[]> {
  const last = Math.floor(nowMs / HOUR_MS);
  const hours = Array.from({ length: MARK_HOURS }, (_, i) => last - i);
  const found: Key[] = [];
  for (let i = 0; i < hours.length; i += PARALLEL_HOURS) {
    const pages = await Promise.all(hours.slice(i, i + PARALLEL_HOURS).map((hour) =>
      queryAll(db, table, keys.recountHour(hour).pk, `SHOP#${shopId}#`, ['pk', 'sk'])));
    found.push(...(pages.flat() as Key[]));
  }
  return found;
}
