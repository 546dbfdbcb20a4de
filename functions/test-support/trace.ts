import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Every item of the test's table, any partition, whose text holds one of `needles` (a shop id, a
 * domain, a phone, a name): what an erasure left behind. Test tables are small, so one Scan is fine.
 */
export async function traces(db: DynamoDBDocumentClient, table: string, needles: string[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey: cursor }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(item);
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}
