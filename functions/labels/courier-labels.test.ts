import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourierId, LoadSheetOutput, PrintBillsOutput } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { makeWorld, type World } from '../test-support/world';

/** The couriers' own labels (issue 23, item 2): parcels booked at the courier simulators, printed through the route. */
let world: World;
const accounts = new Map<CourierId, string>();
const taken = new Set<string>();

beforeAll(async () => {
  world = await makeWorld();
  world.shopify.control.seedShop({ shop: world.a.shop.domain, orders: 30, seed: 23 });
  for (const company of ['LEOPARD', 'POSTEX', 'TCS', 'MNP'] as const) {
    const account = await seedAccount(world.deps, world.a.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string>, name: `${company} labels` });
    accounts.set(company, account._id);
  }
}, 120_000);
afterAll(async () => { await world?.stop(); });
beforeEach(() => { for (const sim of Object.values(world.couriers.sims)) sim.control.clearFaults(); });

async function bookOne(company: CourierId): Promise<string> {
  const order = bookableOrders(world.shopify, world.a.shop.domain).find((o) => !taken.has(o.id))!;
  taken.add(order.id);
  const res = await call(world.deps, 'booking.book', {
    token: world.a.ownerToken,
    body: {
      tracking_account: accounts.get(company), order_id: order.id, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x',
      products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: '03001234567', consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.booking.tracking_number as string;
}

const printCourier = (trackingNumbers: string[]) => call(world.deps, 'labels.print', { token: world.a.ownerToken, body: { trackingNumbers, labels: 'courier' } });

async function textOf(url: string): Promise<{ pages: string[] }> {
  const res = await fetch(url);
  expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), Buffer.from(await res.arrayBuffer()));
    // pdftotext ends every page with a form feed
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
    return { pages: text.split('\f').slice(0, -1) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("POST /print-airway-bills with the couriers' own labels", () => {
  it("PostEx ten a call, TCS one, Leopards its kept slip; M&P and a Leopards booking older than its slip get Dakiya's bill with a note", async () => {
    const [l1, p1, p2, t1, m1, p3, t2, l2] = [
      await bookOne('LEOPARD'), await bookOne('POSTEX'), await bookOne('POSTEX'), await bookOne('TCS'),
      await bookOne('MNP'), await bookOne('POSTEX'), await bookOne('TCS'), await bookOne('LEOPARD'),
    ] as string[];
    const leopard = (await world.deps.accounts.get(world.a.shop._id, accounts.get('LEOPARD')!))!;
    const old = 'KI000000023';
    await writeBooking(world.deps, world.a.shop, bookingRecord(world.a.shop, leopard, { trackingNumber: old, bookedAt: '2026-11-01T06:00:00.000Z' }));
    const calls = (company: CourierId, match: string) => world.couriers.sims[company].control.calls().filter((c) => c.path.includes(match)).length;
    const before = { postex: calls('POSTEX', 'get-invoice'), tcs: calls('TCS', 'print/label') };

    const res = await printCourier([l1!, p1!, old, p2!, t1!, m1!, p3!, t2!, l2!]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const out = res.body as PrintBillsOutput & { state: 'done' };
    expect(out.file.count).toBe(9);
    expect(out.file.notes).toEqual([
      { trackingNumber: old, note: "Booked before Dakiya kept the Leopards slip: Dakiya's airway bill" },
      { trackingNumber: m1, note: "M&P has no label of its own: Dakiya's airway bill" },
    ]);
    expect(calls('POSTEX', 'get-invoice') - before.postex).toBe(1);
    expect(calls('TCS', 'print/label') - before.tcs).toBe(2);
    // one PDF: the couriers' labels in the order their first parcel was asked, then Dakiya's A4 page of the two left
    const { pages } = await textOf(out.file.url);
    expect(pages).toHaveLength(6);
    expect(pages[0]).toContain(`LCS slip ${l1}`);
    expect(pages[1]).toContain(`PostEx airway bill ${p1}, ${p2}, ${p3}`);
    expect(pages[2]).toContain(`TCS label ${t1}`);
    expect(pages[3]).toContain(`TCS label ${t2}`);
    expect(pages[4]).toContain(`LCS slip ${l2}`);
    expect(pages[5]).toContain(old);
    expect(pages[5]).toContain(m1);
    expect(pages[5]).toContain('M&P has no label of its own');
  }, 180_000);

  it("a courier that fails or hangs while its labels are fetched: Dakiya's bill for those parcels, with a note, never a 500", async () => {
    const [p, t] = [await bookOne('POSTEX'), await bookOne('TCS')] as string[];
    world.couriers.sims.POSTEX.control.failNext('http-500', 1, 'get-invoice');
    world.couriers.sims.TCS.control.failNext('hang', 1, 'print/label');
    const res = await printCourier([p!, t!]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const out = res.body as PrintBillsOutput & { state: 'done' };
    expect(out.file.notes).toEqual([
      { trackingNumber: p, note: "PostEx did not answer in time: Dakiya's airway bill" },
      { trackingNumber: t, note: "TCS did not answer in time: Dakiya's airway bill" },
    ]);
    const { pages } = await textOf(out.file.url);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(p);
    expect(pages[0]).toContain('PostEx did not answer in time');
  }, 60_000);

  it("more than 50 couriers' labels are refused by the schema, in the catalogue's shape", async () => {
    const many = Array.from({ length: 51 }, (_, i) => `KI${String(i).padStart(9, '0')}`);
    const res = await printCourier(many);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ code: 'VALIDATION_FAILED', param: 'trackingNumbers', msg: "At most 50 couriers' labels are printed at once: select fewer, or print Dakiya's airway bills" }] });
  });
});

describe('POST /load-sheet when the courier is down', () => {
  it("Dakiya's sheet, the reason on it and in the answer; the courier's own again once it answers", async () => {
    const mine = await bookOne('LEOPARD');
    world.couriers.sims.LEOPARD.control.failNext('http-500', 1, 'generateLoadSheet');
    const res = await call(world.deps, 'labels.loadSheet', { token: world.a.ownerToken, body: { accountId: accounts.get('LEOPARD') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sheet = res.body as LoadSheetOutput;
    expect(sheet).toMatchObject({ source: 'dakiya', note: "Leopards could not be reached: Dakiya's load sheet" });
    const { pages } = await textOf(sheet.file.url);
    expect(pages[0]).toContain("Leopards could not be reached: Dakiya's load sheet");
    expect(pages.join('')).toContain(mine);

    // the next sheet starts where this one ended: only a parcel booked since, which Leopards knows
    const next = await bookOne('LEOPARD');
    const again = await call(world.deps, 'labels.loadSheet', { token: world.a.ownerToken, body: { accountId: accounts.get('LEOPARD') } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ source: 'courier', file: { count: 1 } });
    expect((await textOf((again.body as LoadSheetOutput).file.url)).pages.join('')).toContain(next);
    expect(again.body).not.toHaveProperty('note');
  }, 60_000);
});
