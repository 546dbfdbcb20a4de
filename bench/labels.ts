/**
 * `./dakiya bench labels`: builds 500 airway bills in one PDF (the labels.print job's work, without the
 * table and the bucket) on each paper, and writes bench/report-labels.md with time, peak memory and size.
 * Targets (issue 23): under 10 s, under 512 MB, under 5 MB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { airwayBillsPdf, type AirwayBill, type Paper } from '../functions/domain/labels/airway-bill';

const COUNT = Number(process.argv.find((a) => a.startsWith('--count='))?.split('=')[1] ?? 500);
const COURIERS = [['Leopards', 'KI'], ['PostEx', '2100'], ['TCS', '7794'], ['M&P', '1512']] as const;

function bill(i: number): AirwayBill {
  const [courier, prefix] = COURIERS[i % 4]!;
  const urdu = i % 3 === 0;
  return {
    courier, trackingNumber: `${prefix}${String(100000000 + i)}`, bookedAt: new Date(Date.UTC(2026, 10, 27, 6, i % 60)).toISOString(),
    shipper: { name: 'Karachi Kapra House', city: 'Karachi', account: `${courier} main` },
    consignee: urdu
      ? { name: 'محمد علی خان', phone: '03001234567', address: `مکان نمبر ${i}، گلی 4، گلشن اقبال بلاک 13 ڈی، کراچی`, city: 'Karachi' }
      : { name: 'Ayesha Siddiqui', phone: '03211234567', address: `House ${i}-B, Street 7, F-8/3, Islamabad`, city: 'Islamabad' },
    codAmount: i % 5 === 0 ? 0 : 1000 + i, pieces: 1 + (i % 3), weightGrams: 500 + i, orderNames: [`#${1000 + i}`],
    products: 'Lawn suit 3pc x 1, Dupatta x 2, Khussa size 8 x 1', remarks: urdu ? 'نازک سامان، احتیاط سے' : 'Call before delivery',
  };
}

async function measure(paper: Paper) {
  const bills = Array.from({ length: COUNT }, (_, i) => bill(i));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
  const started = performance.now();
  const pdf = await airwayBillsPdf(bills, paper);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { paper, ms, peakMb: peak / 2 ** 20, sizeMb: pdf.byteLength / 2 ** 20 };
}

// a first small run loads the fonts and warms the engine, as a Lambda's container does once
await airwayBillsPdf([bill(0)], 'A4');
const load = os.loadavg()[0]!;
const rows = [await measure('A4'), await measure('THERMAL_4X6')];
const report = [
  '# Airway bills bench',
  '',
  `${COUNT} airway bills in one PDF (Dakiya's layout, a third with Urdu consignees, Code 128 as vector bars), built in one Node ${process.version} process on this machine; the fonts loaded before the clock starts. Targets: under 10 s, under 512 MB, under 5 MB. Peak memory is the process's resident set, sampled every 5 ms (the process's whole footprint: Node itself is about 60 MB of it).`,
  '',
  `Load average when it ran: ${load.toFixed(1)} on ${os.cpus().length} cores (other work on the machine slows the times below).`,
  '',
  '| Paper | Time | Peak memory (RSS) | PDF size |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.paper} | ${(r.ms / 1000).toFixed(2)} s | ${r.peakMb.toFixed(0)} MB | ${r.sizeMb.toFixed(2)} MB |`),
  '',
].join('\n');
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'report-labels.md');
fs.writeFileSync(out, report);
console.log(report);
