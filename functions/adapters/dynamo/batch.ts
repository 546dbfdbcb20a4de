import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

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
