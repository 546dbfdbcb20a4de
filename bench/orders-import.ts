import fs from 'node:fs';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ImportOrdersInput, type PaymentStatus } from '@dakiya/shared';
import { importPayments } from '@dakiya/functions/domain/orders/import-payments';
import { ROOT } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { chunksOf, parsePayments } from '../web/src/features/orders/payments-csv';
import { benchBooking, seedBenchShop } from './orders-seed';
import { benchDeps } from './bench-deps';

/**
 * `./dakiya bench import [--bookings N] [--rows R]`: 'Update payment status by CSV' at the size of
 * a 5 MB file (200,000 rows by default) against N seeded bookings (20,000 by default, in an in-memory
 * DynamoDB Local: the file names each booking R / N times, every row a real change, PAID and UNPAID
 * in turn). The import is the browser's parser (payments-csv.ts, papaparse) and its chunks, each
 * through the route's schema and the operation's domain function with the real ports (no gateway);
 * next to it a script that issues the same conditional updates directly (the same key, condition,
 * index key and concurrency, no reads and no counters). Writes bench/report-import.md.
 */
const say = (text: string) => process.stderr.write(`[bench import] ${text}\n`);
const TABLE = 'dakiya-bench-import';
const WRITERS = 25;

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

const flip = (s: PaymentStatus): PaymentStatus => (s === 'PAID' ? 'UNPAID' : 'PAID');

async function main() {
  const bookings = arg('--bookings', 20_000);
  const rows = arg('--rows', 200_000);
  const dynamo = await startDynamo({ startTimeoutMs: 120_000 });
  try {
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE);
    let t = performance.now();
    const bench = await seedBenchShop(deps, db, TABLE, bookings, () => undefined);
    say(`seeded ${bookings} bookings in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const seeded = Array.from({ length: bookings }, (_, i) => benchBooking(bench, bookings, i));

    // row k names booking k mod N and flips its payment status: every row is a change
    const current = new Map(seeded.map((b) => [b.trackingNumber, b.paymentStatus]));
    const flipAll = () => Array.from({ length: rows }, (_, k) => {
      const b = seeded[k % bookings]!;
      const from = current.get(b.trackingNumber)!;
      current.set(b.trackingNumber, flip(from));
      return { b, from, to: flip(from) };
    });
    const plan = flipAll();
    // the direct script's same rows, from where the import leaves each booking
    const again = flipAll();
    const text = ['tracking_number,payment_status', ...plan.map((p) => `${p.b.trackingNumber},${p.to}`)].join('\r\n');
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
      bookings: Object.assign(Object.create(repo) as typeof repo, { getMany: timed(repo.getMany.bind(repo), 'reads') }),
      counters: Object.assign(Object.create(store) as typeof store, { apply: timed(store.apply.bind(store), 'counters') }),
    };

    t = performance.now();
    const parsed = parsePayments(text);
    if ('error' in parsed) throw new Error(parsed.error);
    const counts = { updated: 0, unchanged: 0, notMatched: 0 };
    let slowest = 0;
    for (const chunk of chunksOf(parsed.rows)) {
      const c0 = performance.now();
      const answer = await importPayments(bench.shop, ImportOrdersInput.parse({ ordersData: chunk }).ordersData, measured);
      slowest = Math.max(slowest, performance.now() - c0);
      counts.updated += answer.updated;
      counts.unchanged += answer.unchanged;
      counts.notMatched += answer.notMatched;
    }
    const importSeconds = (performance.now() - t) / 1000;
    const imported = m.take();
    say(`import: ${importSeconds.toFixed(1)} s (reads ${(phases.reads / 1000).toFixed(1)} s, counters ${(phases.counters / 1000).toFixed(1)} s), ${JSON.stringify(counts)}`);
    if (counts.updated !== rows) throw new Error(`the import updated ${counts.updated} of ${rows} rows`);

    // the same conditional updates, issued directly: the last pass left every booking as seeded
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
    say(`direct: ${directSeconds.toFixed(1)} s`);

    const bytes = Buffer.byteLength(text);
    // the browser's part of a full 5 MB file, whatever the rows imported here: its parse and its chunks
    const full = ['tracking_number,payment_status', ...Array.from({ length: 200_000 }, (_, k) => `${seeded[k % bookings]!.trackingNumber},${k % 2 ? 'PAID' : 'UNPAID'}`)].join('\r\n');
    t = performance.now();
    const fullRows = parsePayments(full);
    const parseSeconds = (performance.now() - t) / 1000;
    if ('error' in fullRows) throw new Error(fullRows.error);
    const f = (n: number) => Math.round(n).toLocaleString('en');
    const report = [
      '## Import of payment status by CSV (issue 20)', '',
      `A file of **${f(rows)} rows** (${(bytes / 1024 / 1024).toFixed(2)} MB) against ${f(bookings)} seeded bookings (each named ${f(rows / bookings)} times, every row a change), `
      + `DynamoDB Local in memory on this machine. The import is the browser's parser and chunks of ${f(chunksOf(parsed.rows)[0]!.length)} rows, each through the route's schema and `
      + `importPayments with the real ports (no gateway); the direct script issues the same conditional UpdateItem calls (key, condition, index key), ${WRITERS} at a time like the import, without reads or counters.`, '',
      '| | Wall time | Booking writes | Write units (bookings, with the index) | Counter write units | Read units |',
      '|---|---|---|---|---|---|',
      `| Import (${f(rows / chunksOf(parsed.rows)[0]!.length)} chunks) | ${importSeconds.toFixed(1)} s | ${f(imported.updates)} | ${f(imported.bookingWrites)} | ${f(imported.counterWrites)} | ${f(imported.reads)} |`,
      `| Direct conditional updates | ${directSeconds.toFixed(1)} s | ${f(direct.updates)} | ${f(direct.bookingWrites)} | 0 | 0 |`,
      '',
      `Import / direct: **${(importSeconds / directSeconds).toFixed(2)}x** the wall time (target: at most 3x). Of the import's time, the chunks' reads took ${(phases.reads / 1000).toFixed(1)} s `
      + `and their counter writes ${(phases.counters / 1000).toFixed(1)} s; the rest is the bookings' conditional writes and the parse. Slowest chunk: ${(slowest / 1000).toFixed(2)} s (API Gateway allows 30 s).`,
      `A full file of 200,000 rows (${(Buffer.byteLength(full) / 1024 / 1024).toFixed(2)} MB) parses in ${parseSeconds.toFixed(2)} s with the browser's parser (here in Node) into ${f(chunksOf(fullRows.rows).length)} requests.`,
      'The counter writes are the chunks\' summed moves, one update per counter item a chunk touches; the reads are each chunk\'s BatchGets of its bookings.', '',
    ];
    const file = path.join(ROOT, 'bench', 'report-import.md');
    fs.writeFileSync(file, report.join('\n'));
    console.log(report.join('\n'));
  } finally {
    await dynamo.stop();
  }
}

await main();
