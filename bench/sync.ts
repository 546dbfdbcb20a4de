import fs from 'node:fs';
import path from 'node:path';
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import { courierDefinition, windowOf, type CourierId, type SyncAccountMessage, type SyncBatchMessage } from '@dakiya/shared';
import type { ShopifyAdmin } from '@dakiya/functions/domain/ports/shopify';
import { SyncBatch, syncBatch } from '@dakiya/functions/domain/sync/batch';
import { queueAccountBatches } from '@dakiya/functions/jobs/sync-accounts/queue-batches';
import { queueSlot } from '@dakiya/functions/jobs/sync-schedule/queue-slot';
import { ROOT } from '../local/config';
import { startDynamo } from '../local/services/dynamo';
import { startCourierSims } from '../local/simulators/couriers';
import { benchDeps } from './bench-deps';
import { syncMeter, type MeterTake } from './sync-meter';
import { PER_SHOP, seedSyncWorld } from './sync-world';

/**
 * `./dakiya bench sync [--size N]`: the status sync (issue 21) over N moving parcels (100,000 by
 * default) of N / 500 paid shops and the four courier simulators answering in 150 ms, on a simulated
 * clock the simulators and the scheduler share. One full pass (the daily 00:00 slot), then the 24
 * hourly slots of the next day: courier calls next to the minimum the batch limits allow, write units
 * per parcel per day next to the status changes, write units per change by item and index, and the
 * freshness of each courier scan. The pipeline's own code runs as the Lambdas would (slot, first
 * stage, worker), its queues replaced by in-process lists and its Shopify calls counted by a stub
 * that answers at once. Writes bench/report-sync.md.
 */
const say = (text: string) => process.stderr.write(`[bench sync] ${new Date().toISOString().slice(11, 19)} ${text}\n`);
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const SIZE = flag('--size', 100_000);
const LATENCY_MS = flag('--latency', 150);
const TABLE = 'dakiya-sync-bench';
const HOUR = 3_600_000;
/** The simulated clock starts on a daily slot (00:00 UTC). */
const START = Date.parse('2026-11-21T00:00:00.000Z');
/** The worker's maximum concurrency (its event source's), and the first stage's. */
const WORKERS = 10;
const FIRST_STAGES = 5;

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}
const pct = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  let simNow = START;
  const sims = await startCourierSims({ clock: { now: () => simNow } });
  const dynamo = await startDynamo({ startTimeoutMs: 180_000 });
  try {
    const { db, deps } = await benchDeps(dynamo.endpoint, TABLE, { COURIER_BASE_URLS: JSON.stringify(sims.urls), COURIER_TIMEOUT_MS: '30000' });
    // the bench's own reads (freshness bookkeeping) go through a client the meter does not see
    const plain = await benchDeps(dynamo.endpoint, TABLE);
    deps.now = () => new Date(simNow);
    const shopify = { events: 0, tagsAdded: 0, tagsRemoved: 0 };
    const stub: Partial<ShopifyAdmin> = {
      createFulfillmentEvent: async (input) => { shopify.events++; return { id: `e${shopify.events}`, status: input.status }; },
      addTags: async (_id, tags) => { shopify.tagsAdded++; return tags; },
      removeTags: async () => { shopify.tagsRemoved++; return []; },
    };
    deps.shopifyFor = () => stub as ShopifyAdmin;
    let accountMessages: SyncAccountMessage[] = [];
    let parcelMessages: SyncBatchMessage[] = [];
    deps.jobs.send = (async (job: string, messages: unknown[]) => {
      if (job === 'sync.accounts') accountMessages.push(...(messages as SyncAccountMessage[]));
      else if (job === 'sync.parcels') parcelMessages.push(...(messages as SyncBatchMessage[]));
      else throw new Error(`the sync bench queues no ${job}`);
    }) as typeof deps.jobs.send;

    say(`seeding ${SIZE} moving parcels over ${Math.round(SIZE / PER_SHOP)} shops`);
    const t0 = performance.now();
    const world = await seedSyncWorld(deps, db, TABLE, sims, START, SIZE, say);
    const seedSeconds = (performance.now() - t0) / 1000;
    for (const sim of Object.values(sims.sims)) { sim.control.setLatency(LATENCY_MS); sim.control.clearCalls(); }
    const meter = syncMeter(db);
    meter.take();

    const lastPolled = new Map<string, number>();
    const lags: { lagH: number; boundH: number }[] = [];
    interface Pass { at: string; accounts: number; batches: number; asked: number; minimum: number; calls: Record<string, number>; trackCalls: number; moved: number; errors: number; courierErrors: number; ms: number; units: MeterTake }

    async function pass(at: number): Promise<Pass> {
      simNow = at;
      accountMessages = [];
      parcelMessages = [];
      const started = performance.now();
      const slot = await queueSlot(new Date(at), deps);
      const firsts = accountMessages;
      await pool(firsts, FIRST_STAGES, async (m) => { await queueAccountBatches(m, deps); });
      const batches = parcelMessages;
      let moved = 0;
      let errors = 0;
      let courierErrors = 0;
      const movedBatches: SyncBatchMessage[] = [];
      await pool(batches, WORKERS, async (b) => {
        try {
          const outcome = await syncBatch(SyncBatch.parse(b), deps);
          moved += outcome.moved;
          errors += outcome.errors;
          if (outcome.moved) movedBatches.push(b);
        } catch {
          courierErrors++;
        }
      });
      const ms = performance.now() - started;
      const units = meter.take();
      // asked per account, and the fewest calls the couriers' batch limits allow for them
      const perAccount = new Map<string, { courier: CourierId; numbers: Set<string> }>();
      for (const b of batches) {
        const key = `${b.shopId}#${b.accountId}`;
        const entry = perAccount.get(key) ?? { courier: b.courier, numbers: new Set<string>() };
        for (const tn of b.trackingNumbers) entry.numbers.add(tn);
        perAccount.set(key, entry);
      }
      const asked = [...perAccount.values()].reduce((n, e) => n + e.numbers.size, 0);
      const minimum = [...perAccount.values()].reduce((n, e) => n + Math.ceil(e.numbers.size / courierDefinition(e.courier).booking.trackBatchSize), 0);
      const calls: Record<string, number> = {};
      let trackCalls = 0;
      for (const [id, sim] of Object.entries(sims.sims)) {
        const list = sim.control.calls();
        calls[id] = list.length;
        trackCalls += list.filter((c) => /track/i.test(c.path)).length;
        sim.control.clearCalls();
      }
      // freshness: every courier scan made since a parcel was last asked, against the window its stored status put it in
      const events = new Map<string, { at: string }[]>();
      for (const sim of Object.values(sims.sims)) for (const s of sim.control.shipments()) events.set(s.trackingNumber, s.events);
      for (const b of batches) {
        for (const tn of b.trackingNumbers) {
          const key = `${b.shopId}/${tn}`;
          const since = lastPolled.get(key);
          const changed = world.lastStatusAt.get(key);
          if (since !== undefined && changed !== undefined) {
            for (const e of events.get(tn) ?? []) {
              const scan = Date.parse(e.at);
              if (scan > since && scan <= at) lags.push({ lagH: (at - scan) / HOUR, boundH: windowOf(new Date(changed), new Date(scan)).everyHours });
            }
          }
          lastPolled.set(key, at);
        }
      }
      for (const b of movedBatches) {
        for (const booking of await plain.deps.bookings.getMany(b.shopId, b.trackingNumbers)) world.lastStatusAt.set(`${b.shopId}/${booking.trackingNumber}`, Date.parse(booking.lastStatusAt));
      }
      return { at: new Date(at).toISOString(), accounts: slot.accounts, batches: batches.length, asked, minimum, calls, trackCalls, moved, errors, courierErrors, ms, units };
    }

    say('full pass (the daily 00:00 slot)');
    const full = await pass(START);
    say(`full pass: ${full.asked} asked, ${full.moved} moved, ${(full.ms / 1000).toFixed(1)} s`);
    // freshness counts scans after the full pass: every parcel was asked then
    lags.length = 0;
    const shopifyAfterFull = { ...shopify };
    const day: Pass[] = [];
    for (let h = 1; h <= 24; h++) {
      const p = await pass(START + h * HOUR);
      day.push(p);
      say(`slot +${h} h: ${p.asked} asked, ${p.moved} moved, ${(p.ms / 1000).toFixed(1)} s`);
    }

    const sum = (list: Pass[], f: (p: Pass) => number) => list.reduce((n, p) => n + f(p), 0);
    const dayUnits = { write: sum(day, (p) => p.units.write), read: sum(day, (p) => p.units.read) };
    const dayMoves = sum(day, (p) => p.moved);
    const merge = (maps: Map<string, number>[]) => {
      const out = new Map<string, number>();
      for (const m of maps) for (const [k, v] of m) out.set(k, (out.get(k) ?? 0) + v);
      return [...out.entries()].sort((a, b) => b[1] - a[1]);
    };
    const perChange = (list: Pass[], moves: number) => [
      '| Written to | Units per status change |', '|---|---|',
      ...merge(list.map((p) => p.units.byKind)).map(([k, v]) => `| item ${k} | ${(v / Math.max(1, moves)).toFixed(2)} |`),
      ...merge(list.map((p) => p.units.byIndex)).map(([k, v]) => `| ${k === 'table' ? 'the table (all items)' : `index ${k}`} | ${(v / Math.max(1, moves)).toFixed(2)} |`),
    ];
    const within = lags.filter((l) => l.lagH <= l.boundH + 1e-9).length;
    const byBound = [...new Set(lags.map((l) => l.boundH))].sort((a, b) => a - b).map((b) => {
      const ls = lags.filter((l) => l.boundH === b).map((l) => l.lagH);
      return `| every ${b} h | ${ls.length} | ${pct(ls, 50).toFixed(2)} h | ${pct(ls, 95).toFixed(2)} h | ${Math.max(...ls).toFixed(2)} h |`;
    });
    const passRow = (p: Pass) => `| ${p.at.slice(11, 16)} | ${p.accounts} | ${p.asked} | ${p.trackCalls} | ${p.minimum} | ${(p.trackCalls / Math.max(1, p.minimum)).toFixed(3)}x | ${p.moved} | ${p.courierErrors + p.errors} | ${p.units.read.toFixed(1)} | ${p.units.write.toFixed(1)} | ${(p.ms / 1000).toFixed(1)} s |`;
    const report = [
      `# Status sync bench: ${SIZE.toLocaleString('en')} moving parcels`, '',
      `Run ${new Date().toISOString()} on Node ${process.version}; ${world.shops.length} paid shops of ${PER_SHOP} moving parcels, one account of each courier;`,
      `simulators answering in ${LATENCY_MS} ms; seeded in ${seedSeconds.toFixed(0)} s. DynamoDB Local in memory; units are its ConsumedCapacity.`,
      'Shopify: a stub that answers at once and counts the calls (the bench shops have no simulator store); the step\'s own DynamoDB write is measured.', '',
      '## Passes', '',
      '| Slot (UTC) | Accounts | Parcels asked | Tracking calls | Minimum | Ratio | Moved | Errors | Read units | Write units | Wall time |', '|---|---|---|---|---|---|---|---|---|---|---|',
      passRow(full), ...day.map(passRow), '',
      `Full pass: ${full.asked} parcels asked of ${SIZE} moving; every courier call: ${JSON.stringify(full.calls)}.`, '',
      '## The next day (24 hourly slots)', '',
      `- Tracking calls ${sum(day, (p) => p.trackCalls)} against a minimum of ${sum(day, (p) => p.minimum)} (${(sum(day, (p) => p.trackCalls) / Math.max(1, sum(day, (p) => p.minimum))).toFixed(3)}x); parcels asked ${sum(day, (p) => p.asked)} (${(sum(day, (p) => p.asked) / SIZE).toFixed(2)} per parcel).`,
      `- Status changes ${dayMoves} (${(dayMoves / SIZE).toFixed(3)} per parcel); write units ${dayUnits.write.toFixed(0)}: ${(dayUnits.write / SIZE).toFixed(3)} per parcel per day, ${(dayUnits.write / Math.max(1, dayMoves)).toFixed(2)} per status change; read units ${dayUnits.read.toFixed(0)}: ${(dayUnits.read / SIZE).toFixed(3)} per parcel per day.`,
      `- Shopify calls (counted): full pass ${JSON.stringify(shopifyAfterFull)}; the day ${JSON.stringify({ events: shopify.events - shopifyAfterFull.events, tagsAdded: shopify.tagsAdded - shopifyAfterFull.tagsAdded, tagsRemoved: shopify.tagsRemoved - shopifyAfterFull.tagsRemoved })}.`, '',
      '### Write units per status change, the day\'s slots', '', ...perChange(day, dayMoves), '',
      '### Write units per status change, the full pass', '', ...perChange([full], full.moved), '',
      '## Freshness (courier scan to Dakiya asking, simulated clock)', '',
      `${lags.length} scans; ${within} (${((within / Math.max(1, lags.length)) * 100).toFixed(1)}%) within their window's interval.`, '',
      '| Window | Scans | p50 | p95 | max |', '|---|---|---|---|---|', ...byBound, '',
    ];
    const file = path.join(ROOT, 'bench', `report-sync-${SIZE}.md`);
    fs.writeFileSync(file, report.join('\n'));
    console.log(report.join('\n'));
  } finally {
    await dynamo.stop();
    await sims.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
