import fs from 'node:fs';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DashboardQuery, ScorecardQuery, type DashboardQueryInput, type ScorecardQueryInput } from '@dakiya/shared';
import { addDays, shopDay } from '@dakiya/functions/domain/booking/counters';
import { dashboardAnalytics } from '@dakiya/functions/domain/analytics/dashboard';
import { courierScorecard } from '@dakiya/functions/domain/analytics/scorecard';
import type { ShopRecord } from '@dakiya/functions/domain/records';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import { ROOT, readLocalConfig } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { LAST_BOOKING, seedBenchShop } from './orders-seed';
import { benchDeps } from './bench-deps';

/**
 * `./dakiya bench analytics`: the dashboard's and the scorecard's read units at 100,000 bookings next
 * to the same requests at 1,000, for the last 7 days and the last 12 months, on the orders bench's
 * on-disk table (its shops of each size are seeded once, then reused). Writes bench/report-analytics.md.
 */
const say = (text: string) => process.stderr.write(`[bench analytics] ${text}\n`);
const TABLE = 'dakiya-bench';
const SIZES = [100_000, 1_000] as const;

interface Consumed { CapacityUnits?: number }

function meter(db: DynamoDBDocumentClient) {
  let calls: number[] = [];
  db.middlewareStack.add((next) => async (args) => {
    (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    const output = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
    const list = Array.isArray(output.ConsumedCapacity) ? output.ConsumedCapacity : output.ConsumedCapacity ? [output.ConsumedCapacity] : [];
    calls.push(list.reduce((a, c) => a + (c.CapacityUnits ?? 0), 0));
    return result;
  }, { step: 'initialize', name: 'benchAnalyticsMeter' });
  return { take() { const out = calls; calls = []; return out; } };
}

type Request = { name: string; run(shop: ShopRecord, deps: Deps): Promise<unknown> };

function requests(today: string): Request[] {
  const week = { from: addDays(today, -6), to: today };
  const year = { from: addDays(today, -364), to: today };
  const dash = (q: DashboardQueryInput) => (shop: ShopRecord, deps: Deps) => dashboardAnalytics(shop, DashboardQuery.parse(q), deps);
  const card = (q: ScorecardQueryInput) => (shop: ShopRecord, deps: Deps) => courierScorecard(shop, ScorecardQuery.parse(q), deps);
  const out: Request[] = [];
  for (const [label, r] of [['7 days', week], ['12 months', year]] as const) {
    out.push(
      { name: `dashboard, ${label}`, run: dash({ bookingDateFrom: r.from, bookingDateTo: r.to }) },
      { name: `dashboard, ${label}, city Lahore`, run: dash({ bookingDateFrom: r.from, bookingDateTo: r.to, city: 'Lahore' }) },
      { name: `dashboard, ${label}, courier POSTEX`, run: dash({ bookingDateFrom: r.from, bookingDateTo: r.to, company: 'POSTEX' }) },
      { name: `dashboard, delivered ${label}`, run: dash({ deliveredDateFrom: r.from, deliveredDateTo: r.to }) },
      { name: `dashboard, delivered ${label}, city Lahore (walk)`, run: dash({ deliveredDateFrom: r.from, deliveredDateTo: r.to, city: 'Lahore' }) },
      { name: `scorecard, ${label}, 10 cities`, run: card({ from: r.from, to: r.to }) },
      { name: `scorecard, ${label}, one city`, run: card({ from: r.from, to: r.to, city: 'Karachi' }) },
    );
  }
  return out;
}

async function main() {
  const config = readLocalConfig();
  const dynamo = await startDynamo({ dbPath: path.join(config.dataDir, 'bench'), startTimeoutMs: 180_000 });
  try {
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE);
    const shops = new Map<number, ShopRecord>();
    for (const size of SIZES) shops.set(size, (await seedBenchShop(deps, db, TABLE, size, say)).shop);
    const m = meter(db);
    // the seed's bookings end on its last booking day: ranges end there, as a shop's end today
    const at = { ...deps, now: () => new Date(LAST_BOOKING) };
    const today = shopDay(at.now(), shops.get(100_000)!.iana_time_zone);
    const rows: string[] = [];
    for (const request of requests(today)) {
      const measured = [];
      for (const size of SIZES) {
        await request.run(shops.get(size)!, at); // warm: the first read of a cold table is slow, never dearer
        m.take();
        const t0 = performance.now();
        await request.run(shops.get(size)!, at);
        const ms = performance.now() - t0;
        const calls = m.take();
        // DynamoDB bills every read at least half a unit, an empty Query included; DynamoDB Local reports 0 for those
        measured.push({ requests: calls.length, units: calls.reduce((a, b) => a + b, 0), billed: calls.reduce((a, b) => a + Math.max(0.5, b), 0), ms });
      }
      const [big, small] = measured as [typeof measured[0], typeof measured[0]];
      const ratio = big.billed / small.billed;
      rows.push(`| ${request.name} | ${big.requests}, ${big.units.toFixed(1)} (${big.billed.toFixed(1)}) | ${small.requests}, ${small.units.toFixed(1)} (${small.billed.toFixed(1)}) | ${ratio.toFixed(2)}x | ${ratio <= 1.1 ? 'met' : '**missed**'} | ${big.ms.toFixed(0)} ms |`);
      say(rows.at(-1)!);
    }
    const report = [
      '## Dashboard analytics and the courier scorecard (issue 24)', '',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC on the orders bench's table (DynamoDB Local on disk); ranges end on ${today}, the seed's last booking day. `
      + 'Units are consumed read capacity as DynamoDB Local reports it (eventually consistent: 0.5 unit per 4 KB), and in brackets as DynamoDB bills it '
      + '(every request at least 0.5, an empty Query included); the ratio compares the billed units. Each request is run once to warm, then measured. '
      + 'Target: the 100,000-booking shop within 10% of the 1,000-booking one.', '',
      '| Request | 100,000: requests, units (billed) | 1,000: requests, units (billed) | Ratio | Target 1.1x | Time at 100,000 |',
      '|---|---|---|---|---|---|',
      ...rows, '',
    ];
    const file = path.join(ROOT, 'bench', 'report-analytics.md');
    fs.writeFileSync(file, report.join('\n'));
    console.log(report.join('\n'));
  } finally {
    await dynamo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
