import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Every item of one partition (optionally under a sort-key prefix, optionally only some attributes), following the pages. */
export async function queryAll(
  db: DynamoDBDocumentClient, table: string, pk: string, skPrefix?: string, attributes?: string[], opts: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const projection = attributes
    ? { ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])) }
    : {};
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({
      TableName: table,
      KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':prefix': skPrefix } : { ':pk': pk },
      ...projection,
      ...(opts.consistent ? { ConsistentRead: true } : {}),
      ExclusiveStartKey: cursor,
    }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}
