import { CreateTableCommand, DescribeTableCommand, UpdateTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from './table';

/** Local mode and tests create the table from the same definition CDK uses. Idempotent. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  const attributes = new Set<string>([TABLE_KEYS.partition, TABLE_KEYS.sort]);
  for (const index of INDEXES) { attributes.add(index.partition); attributes.add(index.sort); }
  await client.send(new CreateTableCommand({
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
    ],
    ...(INDEXES.length
      ? {
          GlobalSecondaryIndexes: INDEXES.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partition, KeyType: 'HASH' },
              { AttributeName: index.sort, KeyType: 'RANGE' },
            ],
            Projection: index.projection ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] } : { ProjectionType: 'ALL' },
          })),
        }
      : {}),
  }));
  await client.send(new UpdateTimeToLiveCommand({
    TableName: tableName,
    TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
  }));
}
