import fs from 'node:fs';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StaffRange } from '@dakiya/shared';
import { addDays, monthOf } from '@dakiya/functions/domain/booking/counters';
import { silentLog } from '@dakiya/functions/ground/log';
import type { OpContext } from '@dakiya/functions/platform/operation';
import { staffChart, staffTable } from '@dakiya/functions/users/staff-stats';
import { ROOT, readLocalConfig } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { benchDeps } from './bench-deps';
import { seedBenchShop, type BenchShop } from './orders-seed';

/**
 * `./dakiya bench staff`: the staff statistics table (GET /staff/table-order-count) and the shop's chart
 * on the orders bench's shops of 100,000 and 1,000 bookings (the same on-disk table; the 1,000 shop is
 * seeded on first run), for Today, 7 days and 12 months. Read units are DynamoDB's consumed capacity of
 * every request the operation makes. Writes bench/report-staff.md.
 */
const say = (text: string) => process.stderr.write(`[bench staff] ${text}\n`);
const TABLE = 'dakiya-bench';
/** The bench's bookings end on this day (the shop's zone): its "today". */
const LAST_DAY = '2026-11-20';

function meter(db: DynamoDBDocumentClient) {
  let calls: { command: string; units: number }[] = [];
  db.middlewareStack.add((next, context) => async (args) => {
    (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    const c = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
    const list = Array.isArray(c) ? c : c ? [c] : [];
    calls.push({ command: String(context.commandName).replace(/Command$/, ''), units: list.reduce((a, x) => a + (x.CapacityUnits ?? 0), 0) });
    return result;
  }, { step: 'initialize', name: 'benchStaffMeter' });
  return { take() { const out = calls; calls = []; return out; } };
}

const RANGES: [string, StaffRange][] = [
  ['Today', { start: LAST_DAY, end: LAST_DAY }],
  ['7 days', { start: addDays(LAST_DAY, -6), end: LAST_DAY }],
  ['12 months (whole)', { start: `${monthOf(addDays(`${monthOf(LAST_DAY)}-01`, -330))}-01`, end: addDays(`${monthOf(addDays(`${monthOf(LAST_DAY)}-28`, 4))}-01`, -1) }],
  ['365 days (cut months)', { start: addDays(LAST_DAY, -364), end: LAST_DAY }],
];

async function main() {
  const config = readLocalConfig();
  const dynamo = await startDynamo({ dbPath: path.join(config.dataDir, 'bench'), startTimeoutMs: 180_000 });
  try {
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE);
    const shops: BenchShop[] = [];
    for (const size of [100_000, 1_000]) shops.push(await seedBenchShop(deps, db, TABLE, size, say));
    const m = meter(db);
    const rows: string[] = [];
    const figures = new Map<string, number[]>();
    for (const bench of shops) {
      const shop = (await deps.shops.get(bench.shop._id))!;
      const owner = (await deps.members.listOfShop(shop._id)).find((u) => u.role === 'ADMIN')!;
      const ctx = { requestId: 'bench', log: silentLog, now: new Date(), sourceIp: '127.0.0.1', addressKey: '127.0.0.1', auth: { user: owner, shop, session: {} } } as unknown as OpContext;
      for (const [name, range] of RANGES) {
        m.take();
        const table = await staffTable({ query: range } as never, ctx, deps);
        const tableCalls = m.take();
        await staffChart({ query: range } as never, ctx, deps);
        const chartCalls = m.take();
        const units = (calls: { units: number }[]) => calls.reduce((a, c) => a + c.units, 0);
        figures.set(`${name}|${bench.size}`, [units(tableCalls), units(chartCalls)]);
        rows.push(`| ${bench.size.toLocaleString('en')} | ${name} (${range.start} to ${range.end}) | ${table.stats.length} | ${table.totals.total.toLocaleString('en')} | ${tableCalls.length}, ${units(tableCalls).toFixed(1)} | ${chartCalls.length}, ${units(chartCalls).toFixed(1)} |`);
      }
    }
    const ratios = RANGES.map(([name]) => {
      const big = figures.get(`${name}|100000`)!;
      const small = figures.get(`${name}|1000`)!;
      return `| ${name} | ${big[0]!.toFixed(1)} | ${small[0]!.toFixed(1)} | ${(big[0]! / small[0]!).toFixed(2)}x | ${big[1]!.toFixed(1)} | ${small[1]!.toFixed(1)} | ${(big[1]! / small[1]!).toFixed(2)}x |`;
    });
    const report = [
      '## Staff statistics (issue 24 §3)', '',
      'GET /staff/table-order-count (each member\'s staff counter items: days at the ends of the range, whole months between) and',
      'GET /staff/chart-order-count (the shop\'s day items up to 62 days, else months), run as the operations on the orders bench\'s table.',
      'Units are DynamoDB\'s consumed capacity of every request (eventually consistent reads).', '',
      '| Bookings | Range | Members | Bookings in range | Table: requests, units | Chart: requests, units |', '|---|---|---|---|---|---|',
      ...rows, '',
      '| Range | Table units at 100,000 | at 1,000 | ratio | Chart units at 100,000 | at 1,000 | ratio |', '|---|---|---|---|---|---|---|',
      ...ratios,
    ];
    const file = path.join(ROOT, 'bench', 'report-staff.md');
    fs.writeFileSync(file, report.join('\n') + '\n');
    console.log(report.join('\n'));
  } finally {
    await dynamo.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
