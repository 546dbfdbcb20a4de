import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pause } from '../../ground/clock';

type Key = Record<string, unknown>;
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

/** DynamoDB leaves items unprocessed only when throttled: ask again after a growing wait, a few times. */
const ROUNDS = 6;
const waitBefore = (round: number) => pause(20 * 2 ** round);
const leftOver = (what: string, count: number) => new Error(`${what} left ${count} items unprocessed ${ROUNDS} times`);

/** Puts and deletes, 25 at a time (BatchWriteItem's limit), sending again what DynamoDB leaves unprocessed. */
export async function batchWrite(db: DynamoDBDocumentClient, table: string, requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let round = 0; pending.length; round++) {
      if (round === ROUNDS) throw leftOver('BatchWriteItem', pending.length);
      if (round) await waitBefore(round);
      const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (UnprocessedItems?.[table] ?? []) as WriteRequest[];
    }
  }
}

export const batchDelete = (db: DynamoDBDocumentClient, table: string, keys: Key[]) =>
  batchWrite(db, table, keys.map((Key) => ({ DeleteRequest: { Key } })));

/**
 * Reads keys 100 at a time (BatchGetItem's limit), asking again for what DynamoDB leaves
 * unprocessed. Items come back in no particular order; `attributes` limits what is read.
 */
export async function batchGet(
  db: DynamoDBDocumentClient, table: string, keys: Key[], opts: { attributes?: string[]; consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const projection = opts.attributes
    ? { ProjectionExpression: opts.attributes.map((_, i) => `#a${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(opts.attributes.map((a, i) => [`#a${i}`, a])) }
    : {};
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending = keys.slice(i, i + 100);
    for (let round = 0; pending.length; round++) {
      if (round === ROUNDS) throw leftOver('BatchGetItem', pending.length);
      if (round) await waitBefore(round);
      const { Responses, UnprocessedKeys } = await db.send(new BatchGetCommand({
        RequestItems: { [table]: { Keys: pending, ...projection, ...(opts.consistent ? { ConsistentRead: true } : {}) } },
      }));
      items.push(...(Responses?.[table] ?? []));
      pending = UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return items;
}
