import {
  CreateTableCommand, DescribeTableCommand, UpdateTableCommand, UpdateTimeToLiveCommand, type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { pause } from '../../ground/clock';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE, projectionOf, type IndexDef } from './table';

/**
 * Local mode and tests create the table from the same definition CDK uses. Idempotent: a table kept
 * on disk from an older version gets the indexes it lacks, one per update as DynamoDB requires.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of INDEXES.filter((i) => !existing.has(i.name))) await addIndex(client, tableName, index);
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
            Projection: projectionOf(index),
          })),
        }
      : {}),
  }));
  await client.send(new UpdateTimeToLiveCommand({
    TableName: tableName,
    TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
  }));
}

async function addIndex(client: DynamoDBClient, tableName: string, index: IndexDef): Promise<void> {
  await client.send(new UpdateTableCommand({
    TableName: tableName,
    AttributeDefinitions: [index.partition, index.sort].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    GlobalSecondaryIndexUpdates: [{
      Create: {
        IndexName: index.name,
        KeySchema: [{ AttributeName: index.partition, KeyType: 'HASH' }, { AttributeName: index.sort, KeyType: 'RANGE' }],
        Projection: projectionOf(index),
      },
    }],
  }));
  // DynamoDB Local builds an index over the items already there: a big table on disk takes a while
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.name)?.IndexStatus === 'ACTIVE') return;
    await pause(200);
  }
  throw new Error(`index ${index.name} of ${tableName} did not become active`);
}
