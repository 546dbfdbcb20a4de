import fs from 'node:fs';
import path from 'node:path';
import { apiClient } from '../local/api-client';
import { ROOT, readLocalConfig } from '../local/config';
import { seedDemo } from '../local/seed';
import { startStack } from '../local/stack';
import { meterCapacity } from './capacity';
import { benchBooking } from './booking';
import { benchBilling } from './billing';
import { bareServer, load, type LatencyStats } from './measure';
import { bundleSizes, firstLoadJs } from './sizes';
import { benchTrackingPage } from './tracking-page';

/**
 * `./dakiya bench`: the product in local mode, measured. Writes bench/report.md. Numbers are for a
 * report and for comparing runs on the same machine; no test asserts on time.
 */
const REQUESTS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = 8;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${v.toFixed(2)} ms`;

const stack = await startStack({ config: readLocalConfig(), persistent: false, randomPorts: true, logLevel: 'ERROR' });
const lines: string[] = [];
try {
  const t0 = performance.now();
  const signIns = await seedDemo(stack);
  const seedSeconds = (performance.now() - t0) / 1000;
  const meter = meterCapacity(stack.db);
  const courierCalls = () => Object.fromEntries(Object.entries(stack.couriers.sims).map(([id, sim]) => [id, sim.control.calls().length]));
  const api = apiClient(stack.appUrl);

  // capacity and courier calls of single requests
  const perRequest: { step: string; read: number; write: number; calls: number; courier: string }[] = [];
  const measureStep = async (step: string, fn: () => Promise<unknown>) => {
    const before = courierCalls();
    meter.reset();
    await fn();
    const after = courierCalls();
    const courier = Object.entries(after).map(([id, n]) => [id, n - (before[id] ?? 0)] as const).filter(([, n]) => n > 0).map(([id, n]) => `${id} ${n}`).join(', ') || '0';
    perRequest.push({ step, ...meter.snapshot(), courier });
  };
  let token = '';
  await measureStep('POST /login-user', async () => { token = (await api.call('auth.login', { body: signIns.owner })).auth_token; });
  await measureStep('GET /me', () => api.call('auth.me', { token }));
  await measureStep('GET /get-users', () => api.call('users.list', { token, query: { page: 1, limit: 50 } }));
  await measureStep('GET /get-accounts-table', () => api.call('accounts.table', { token, query: { page: 1, limit: 50 } }));
  const { accounts } = await api.call('accounts.list', { token });
  const cities = (company: string) => api.call('accounts.cities', { token, params: { tracking_account_id: accounts.find((a) => a.company === company)!._id } });
  await measureStep('GET /get-cities/{leopards account}', () => cities('LEOPARD'));
  await measureStep('GET /get-cities/{tcs account}', () => cities('TCS'));
  // forgot password queues the address and answers: the same work whether or not it has an account
  await measureStep('POST /password/reset-password-pin (known email)', () => api.call('auth.resetPin', { body: { email: signIns.staff.email } }));
  await measureStep('POST /password/reset-password-pin (unknown email)', () => api.call('auth.resetPin', { body: { email: 'nobody@dakiya-demo.pk' } }));
  // four each stay within the per-email limit (5 an hour), so every request queues its job
  const resetKnown = await load(4, 1, async () => { await api.call('auth.resetPin', { body: { email: signIns.owner.email } }); });
  const resetUnknown = await load(4, 1, async () => { await api.call('auth.resetPin', { body: { email: 'nobody-else@dakiya-demo.pk' } }); });

  // /me under load next to a bare server answering the same bytes
  const meBody = JSON.stringify(await api.call('auth.me', { token }));
  const bare = await bareServer(meBody);
  await load(200, CONCURRENCY, async () => { await (await fetch(bare.url)).text(); });
  const bareStats = await load(REQUESTS, CONCURRENCY, async () => { await (await fetch(bare.url)).text(); });
  await bare.stop();
  meter.reset();
  await load(200, CONCURRENCY, async () => { await api.call('auth.me', { token }); });
  meter.reset();
  const meStats = await load(REQUESTS, CONCURRENCY, async () => { await api.call('auth.me', { token }); });
  const meCapacity = meter.snapshot();
  // the floor under /me: one GetItem on DynamoDB Local (/me reads session, user and shop in one BatchGetItem)
  const shop = await stack.deps.shops.getByDomain(stack.config.demo.shop);
  const getStats = await load(REQUESTS, CONCURRENCY, async () => { await stack.deps.shops.get(shop!._id); });

  const bookingReport = await benchBooking(stack, api, token, meter);
  const billing = await benchBilling(stack, api, meter, { paid: signIns.owner, free: signIns.freeOwner }, Math.min(REQUESTS, 2000), CONCURRENCY);

  // a parcel the booking bench just booked, as its consignee opens it
  const booked = (await api.call('orders.list', { token, query: { limit: 10 } })).data.find((row) => row.tracking_number)?.tracking_number;
  const trackingPage = booked ? await benchTrackingPage(stack.appUrl, booked) : ['## Public tracking page', '', 'Not measured: no booking to open.', ''];

  const bundles = await bundleSizes(ROOT);
  const webDist = path.join(ROOT, 'web', 'dist');
  const firstLoad = fs.existsSync(path.join(webDist, 'index.html')) ? firstLoadJs(webDist) : undefined;

  const row = (name: string, s: LatencyStats) => `| ${name} | ${s.requests} | ${ms(s.p50)} | ${ms(s.p90)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.perSecond.toFixed(0)} |`;
  lines.push(
    '# Dakiya benchmark report', '',
    `Run ${new Date().toISOString()} on Node ${process.version}, ${REQUESTS} requests per load at concurrency ${CONCURRENCY}, all on 127.0.0.1.`,
    'Local mode: the same Lambda handlers behind the local gateway, DynamoDB Local in memory. Compare runs on one machine; absolute numbers are not AWS numbers.', '',
    `Demo seed (OAuth install, password link, staff user, four tracking accounts): ${seedSeconds.toFixed(1)} s`, '',
    '## GET /me under loopback load', '',
    '| Server | Requests | p50 | p90 | p99 | max | req/s |', '|---|---|---|---|---|---|---|',
    row('bare Node http (same body)', bareStats), row('DynamoDB Local GetItem (SDK, no HTTP front)', getStats),
    row('Dakiya /me (gateway + middy + 3 DynamoDB reads in 1 round trip)', meStats), '',
    `Ratio p50 ${(meStats.p50 / bareStats.p50).toFixed(1)}x, p99 ${(meStats.p99 / bareStats.p99).toFixed(1)}x the bare server.`,
    `DynamoDB per /me: ${(meCapacity.read / Math.max(1, meStats.requests)).toFixed(2)} RCU, ${(meCapacity.calls / Math.max(1, meStats.requests)).toFixed(1)} calls.`, '',
    '## Forgot password: a known and an unknown email (4 requests each, one at a time, within the per-email limit)', '',
    '| Email | p50 | p90 | max |', '|---|---|---|---|',
    `| known | ${ms(resetKnown.p50)} | ${ms(resetKnown.p90)} | ${ms(resetKnown.max)} |`,
    `| unknown | ${ms(resetUnknown.p50)} | ${ms(resetUnknown.p90)} | ${ms(resetUnknown.max)} |`, '',
    '## DynamoDB capacity and courier calls per request', '',
    '| Request | Read units | Write units | DynamoDB calls | Courier calls |', '|---|---|---|---|---|',
    ...perRequest.map((p) => `| ${p.step} | ${p.read.toFixed(1)} | ${p.write.toFixed(1)} | ${p.calls} | ${p.courier} |`), '',
    ...bookingReport,
    ...billing,
    ...trackingPage,
    '## Lambda bundles (minified, AWS SDK external; target ≤ 400 KB each)', '',
    '| Lambda | Size | Modules |', '|---|---|---|',
    ...bundles.map((b) => `| ${b.group} | ${kb(b.bytes)}${b.bytes > 400 * 1024 ? ' (over target)' : ''} | ${b.inputs} |`), '',
    '## SPA first load (gzip; target ≤ 200 KB)', '',
    ...(firstLoad
      ? ['| File | gzip |', '|---|---|', ...firstLoad.files.map((f) => `| ${f.file} | ${kb(f.gzip)} |`), `| **total** | **${kb(firstLoad.totalGzip)}**${firstLoad.totalGzip > 200 * 1024 ? ' (over target)' : ''} |`]
      : ['web/dist is not built: run `npm run build:web`.']),
    '',
  );
  // the orders section comes from the orders bench's last run: its shop of 100,000 bookings is seeded apart, once
  const orders = path.join(ROOT, 'bench', 'report-orders.md');
  lines.push(...(fs.existsSync(orders)
    ? [fs.readFileSync(orders, 'utf8'), '']
    : ['## Orders list on a shop of many bookings (issue 18)', '', 'Not measured yet: run `./dakiya bench orders` (seeds its shop once, then reuses it).', '']));
  // and the CSV export's, from the export bench's last run on the same shop
  const exported = path.join(ROOT, 'bench', 'report-export.md');
  lines.push(...(fs.existsSync(exported)
    ? [fs.readFileSync(exported, 'utf8'), '']
    : ['## CSV export (issue 20)', '', 'Not measured yet: run `./dakiya bench export`.', '']));
  const report = path.join(ROOT, 'bench', 'report.md');
  fs.writeFileSync(report, lines.join('\n'));
  console.log(lines.join('\n'));
  console.log(`\nWritten to ${path.relative(process.cwd(), report)}`);
} finally {
  await stack.stop();
}
