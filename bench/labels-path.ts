/**
 * `./dakiya bench labels-path`: the merchant's path from 200 selected store orders to booked, fulfilled and
 * printed (issue 23's bench), clicked in Chromium against local mode on the Shopify simulator's standard
 * bucket: the clicks a person makes and the wall time, from the store-orders page shown to the PDF's link
 * answered. The store has exactly `--orders` (200) to ship, so 'Select every order of this list' chooses them. Writes
 * bench/report-labels-path.md. Targets: at most 10 clicks, under 2 minutes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { ROOT, readLocalConfig } from '../local/config';
import { seedDemo } from '../local/seed';
import { startStack } from '../local/stack';
import { matchesSearch, parseSearch } from '../local/simulators/shopify/order-search';
import { meterCapacity } from './capacity';

const CHROMIUM = '/usr/bin/chromium';
const ORDERS = Number(process.argv.find((a) => a.startsWith('--orders='))?.split('=')[1] ?? 200);

const base = readLocalConfig();
// enough open orders for the path (the demo's 300 include paid, prepaid and fulfilled ones); no booking history
const stack = await startStack({ config: { ...base, demo: { ...base.demo, orders: Math.max(base.demo.orders, ORDERS * 2) } }, persistent: false, randomPorts: true, logLevel: 'ERROR' });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const { owner } = await seedDemo(stack);
  // exactly ORDERS to ship, so 'select every order' chooses the path's 200: the oldest others cancelled in the simulator, as a merchant would
  const toShip = parseSearch('status:open fulfillment_status:unfulfilled');
  const open = stack.shopify.control.orders(stack.config.demo.shop).filter((o) => matchesSearch(o, toShip)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (open.length < ORDERS) throw new Error(`only ${open.length} orders to ship`);
  for (const order of open.slice(ORDERS)) order.cancelledAt = new Date().toISOString();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: stack.appUrl })).newPage();
  page.setDefaultTimeout(120_000);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(owner.email);
  await page.getByTestId('login-password').fill(owner.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard**');

  // the PDF's link answered for real; the navigation to it answered 204, so the page stays
  let pdf: Buffer | undefined;
  await page.route((url) => url.pathname.endsWith('.pdf'), async (route) => {
    pdf = await (await route.fetch()).body();
    await route.fulfill({ status: 204 });
  });

  let clicks = 0;
  const click = async (target: Locator) => { clicks += 1; await target.click(); };
  const selected = async (p: Page) => Number(/\d+/.exec(await p.getByTestId('store-orders-selected').innerText().catch(() => '0'))?.[0] ?? 0);

  await page.goto('/dashboard/store-orders');
  await page.locator('[data-testid^="store-order-#"]').first().waitFor();
  const started = performance.now();
  // a page of store orders, then every order of the list (the page pages through the list's query)
  await click(page.getByTestId('store-orders-select-page'));
  await click(page.getByTestId('store-orders-select-every'));
  await page.getByTestId('store-orders-every-line').waitFor();
  const chosen = await selected(page);
  // what the bulk spends, to say where its time goes: Shopify requests and points, DynamoDB calls and units, courier calls
  const meter = meterCapacity(stack.db);
  const spend0 = { ...stack.deps.shopifySpend };
  const courierCalls = () => Object.values(stack.couriers.sims).reduce((sum, sim) => sum + sim.control.calls().length, 0);
  const courier0 = courierCalls();
  const selectedAt = performance.now();
  // the Shopify bucket sampled while the bulk runs: mostly empty means Shopify's 100 points a second set the pace
  const bucket = () => stack.shopify.control.shop(stack.config.demo.shop).bucket;
  const levels: number[] = [];
  const sampler = setInterval(() => {
    const b = bucket();
    levels.push(Math.min(b.maximumAvailable, b.level + ((stack.shopify.control.now() - b.updatedAt) / 1000) * b.restoreRate));
  }, 250);
  await click(page.getByTestId('store-orders-bulk'));
  await page.waitForURL('**/dashboard/bulk-book?**');
  await click(page.getByTestId('bulk-submit'));
  await page.waitForURL('**/dashboard/bulk/*');
  await page.locator('[data-testid="bulk-progress"][data-percent="100"]').waitFor({ timeout: 600_000 });
  const bookedAt = performance.now();
  clearInterval(sampler);
  const nearEmpty = levels.filter((l) => l < 150).length / Math.max(1, levels.length);
  const dynamo = meter.snapshot();
  const shopify = { requests: stack.deps.shopifySpend.requests - spend0.requests, points: stack.deps.shopifySpend.points - spend0.points, throttled: stack.deps.shopifySpend.throttled - spend0.throttled };
  const courierDuring = courierCalls() - courier0;
  const doneLine = await page.getByTestId('bulk-count').innerText();
  await click(page.getByTestId('bulk-print'));
  const deadline = Date.now() + 600_000;
  while (!pdf && Date.now() < deadline) await page.waitForTimeout(200);
  const printedAt = performance.now();
  if (!pdf) throw new Error('the airway bills never came');

  const booked = await page.locator('[data-testid^="bulk-row-"][data-state="booked"]').count();
  const fulfilled = stack.shopify.control.orders(stack.config.demo.shop).filter((o) => o.fulfillments.some((f) => f.status === 'SUCCESS')).length;
  const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const report = [
    '# The merchant\'s path to printed airway bills',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)} in Chromium against local mode (the Shopify simulator's standard bucket), Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
    'From the store-orders page shown (signed in) to the PDF of the airway bills answered: select a page, then every order of the list, bulk-book with the',
    'default account (booked and fulfilled on Shopify by the bulk job), then \'Print the airway bills of the booked ones\'.',
    '',
    '| Measure | Value | Target |',
    '|---|---|---|',
    `| Orders selected | ${chosen} | 200 |`,
    `| Clicks | ${clicks} | at most 10 |`,
    `| Wall time to printed | ${seconds(printedAt - started)} | under 2 minutes |`,
    `| of which selecting | ${seconds(selectedAt - started)} | |`,
    `| of which the bulk form and booking until it finished | ${seconds(bookedAt - selectedAt)} | |`,
    `| of which printing (a labels.print job past 50) | ${seconds(printedAt - bookedAt)} | |`,
    `| Bulk result | ${doneLine}; ${booked} booked | |`,
    `| Orders fulfilled on Shopify (the demo shop's, all) | ${fulfilled} | |`,
    `| PDF pages | ${pages} | |`,
    `| During the bulk: Shopify requests, points (actual), THROTTLED | ${shopify.requests}, ${shopify.points}, ${shopify.throttled} | |`,
    `| During the bulk: DynamoDB calls, read units, write units | ${dynamo.calls}, ${dynamo.read.toFixed(0)}, ${dynamo.write.toFixed(0)} | |`,
    `| During the bulk: courier simulator calls | ${courierDuring} | |`,
    `| During the bulk: the Shopify bucket below 150 points (of ${bucket().maximumAvailable}, ${bucket().restoreRate} a second) | ${(nearEmpty * 100).toFixed(0)}% of the time | |`,
    `| Shopify's floor for those points (less the full bucket at the start, at its restore rate) | ${seconds(Math.max(0, shopify.points - bucket().maximumAvailable) / bucket().restoreRate * 1000)} | |`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(ROOT, 'bench', 'report-labels-path.md'), report);
  console.log(report);
} finally {
  await browser.close();
  await stack.stop();
}
