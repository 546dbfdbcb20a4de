import fs from 'node:fs';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OrdersQuery } from '@dakiya/shared';
import { writeExport } from '@dakiya/functions/domain/orders/export';
import { newId } from '@dakiya/functions/ground/ids';
import { ROOT, readLocalConfig } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { startSqs } from '../local/services/sqs';
import { createFilesBucket } from '../local/services/files-bucket';
import { onFreePort } from '../local/services/ports';
import { seedBenchShop } from './orders-seed';
import { benchDeps } from './bench-deps';

/**
 * `./dakiya bench export [--size N]`: the CSV export of the orders bench's shop (100,000 bookings by
 * default, seeded once by `./dakiya bench orders` and reused), whole shop (STORE_ORDERS) and one
 * status (MATCHED_ORDERS), run as the orders.export job runs it: wall time, DynamoDB read units, the
 * file's size. The file goes to fauxqs's S3. Writes bench/report-export.md; never part of `./dakiya test`.
 */
const say = (text: string) => process.stderr.write(`[bench export] ${text}\n`);
const TABLE = 'dakiya-bench';
const BUCKET = 'dakiya-bench-files';

interface Consumed { CapacityUnits?: number }

/** Read and write units of every DynamoDB call since the last take. */
function meter(db: DynamoDBDocumentClient) {
  let read = 0;
  let write = 0;
  let calls = 0;
  db.middlewareStack.add((next, context) => async (args) => {
    (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    const output = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
    const list = Array.isArray(output.ConsumedCapacity) ? output.ConsumedCapacity : output.ConsumedCapacity ? [output.ConsumedCapacity] : [];
    const units = list.reduce((a, c) => a + (c.CapacityUnits ?? 0), 0);
    if (/^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(String(context.commandName))) write += units; else read += units;
    calls += 1;
    return result;
  }, { step: 'initialize', name: 'benchExportMeter' });
  return { take() { const out = { read, write, calls }; read = 0; write = 0; calls = 0; return out; } };
}

async function main() {
  const sizeArg = process.argv.indexOf('--size');
  const size = sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 100_000;
  const config = readLocalConfig();
  const dynamo = await startDynamo({ dbPath: path.join(config.dataDir, 'bench'), startTimeoutMs: 180_000 });
  const s3 = await onFreePort((port) => startSqs(port));
  try {
    await createFilesBucket(s3.url, BUCKET);
    // the file's Track column holds the public link: a real-looking address
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE, { S3_ENDPOINT: s3.url, FILES_BUCKET: BUCKET, APP_URL: 'https://app.dakiya.pk' });
    const { shop } = await seedBenchShop(deps, db, TABLE, size, say);
    const m = meter(db);
    const rows: string[] = [];
    const cases = [
      { name: 'whole shop (STORE_ORDERS)', filter: 'STORE_ORDERS' as const, query: OrdersQuery.parse({}) },
      { name: 'status DELIVERED (MATCHED_ORDERS)', filter: 'MATCHED_ORDERS' as const, query: OrdersQuery.parse({ status: 'DELIVERED' }) },
      { name: 'courier POSTEX, payment PAID (MATCHED_ORDERS)', filter: 'MATCHED_ORDERS' as const, query: OrdersQuery.parse({ couriers: 'POSTEX', payment_status: 'PAID' }) },
    ];
    for (const c of cases) {
      const now = new Date();
      const exportId = newId(now);
      await deps.exports.create({
        shopId: shop._id, exportId, userId: shop.ownerUserId, filter: c.filter, query: JSON.parse(JSON.stringify(c.query)) as OrdersQuery, state: 'running', rows: 0,
        fileName: 'bench.csv', createdAt: now.toISOString(), updatedAt: now.toISOString(),
      }, Math.floor(now.getTime() / 1000) + 3600);
      m.take();
      say(`exporting ${c.name}`);
      const t0 = performance.now();
      await writeExport(shop._id, exportId, deps);
      const seconds = (performance.now() - t0) / 1000;
      const used = m.take();
      const done = (await deps.exports.get(shop._id, exportId))!;
      const memory = process.memoryUsage().rss / 1024 / 1024;
      rows.push(`| ${c.name} | ${done.rows.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${used.read.toFixed(1)} | ${(used.read / Math.max(1, done.rows) * 1000).toFixed(0)} | ${used.write.toFixed(1)} | ${used.calls} | ${((done.bytes ?? 0) / 1024 / 1024).toFixed(2)} MB | ${memory.toFixed(0)} MB |`);
    }
    const report = [
      `## CSV export (issue 20), shop of ${size.toLocaleString('en')} bookings`, '',
      `Measured ${new Date().toISOString()}: the orders.export job's own code (writeExport with the real ports) on the orders bench's DynamoDB Local table, `
      + 'the file put in fauxqs\'s S3. Read units are DynamoDB\'s consumed capacity of every call (index keys, the bookings by BatchGet, Booked by\'s members, counters); '
      + 'write units are the export item\'s progress and its end.', '',
      '| Export | Rows | Wall time | Read units | Read units per 1,000 rows | Write units | DynamoDB calls | File | Process memory after |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows, '',
    ];
    const file = path.join(ROOT, 'bench', 'report-export.md');
    fs.writeFileSync(file, report.join('\n'));
    console.log(report.join('\n'));
  } finally {
    await s3.stop();
    await dynamo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
