import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Deletes keys 25 at a time (BatchWrite's limit), resending what DynamoDB leaves unprocessed. */
export async function batchDelete(db: DynamoDBDocumentClient, table: string, keys: { pk: string; sk: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    while (requests.length) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}

/** Reads keys 100 at a time (BatchGet's limit), asking again for what DynamoDB leaves unprocessed. */
export async function batchGet(db: DynamoDBDocumentClient, table: string, keys: { pk: string; sk: string }[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let wanted: { pk: string; sk: string }[] = keys.slice(i, i + 100);
    while (wanted.length) {
      const result = await db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: wanted } } }));
      items.push(...(result.Responses?.[table] ?? []));
      wanted = (result.UnprocessedKeys?.[table]?.Keys ?? []) as typeof wanted;
    }
  }
  return items;
}
