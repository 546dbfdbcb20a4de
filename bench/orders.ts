import fs from 'node:fs';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { OrdersQuery, type OrdersQueryInput } from '@dakiya/shared';
import { batchGet } from '@dakiya/functions/adapters/dynamo/batch';
import { moveCounters, shopDay } from '@dakiya/functions/domain/booking/counters';
import { listOrders } from '@dakiya/functions/domain/orders/list';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import { ROOT, readLocalConfig } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { benchBooking, seedBenchShop, type BenchShop } from './orders-seed';
import { benchDeps } from './bench-deps';

/**
 * `./dakiya bench orders [--size N]`: the orders list on a shop of N bookings (100,000 by default),
 * seeded once into an on-disk DynamoDB Local table (DAKIYA_DATA_DIR/bench) that later benches find
 * again; never part of `./dakiya test`. Measures each filter's DynamoDB requests and read units next
 * to the read units of the rows it returns, the combinations' units per request against the budget,
 * the write units of a booking and of a status move by item and index, and the list's latency.
 * Writes bench/report-orders.md (the orders section of the report).
 */
const say = (text: string) => process.stderr.write(`[bench orders] ${text}\n`);
const TABLE = 'dakiya-bench';

interface Consumed { TableName?: string; CapacityUnits?: number; Table?: { CapacityUnits?: number }; GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }> }

/** Every DynamoDB call's consumed capacity, by table and by index, and what each call was. */
function meter(db: DynamoDBDocumentClient) {
  let calls: { command: string; units: number; byIndex: Record<string, number>; target: string }[] = [];
  db.middlewareStack.add((next, context) => async (args) => {
    const input = args.input as Record<string, unknown>;
    input.ReturnConsumedCapacity = 'INDEXES';
    const result = await next(args);
    const output = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
    const list = Array.isArray(output.ConsumedCapacity) ? output.ConsumedCapacity : output.ConsumedCapacity ? [output.ConsumedCapacity] : [];
    const byIndex: Record<string, number> = {};
    for (const c of list) {
      byIndex.table = (byIndex.table ?? 0) + (c.Table?.CapacityUnits ?? 0);
      for (const [name, v] of Object.entries(c.GlobalSecondaryIndexes ?? {})) byIndex[name] = (byIndex[name] ?? 0) + (v.CapacityUnits ?? 0);
    }
    const key = (input.Key ?? (input.Item as Record<string, unknown> | undefined)) as Record<string, unknown> | undefined;
    const target = String(input.IndexName ?? key?.sk ?? '').replace(/[#:].*$/, '');
    calls.push({ command: String(context.commandName).replace(/Command$/, ''), units: list.reduce((a, c) => a + (c.CapacityUnits ?? 0), 0), byIndex, target });
    return result;
  }, { step: 'initialize', name: 'benchOrdersMeter' });
  return {
    reset() { calls = []; },
    take() { const out = calls; calls = []; return out; },
  };
}

const units = (calls: { units: number }[]) => calls.reduce((a, c) => a + c.units, 0);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const sizeArg = process.argv.indexOf('--size');
  const size = sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 100_000;
  if (!Number.isInteger(size) || size < 1000) throw new Error('--size must be a whole number of at least 1000');
  const config = readLocalConfig();
  // a table of 100,000 bookings takes DynamoDB Local long to open on a busy machine
  const dynamo = await startDynamo({ dbPath: path.join(config.dataDir, 'bench'), startTimeoutMs: 180_000 });
  try {
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE);
    const t0 = performance.now();
    const bench = await seedBenchShop(deps, db, TABLE, size, say);
    const seedSeconds = (performance.now() - t0) / 1000;
    const m = meter(db);
    const lines = await measure(bench, deps, db, m);
    const report = [
      '## Orders list on a shop of many bookings (issue 18)', '',
      `Shop of **${size.toLocaleString('en')} bookings** over two years, DynamoDB Local on disk (\`${path.relative(ROOT, path.join(config.dataDir, 'bench'))}\`, table ${TABLE}); `
      + `seed or reuse: ${seedSeconds.toFixed(0)} s. Units are DynamoDB's consumed capacity (eventually consistent reads: 0.5 unit per 4 KB). `
      + 'The list is the operation itself (listOrders with the real ports), so latency is DynamoDB Local\'s plus the logic, without the gateway.', '',
      ...lines,
    ];
    const file = path.join(ROOT, 'bench', 'report-orders.md');
    fs.writeFileSync(file, report.join('\n'));
    console.log(report.join('\n'));
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  } finally {
    await dynamo.stop();
  }
}

async function measure(bench: BenchShop, deps: Deps, db: DynamoDBDocumentClient, m: ReturnType<typeof meter>): Promise<string[]> {
  const { shop } = bench;
  const list = (input: OrdersQueryInput) => listOrders(shop, OrdersQuery.parse(input), deps);
  /** The read units of exactly the rows shown: one BatchGet of their items. */
  const rowUnits = async (numbers: string[]) => {
    m.reset();
    if (numbers.length) await batchGet(db, TABLE, numbers.map((tn) => ({ pk: `SHOP#${shop._id}`, sk: `BOOKING#${tn}` })));
    return units(m.take());
  };
  const timed = async (input: OrdersQueryInput, times = 5) => {
    const ms: number[] = [];
    for (let k = 0; k < times; k++) {
      const t = performance.now();
      await list(input);
      ms.push(performance.now() - t);
    }
    return percentile(ms.sort((a, b) => a - b), 50);
  };

  const counted: [string, OrdersQueryInput][] = [
    ['no filter', {}],
    ['status DELIVERED', { status: 'DELIVERED' }],
    ['statuses INPROCESS, FULFILLED', { status: 'INPROCESS,FULFILLED' }],
    ['payment PAID', { payment_status: 'PAID' }],
    ['courier POSTEX', { couriers: 'POSTEX' }],
    ['couriers TCS, MNP', { couriers: 'TCS,MNP' }],
    ['one staff member', { bookedBy: bench.staff[1]! }],
    ['status RTS in 2026', { status: 'RTS', bookingFrom: '2026-01-01', bookingTo: '2026-12-31' }],
    ['booking days: 2026', { bookingFrom: '2026-01-01', bookingTo: '2026-12-31' }],
  ];
  const out: string[] = [
    '### Counter-backed filters: page 1 and a deep page (50 rows a page)', '',
    'Targets: one query per selected value and one BatchGet, plus two counter reads for a deep page; read units at most 1.1x the rows\' own on page 1, 1.5x on page 500. '
    + 'The deep page is page 500, or the last full page of a filter with fewer than 500 full pages (its last page holds a few rows against the same fixed reads). '
    + 'Every request is counted, the member read of Booked by included (the bench shop\'s five staff are its members).', '',
    '| Filter | Total | Page | DynamoDB requests | Read units | Rows\' read units | Ratio | Target | p50 latency |', '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, input] of counted) {
    const first = await list(input);
    // a full page: a filter's last page holds a few rows against the same fixed reads, which says nothing of a deep page's cost
    const deep = Math.min(500, Math.max(1, Math.floor(first.totalOrders / 50)));
    for (const page of [1, deep]) {
      m.reset();
      const res = await list({ ...input, page: String(page) });
      const calls = m.take();
      const rows = await rowUnits(res.data.map((r) => r.tracking_number!).filter(Boolean));
      const ratio = rows ? units(calls) / rows : 0;
      const target = page === 1 ? 1.1 : 1.5;
      const latency = await timed({ ...input, page: String(page) });
      const kinds = Object.entries(calls.reduce<Record<string, number>>((a, c) => ({ ...a, [c.command]: (a[c.command] ?? 0) + 1 }), {})).map(([k, n]) => `${n} ${k}`).join(', ');
      out.push(`| ${name} | ${res.totalOrders.toLocaleString('en')} | ${page} | ${calls.length} (${kinds}) | ${units(calls).toFixed(1)} | ${rows.toFixed(1)} | ${ratio.toFixed(2)}x | ${target}x: ${ratio <= target ? 'met' : 'missed'} | ${latency.toFixed(1)} ms |`);
    }
  }

  const sample = benchBooking(bench, bench.size, Math.floor(bench.size / 2));
  const walked: [string, OrdersQueryInput][] = [
    ['city Lahore', { dest: 'Lahore' }],
    ['a rare city (Turbat)', { dest: 'Turbat' }],
    ['city Karachi and INPROCESS', { dest: 'Karachi', status: 'INPROCESS' }],
    ['tag MERGED', { tag: 'MERGED' }],
    ['MERGED and PAID', { tag: 'MERGED', payment_status: 'PAID' }],
    ['delivered in the last 7 days', { deliveredFrom: '2026-11-20', deliveredTo: '2026-11-27' }],
    ['delivered in more than 5 days (last 90 days)', { days: '5', op: 'GREATER' }],
    ['search: a tracking number', { query: sample.trackingNumber }],
    ['search: an order name', { query: sample.orderNames[0]!.slice(1) }],
    ['search: a phone', { query: sample.consignee.phone }],
    ['search: a city (Multan)', { query: 'Multan' }],
  ];
  out.push('', '### Combinations and free text: by cursor within the read budget (100 units a request)', '',
    '| Filter | Rows on page 1 | Total shown | DynamoDB requests | Read units | Largest request | Page 2 read units | p50 latency |', '|---|---|---|---|---|---|---|---|');
  for (const [name, input] of walked) {
    m.reset();
    const res = await list(input);
    const calls = m.take();
    let second = '';
    if (res.nextCursor) {
      m.reset();
      await list({ ...input, page: '2', cursor: res.nextCursor });
      second = units(m.take()).toFixed(1);
    }
    const latency = await timed(input);
    out.push(`| ${name} | ${res.data.length} | ${res.totalOrders.toLocaleString('en')}${res.totalIsLowerBound ? ' (at least)' : ''} | ${calls.length} | ${units(calls).toFixed(1)} | ${Math.max(0, ...calls.map((c) => c.units)).toFixed(1)} | ${second || '-'} | ${latency.toFixed(1)} ms |`);
  }

  // write units of one booking and of one status move, by item and index, through the app's own paths
  const bookedAt = new Date();
  // booked now, on today's day: a booking day of its model's (two years back) would sit at the top of the
  // date index yet outside every booking-date range, and a later run's pages would read past it
  const fresh = {
    ...benchBooking(bench, bench.size, 0), trackingNumber: `BW${bookedAt.getTime()}`, bookedAt: bookedAt.toISOString(), bookedDay: shopDay(bookedAt, shop.iana_time_zone),
    status: 'FULFILLED' as const, lastStatusAt: bookedAt.toISOString(),
  };
  delete fresh.deliveredAt;
  delete fresh.deliveryDays;
  delete fresh.cancelledAt;
  m.reset();
  await deps.bookings.save(fresh, () => moveCounters(shop, undefined, fresh, deps));
  const booking = m.take();
  const at = new Date().toISOString();
  m.reset();
  const moved = (await deps.bookings.change(fresh, { status: 'DELIVERED', lastStatusAt: at, changedAt: at, deliveredAt: at, deliveryDays: 0 }))!;
  await moveCounters(shop, fresh, moved, deps);
  const move = m.take();
  const byTarget = (calls: ReturnType<typeof m.take>) => {
    const rows = new Map<string, { requests: number; table: number; indexes: Record<string, number> }>();
    for (const c of calls.filter((x) => /Put|Update|Delete|BatchWrite|TransactWrite/.test(x.command))) {
      const key = `${c.command} ${c.target || '(batch)'}`;
      const row = rows.get(key) ?? { requests: 0, table: 0, indexes: {} };
      row.requests += 1;
      row.table += c.byIndex.table ?? 0;
      for (const [k, v] of Object.entries(c.byIndex)) if (k !== 'table') row.indexes[k] = (row.indexes[k] ?? 0) + v;
      rows.set(key, row);
    }
    return [...rows].map(([k, r]) => `| ${k} | ${r.requests} | ${r.table.toFixed(1)} | ${Object.entries(r.indexes).map(([i, v]) => `${i} ${v.toFixed(1)}`).join(', ') || '-'} |`);
  };
  const counterUnits = (calls: ReturnType<typeof m.take>) => calls.filter((c) => c.command.startsWith('Update') && /^(CNT|DELIVERED)$/.test(c.target)).reduce((a, c) => a + c.units, 0);
  out.push('', '### Write units of one booking and of one status move (FULFILLED to DELIVERED), by item and index', '',
    `Booking: ${units(booking.filter((c) => /Put|Update|Delete|Write/.test(c.command))).toFixed(1)} write units in all, counters ${counterUnits(booking).toFixed(1)} (target: at most 8). `
    + `Move: ${units(move.filter((c) => /Put|Update|Delete|Write/.test(c.command))).toFixed(1)} in all, counters ${counterUnits(move).toFixed(1)} (target: at most 8).`, '',
    '| Booking: request and item | Requests | Table units | Index units |', '|---|---|---|---|', ...byTarget(booking), '',
    '| Status move: request and item | Requests | Table units | Index units |', '|---|---|---|---|', ...byTarget(move), '');
  return out;
}

await main();
