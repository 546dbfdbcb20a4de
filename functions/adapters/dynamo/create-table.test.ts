import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamo } from '../../../local/services/dynamo';
import { ensureTable } from './create-table';
import { INDEXES } from './table';

// a DynamoDB Local of its own: building an index on the shared one, busy with every other test file, can take minutes
let dynamo: Awaited<ReturnType<typeof startDynamo>>;
beforeAll(async () => { dynamo = await startDynamo(); }, 60_000);
afterAll(async () => { await dynamo?.stop(); });

describe('ensureTable', () => {
  it('gives a table kept from an older version (local mode on disk) the indexes it lacks', async () => {
    const name = `old-${randomBytes(4).toString('hex')}`;
    const db = new DynamoDBClient({ region: 'us-east-1', endpoint: dynamo.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await db.send(new CreateTableCommand({
      TableName: name, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    }));
    await ensureTable(db, name);
    await ensureTable(db, name);
    const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
    expect((Table?.GlobalSecondaryIndexes ?? []).map((g) => [g.IndexName, g.IndexStatus]).sort()).toEqual(INDEXES.map((i) => [i.name, 'ACTIVE']).sort());
    const jobsDue = Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === 'jobsDue');
    expect(jobsDue?.Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['id', 'shopId', 'job', 'sends', 'sweepAt', 'group'] });
  }, 90_000);
});
