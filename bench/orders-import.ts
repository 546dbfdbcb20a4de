import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { IMPORT_CHUNK_ROWS, ImportOrdersInput, type PaymentStatus } from '@dakiya/shared';
import { importPayments } from '@dakiya/functions/domain/orders/import-payments';
import { ROOT } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { CHUNKS_AT_ONCE, chunksOf, parsePayments, sendChunks } from '../web/src/features/orders/payments-csv';
import { benchBooking, seedBenchShop } from './orders-seed';
import { benchDeps } from './bench-deps';

/**
 * `./dakiya bench import [--bookings N] [--rows R]`: 'Update payment status by CSV' at the size of
 * a 5 MB file (200,000 rows by default) against N seeded bookings (20,000 by default, in an in-memory
 * DynamoDB Local: the file names each booking R / N times, every row a real change, PAID and UNPAID
 * in turn). The import is the browser's parser and sender (payments-csv.ts: papaparse, its chunks,
 * a few at once), each chunk through the route's schema and the operation's domain function with the
 * real ports (no gateway); next to it a script that issues the same conditional updates directly (the
 * same key, condition, index key and concurrency, no reads and no counters). The bench fails unless
 * both wrote the same bookings with the same write units. Writes bench/report-import.md.
 */
const say = (text: string) => process.stderr.write(`[bench import] ${text}\n`);
const TABLE = 'dakiya-bench-import';
/** The import's writers: 25 a chunk (domain/orders/import-payments.ts), CHUNKS_AT_ONCE chunks at once. */
const WRITERS = 25 * CHUNKS_AT_ONCE;

interface Consumed { CapacityUnits?: number }

/** Consumed capacity by kind of call: booking writes, counter writes, reads. */
function meter(db: DynamoDBDocumentClient) {
  const totals = { bookingWrites: 0, counterWrites: 0, reads: 0, updates: 0 };
  db.middlewareStack.add((next, context) => async (args) => {
    const input = args.input as { ReturnConsumedCapacity?: string; Key?: { sk?: string } };
    input.ReturnConsumedCapacity = 'INDEXES';
    const result = await next(args);
    const out = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
    const used = (Array.isArray(out.ConsumedCapacity) ? out.ConsumedCapacity : out.ConsumedCapacity ? [out.ConsumedCapacity] : []).reduce((a, c) => a + (c.CapacityUnits ?? 0), 0);
    const command = String(context.commandName);
    if (command.startsWith('Update')) {
      if (String(input.Key?.sk ?? '').startsWith('BOOKING#')) { totals.bookingWrites += used; totals.updates++; } else totals.counterWrites += used;
    } else totals.reads += used;
    return result;
  }, { step: 'initialize', name: 'benchImportMeter' });
  return {
    take() { const out = { ...totals }; Object.assign(totals, { bookingWrites: 0, counterWrites: 0, reads: 0, updates: 0 }); return out; },
  };
}

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  const value = at > 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1000) throw new Error(`${name} must be a whole number of at least 1000`);
  return value;
};

const loadNow = () => os.loadavg()[0] ?? 0;

const flip = (s: PaymentStatus): PaymentStatus => (s === 'PAID' ? 'UNPAID' : 'PAID');

interface Measured {
  rows: number;
  bytes: number;
  importSeconds: number;
  directSeconds: number;
  imported: ReturnType<ReturnType<typeof meter>['take']>;
  direct: ReturnType<ReturnType<typeof meter>['take']>;
  phases: { reads: number; counters: number };
  slowest: number;
  load: number[];
}

const sizesOf = () => {
  const at = process.argv.indexOf('--rows');
  const sizes = (at > 0 ? String(process.argv[at + 1]) : '200000').split(',').map(Number);
  if (!sizes.every((n) => Number.isInteger(n) && n >= 1000)) throw new Error('--rows must be whole numbers of at least 1000, separated by commas');
  return sizes;
};

async function main() {
  const bookings = arg('--bookings', 20_000);
  const sizes = sizesOf();
  const dynamo = await startDynamo({ startTimeoutMs: 120_000 });
  try {
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE);
    let t = performance.now();
    const bench = await seedBenchShop(deps, db, TABLE, bookings, () => undefined);
    const seedSeconds = (performance.now() - t) / 1000;
    say(`seeded ${bookings} bookings in ${seedSeconds.toFixed(0)} s`);
    const seeded = Array.from({ length: bookings }, (_, i) => benchBooking(bench, bookings, i));
    const m = meter(db);
    // where a chunk's time goes: its reads, and its counter writes (the rest is the bookings' writes)
    const phases = { reads: 0, counters: 0 };
    const timed = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, phase: keyof typeof phases) => async (...args: A) => {
      const p0 = performance.now();
      try { return await fn(...args); } finally { phases[phase] += performance.now() - p0; }
    };
    // the repositories are stand-ins that build the store on first use: wrapped, not patched
    const { bookings: repo, counters: store } = deps;
    const measured = {
      ...deps,
      bookings: Object.assign(Object.create(repo) as typeof repo, { getCounted: timed(repo.getCounted.bind(repo), 'reads') }),
      counters: Object.assign(Object.create(store) as typeof store, { apply: timed(store.apply.bind(store), 'counters') }),
    };
    // row k names booking k mod N and flips its payment status: every row is a change
    const current = new Map(seeded.map((b) => [b.trackingNumber, b.paymentStatus]));
    const flipAll = (rows: number) => Array.from({ length: rows }, (_, k) => {
      const b = seeded[k % bookings]!;
      const from = current.get(b.trackingNumber)!;
      current.set(b.trackingNumber, flip(from));
      return { b, from, to: flip(from) };
    });

    const runs: Measured[] = [];
    for (const rows of sizes) {
      const plan = flipAll(rows);
      // the direct script's same rows, from where the import leaves each booking
      const again = flipAll(rows);
      const text = ['tracking_number,payment_status', ...plan.map((p) => `${p.b.trackingNumber},${p.to}`)].join('\r\n');
      Object.assign(phases, { reads: 0, counters: 0 });
      m.take();

      const load = [loadNow()];
      t = performance.now();
      const parsed = parsePayments(text);
      if ('error' in parsed) throw new Error(parsed.error);
      const counts = { updated: 0, unchanged: 0, notMatched: 0 };
      let slowest = 0;
      let answered = 0;
      const chunks = chunksOf(parsed.rows).length;
      const sent = await sendChunks(parsed.rows, 0, async (chunk) => {
        const c0 = performance.now();
        const answer = await importPayments(bench.shop, ImportOrdersInput.parse({ ordersData: chunk }).ordersData, measured);
        slowest = Math.max(slowest, performance.now() - c0);
        return answer;
      }, (_first, _chunk, answer) => {
        counts.updated += answer.updated;
        counts.unchanged += answer.unchanged;
        counts.notMatched += answer.notMatched;
        if (++answered % 20 === 0) say(`${rows} rows: ${answered} of ${chunks} chunks in ${((performance.now() - t) / 1000).toFixed(0)} s, load ${loadNow().toFixed(1)}`);
      });
      if (sent.error) throw sent.error;
      const importSeconds = (performance.now() - t) / 1000;
      load.push(loadNow());
      const imported = m.take();
      say(`${rows} rows: import ${importSeconds.toFixed(1)} s (reads ${(phases.reads / 1000).toFixed(1)} s, counters ${(phases.counters / 1000).toFixed(1)} s), ${JSON.stringify(counts)}`);
      if (counts.updated !== rows) throw new Error(`the import updated ${counts.updated} of ${rows} rows`);

      // the same conditional updates, issued directly: the second pass leaves every booking as the first found it
      t = performance.now();
      let next = 0;
      const now = new Date().toISOString();
      await Promise.all(Array.from({ length: WRITERS }, async () => {
        for (let k = next++; k < again.length; k = next++) {
          const { b, from, to } = again[k]!;
          await db.send(new UpdateCommand({
            TableName: TABLE,
            Key: { pk: `SHOP#${b.shopId}`, sk: `BOOKING#${b.trackingNumber}` },
            UpdateExpression: 'SET #p = :to, #g = :index, #c = :now',
            ConditionExpression: '#s = :status AND #p = :from',
            ExpressionAttributeNames: { '#p': 'paymentStatus', '#g': 'gsi6pk', '#c': 'changedAt', '#s': 'status' },
            ExpressionAttributeValues: { ':to': to, ':from': from, ':index': `SHOP#${b.shopId}#PAYMENT#${to}`, ':now': now, ':status': b.status },
          }));
        }
      }));
      const directSeconds = (performance.now() - t) / 1000;
      const direct = m.take();
      load.push(loadNow());
      say(`${rows} rows: direct ${directSeconds.toFixed(1)} s`);
      // the comparison holds only for the same writes: the same bookings, the same units
      if (direct.updates !== imported.updates || direct.bookingWrites !== imported.bookingWrites) {
        throw new Error(`unequal writes: the import ${imported.updates} updates, ${imported.bookingWrites} units; the direct script ${direct.updates} updates, ${direct.bookingWrites} units`);
      }
      runs.push({ rows, bytes: Buffer.byteLength(text), importSeconds, directSeconds, imported, direct, phases: { ...phases }, slowest, load });
      writeReport(runs, bookings, seedSeconds);
    }

    // the browser's part of a full 5 MB file, whatever the rows imported here: its parse and its chunks
    const full = ['tracking_number,payment_status', ...Array.from({ length: 200_000 }, (_, k) => `${seeded[k % bookings]!.trackingNumber},${k % 2 ? 'PAID' : 'UNPAID'}`)].join('\r\n');
    t = performance.now();
    const fullRows = parsePayments(full);
    const parseSeconds = (performance.now() - t) / 1000;
    if ('error' in fullRows) throw new Error(fullRows.error);
    writeReport(runs, bookings, seedSeconds, `A full file of 200,000 rows (${(Buffer.byteLength(full) / 1024 / 1024).toFixed(2)} MB) parses in ${parseSeconds.toFixed(2)} s `
      + `with the browser's parser (here in Node) into ${chunksOf(fullRows.rows).length} requests.`);
  } finally {
    await dynamo.stop();
  }
}

const f = (n: number) => Math.round(n).toLocaleString('en');

/** Written again after each size, so a run stopped midway keeps the sizes it finished. */
function writeReport(runs: Measured[], bookings: number, seedSeconds: number, parse?: string) {
  const report = [
    '## Import of payment status by CSV (issue 20)', '',
    `Files of ${runs.map((r) => f(r.rows)).join(', ')} rows against ${f(bookings)} seeded bookings (seeded in ${f(seedSeconds)} s; every row a change, booking k mod ${f(bookings)} flipped), `
    + 'the sizes one after another in one DynamoDB Local in memory on this machine. '
    + `The import is the browser's parser and sender, chunks of ${f(IMPORT_CHUNK_ROWS)} rows, ${CHUNKS_AT_ONCE} at once, each through the route's schema and `
    + `importPayments with the real ports (no gateway); the direct script issues the same conditional UpdateItem calls (key, condition, index key), ${WRITERS} at a time like the import, `
    + 'without reads or counters. The bench checks both wrote the same bookings with the same write units.', '',
    '| Rows (MB) | Import | Direct | Import / direct | Booking writes (each side) | Booking write units (each side) | Counter write units | Read units | Reads, counters (summed over chunks) | Slowest chunk | Load average (start, after import, after direct) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map((r) => `| ${f(r.rows)} (${(r.bytes / 1024 / 1024).toFixed(2)}) | ${r.importSeconds.toFixed(1)} s | ${r.directSeconds.toFixed(1)} s | **${(r.importSeconds / r.directSeconds).toFixed(2)}x** `
      + `| ${f(r.imported.updates)} | ${f(r.imported.bookingWrites)} | ${f(r.imported.counterWrites)} | ${f(r.imported.reads)} `
      + `| ${(r.phases.reads / 1000).toFixed(1)} s, ${(r.phases.counters / 1000).toFixed(1)} s | ${(r.slowest / 1000).toFixed(1)} s | ${r.load.map((l) => l.toFixed(1)).join(', ')} |`),
    '',
    'Target: the import at most 3x the direct script. The counter writes are the chunks\' summed moves, one update per counter item a chunk touches; the reads are each chunk\'s BatchGets of its bookings\' counted fields.',
    ...(parse ? [parse] : []), '',
  ];
  fs.writeFileSync(path.join(ROOT, 'bench', 'report-import.md'), report.join('\n'));
  console.log(report.join('\n'));
}

await main();
