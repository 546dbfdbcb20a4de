import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCourierAdapter } from '../../../functions/adapters/couriers';
import { matchCity } from '../../../functions/adapters/couriers/cities';
import type { BookingRequest, CourierAdapter, CourierCredentials, CourierId } from '../../../functions/domain/ports/courier';
import { fixedClock } from './kit/clock';
import { SIM_FILE_FORMAT, SIM_FILE_VERSION } from './kit/persist';
import { startCourierSims, type CourierSims } from './index';

/**
 * Local mode keeps its bookings in DynamoDB across restarts; their parcels must still be at their
 * courier after `./dakiya start` again. Each simulator keeps its parcels, the credential sets added at
 * run time and its clock in a file under the data directory, and reads them back on start.
 */

const START = Date.parse('2025-03-03T04:00:00Z');

/** A second account per courier, added at run time (so it must survive the restart too). */
const ADDED: Record<CourierId, CourierCredentials> = {
  LEOPARD: { api_key: 'LEOPARD-SECOND-KEY-44', api_password: 'leopard-second-pass' },
  POSTEX: { token: 'POSTEX-SECOND-TOKEN-91', address_code: '001' },
  TCS: {
    client_id: '200300', client_secret: 'tcs-second-client-secret', username: 'second.merchant', api_password: 'tcs-second-pass',
    tcs_account_id: '05022K2', cost_center_code: '002 - LHE', shipper_name: 'Second Store', shipper_mobile: '03007654321',
    shipper_address: 'Plot 3, Township, Lahore', shipper_city: 'LAHORE',
  },
  MNP: { username: 'second_mnp', api_password: 'mnp-second-pass', account_no: '5T200' },
};
const COURIERS = Object.keys(ADDED) as CourierId[];

let dir: string;
let sims: CourierSims | undefined;
let warnings: string[];

const start = async (ports?: Partial<Record<CourierId, number>>) => {
  sims = await startCourierSims({ clock: fixedClock(START), seed: 5, dataDir: dir, warn: (m) => warnings.push(m), ports });
  return sims;
};
const restart = async () => {
  const ports = Object.fromEntries(COURIERS.map((id) => [id, sims!.sims[id].port]));
  await sims!.stop();
  sims = undefined;
  return start(ports);
};
const adapterFor = (id: CourierId, credentials: CourierCredentials) => {
  const sim = sims!.sims[id];
  return createCourierAdapter(id, credentials, { baseUrls: sim.baseUrls, now: () => sim.control.now() });
};

async function request(adapter: CourierAdapter, reference: string): Promise<BookingRequest> {
  const cities = await adapter.listCities();
  if (!cities.ok) throw new Error('cities unavailable');
  const match = matchCity('Lahore', cities.cities);
  if (match.kind !== 'match') throw new Error('no Lahore');
  return {
    reference,
    consignee: { name: 'Ayesha Siddiqui', phone: '03001234567', address: 'House 12, Street 4, DHA Phase 5' },
    destinationCity: match.city.key, pieces: 1, weightGrams: 1500, codAmount: 3450, productsDescription: 'Lawn suit x1', shippingType: 'overnight',
  };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dakiya-sims-'));
  warnings = [];
});

afterEach(async () => {
  await sims?.stop();
  sims = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(COURIERS)('%s simulator across a restart', (id) => {
  it('tracks a parcel booked through the adapter with the same answer, then carries on moving it', async () => {
    await start();
    sims!.sims[id].control.addCredentials(ADDED[id]);
    const adapter = adapterFor(id, ADDED[id]);
    const booked = await adapter.book(await request(adapter, '#1443'));
    if (!booked.ok) throw new Error(`booking refused: ${booked.messages.join('; ')}`);
    sims!.sims[id].control.setScenario(booked.trackingNumber, 'return');
    sims!.sims[id].control.tick(3);
    const before = await adapter.track([booked.trackingNumber]);
    const clock = sims!.sims[id].control.now();
    expect(before[0]).toMatchObject({ found: true, status: 'INPROCESS' });

    await restart();
    expect(sims!.sims[id].control.now()).toBe(clock);
    expect(await adapter.checkCredentials()).toEqual({ ok: true });
    expect(await adapter.track([booked.trackingNumber])).toEqual(before);
    if (adapter.capabilities.findByReference) {
      expect(await adapter.findByReference({ reference: '#1443', phone: '03001234567', codAmount: 3450 })).toEqual({ kind: 'found', trackingNumber: booked.trackingNumber });
    }

    // the scenario came back too: the parcel goes on to be returned, its earlier scans unchanged
    sims!.sims[id].control.tick(12);
    const after = (await adapter.track([booked.trackingNumber]))[0]!;
    expect(after).toMatchObject({ found: true, status: 'RTS' });
    expect(after.events.slice(0, before[0]!.events.length)).toEqual(before[0]!.events);

    // a booking after the restart never gets a number already given
    const next = await adapter.book(await request(adapter, '#1444'));
    expect(next.ok && next.trackingNumber !== booked.trackingNumber).toBe(true);
    expect(warnings).toEqual([]);
  });
});

describe('the data file', () => {
  it('is written shortly after a change, whole, without waiting for a stop', async () => {
    await start();
    const adapter = adapterFor('POSTEX', { token: 'POSTEX-DEMO-TOKEN-2C8E55D1', address_code: '001' });
    const booked = await adapter.book(await request(adapter, '#2001'));
    const file = path.join(dir, 'postex.json');
    await expect.poll(() => fs.existsSync(file), { timeout: 3000 }).toBe(true);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { format: string; version: number; shipments: { trackingNumber: string }[] };
    expect(saved).toMatchObject({ format: SIM_FILE_FORMAT, version: SIM_FILE_VERSION, courier: 'POSTEX' });
    expect(saved.shipments.map((s) => s.trackingNumber)).toEqual([booked.ok && booked.trackingNumber]);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it.each([
    ['corrupt', () => '{"format":"dakiya-courier-sim","version":1,"shipm'],
    ['from an older format', () => JSON.stringify({ format: SIM_FILE_FORMAT, version: 0, shipments: [] })],
    // a Leopards packet from before packets recorded the account that booked them
    ['holding parcels of an older shape', () => JSON.stringify({
      format: SIM_FILE_FORMAT, version: SIM_FILE_VERSION, courier: 'LEOPARD', clockOffsetMs: 0, defaultScenario: 'happy', credentials: [],
      shipments: [{ trackingNumber: 'KI000000001', data: { orderId: '#1' }, scenario: 'happy', bookedAt: START, tickMs: 7_200_000, cancelled: false, events: [{ stage: 'Pickup Request not Send', at: START }] }],
    })],
    ['naming a stage the courier does not have', () => JSON.stringify({
      format: SIM_FILE_FORMAT, version: SIM_FILE_VERSION, courier: 'LEOPARD', clockOffsetMs: 0, defaultScenario: 'happy', credentials: [],
      shipments: [{ trackingNumber: 'KI000000001', data: {}, scenario: 'happy', bookedAt: START, tickMs: 7_200_000, cancelled: false, events: [{ stage: 'Teleported', at: START }] }],
    })],
    ['not a file at all', () => undefined],
  ])('is set aside with a warning when %s, and the simulator starts empty', async (_case, content) => {
    const text = content();
    if (text === undefined) fs.mkdirSync(path.join(dir, 'leopard.json'));
    else fs.writeFileSync(path.join(dir, 'leopard.json'), text);
    await start();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^LEOPARD simulator: .*leopard\.json could not be read \(.+\); moved to leopard\.json\.unreadable-.+, starting with no parcels$/);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('leopard.json.unreadable-'))).toHaveLength(1);
    expect(sims!.sims.LEOPARD.control.shipments()).toEqual([]);
    // and it works as usual from there, in a new file
    const adapter = adapterFor('LEOPARD', sims!.sims.LEOPARD.control.credentials()[0]!);
    const booked = await adapter.book(await request(adapter, '#3001'));
    expect(booked.ok).toBe(true);
    await sims!.sims.LEOPARD.control.save();
    expect(fs.existsSync(path.join(dir, 'leopard.json'))).toBe(true);
  });
});
