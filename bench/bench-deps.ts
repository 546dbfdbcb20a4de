import { createDocClient } from '@dakiya/functions/adapters/dynamo/client';
import { ensureTable } from '@dakiya/functions/adapters/dynamo/create-table';
import { parseEnv } from '@dakiya/functions/ground/env';
import { silentLog } from '@dakiya/functions/ground/log';
import { noMetrics } from '@dakiya/functions/ground/metrics';
import { buildDeps } from '@dakiya/functions/platform/deps';

/**
 * The functions' own deps on a bench's DynamoDB Local (and, for the files bucket, its S3): the table made
 * if missing, the app's settings a bench needs and no more, logs and metrics silent.
 */
export async function benchDeps(endpoint: string, table: string, extra: Record<string, string> = {}) {
  const db = createDocClient({ region: 'us-east-1', endpoint });
  await ensureTable(db as unknown as Parameters<typeof ensureTable>[0], table);
  const env = parseEnv({
    TABLE_NAME: table, AWS_REGION: 'us-east-1', DYNAMO_ENDPOINT: endpoint, LOCAL_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    APP_URL: 'http://127.0.0.1:1', SHOPIFY_CLIENT_ID: 'bench', SHOPIFY_CLIENT_SECRET: 'bench', ORIGIN_SECRET: 'bench', LOG_LEVEL: 'ERROR',
    ...extra,
  });
  return { db, deps: buildDeps(env, { db, log: silentLog, metrics: noMetrics }) };
}
