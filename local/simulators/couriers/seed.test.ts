import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourierAdapter } from '../../../functions/adapters/couriers';
import type { CourierId } from '../../../functions/domain/ports/courier';
import { fixedClock } from './kit/clock';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from './index';

/**
 * History for a seed: `POST /_sim/shipments` books a parcel as if at a past time, through the
 * courier's own booking rules, and it is then as real as any other: tracked, looked up by order
 * reference, moving on from its booking time at its own pace.
 */

const NOW = Date.parse('2025-06-02T04:00:00Z');
const DAY = 24 * 3600_000;

const FORMAT: Record<CourierId, RegExp> = { LEOPARD: /^KI\d{9}$/, POSTEX: /^CX-\d{11}$/, TCS: /^\d{12}$/, MNP: /^\d{15}$/ };
const COURIERS = Object.keys(FORMAT) as CourierId[];

let sims: CourierSims;

beforeAll(async () => {
  sims = await startCourierSims({ clock: fixedClock(NOW), seed: 21 });
});

afterAll(async () => {
  await sims.stop();
});

const seed = async (id: CourierId, body: Record<string, unknown>) => {
  const res = await fetch(`${sims.sims[id].url}/_sim/shipments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const parcel = (id: CourierId, overrides: Record<string, unknown> = {}) => ({
  credentials: DEMO_CREDENTIALS[id],
  bookedAt: new Date(NOW - 10 * DAY).toISOString(),
  orderRef: '#5001',
  consignee: { name: 'Sana Tariq', phone: '03331234567', address: 'House 9, Street 2, Satellite Town' },
  city: 'lahore',
  cod: 4200,
  scenario: 'happy',
  tickMs: DAY,
  ...overrides,
});

describe.each(COURIERS)('%s seeded parcels', (id) => {
  it('is booked at the given time, moved on at its own pace, and tracked like any other', async () => {
    const res = await seed(id, parcel(id));
    expect(res.status).toBe(200);
    const tn = res.body.trackingNumber as string;
    expect(tn).toMatch(FORMAT[id]);
    const events = res.body.events as { at: string }[];
    expect(res.body).toMatchObject({ scenario: 'happy', bookedAt: new Date(NOW - 10 * DAY).toISOString(), cancelled: false });
    // one stage a day from the booking time; delivered days before now
    expect(events.map((e) => (Date.parse(e.at) - (NOW - 10 * DAY)) / DAY)).toEqual(events.map((_e, i) => i));

    const adapter = createCourierAdapter(id, DEMO_CREDENTIALS[id], { baseUrls: sims.urls[id], now: () => sims.sims[id].control.now() });
    const [tracked] = await adapter.track([tn]);
    expect(tracked).toMatchObject({ found: true, status: 'DELIVERED', deliveredAt: events.at(-1)!.at });
    if (adapter.capabilities.findByReference) expect(await adapter.findByReference({ reference: '#5001', phone: '03331234567', codAmount: 4200 })).toEqual({ kind: 'found', trackingNumber: tn });
  });

  it('is refused, in the courier\'s words, when its booking call would have refused it', async () => {
    const unknown = await seed(id, parcel(id, { credentials: { ...DEMO_CREDENTIALS[id], api_password: 'not-the-password', token: 'NOT-A-TOKEN' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/invalid|unauthorized|mismatch/i);
    const city = await seed(id, parcel(id, { city: 'Atlantis' }));
    expect(city).toMatchObject({ status: 400, body: { error: expect.stringMatching(/city/i) } });
    const phone = await seed(id, parcel(id, { consignee: { name: 'Sana Tariq', phone: '12345', address: 'House 9' } }));
    // Leopards takes any phone text; the others want a Pakistani mobile
    expect(phone.status).toBe(id === 'LEOPARD' ? 200 : 400);
  });
});

describe('seeding', () => {
  it('refuses what no courier could have booked: a time ahead of the clock, a missing field, an unknown scenario', async () => {
    expect(await seed('LEOPARD', parcel('LEOPARD', { bookedAt: new Date(NOW + 60_000).toISOString() }))).toEqual({
      status: 400, body: { error: 'bookedAt is later than the simulator clock' },
    });
    expect(await seed('LEOPARD', parcel('LEOPARD', { consignee: undefined }))).toEqual({ status: 400, body: { error: expect.stringMatching(/^consignee: /) } });
    expect((await seed('TCS', parcel('TCS', { scenario: 'courier-cancel' }))).body.error).toBe('scenario must be one of happy, attempts, return, cancel-before-pickup, stuck');
    expect(await seed('MNP', parcel('MNP', { cod: 0 }))).toEqual({ status: 400, body: { error: 'COD amount must be greater than 0' } });
    expect(await seed('POSTEX', parcel('POSTEX', { orderRef: '#5001' }))).toEqual({ status: 400, body: { error: 'Order Reference Number already exists' } });
  });

  it('takes epoch milliseconds and a courier-cancel that happened long ago', () => {
    const view = sims.sims.LEOPARD.control.addShipment({
      credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string>, bookedAt: NOW - 90 * DAY, orderRef: '#6001', city: '789', cod: 0,
      consignee: { name: 'Sana Tariq', phone: '03331234567', address: 'House 9' }, scenario: 'courier-cancel',
    });
    expect(view).toMatchObject({ status: '48 Hours Auto Canceled', cancelled: true, bookedAt: new Date(NOW - 90 * DAY).toISOString() });
    expect(view.events.at(-1)!.at).toBe(new Date(NOW - 88 * DAY).toISOString());
  });
});
