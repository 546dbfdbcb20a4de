import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityKey, DEFAULT_STUCK_DAYS } from '@dakiya/shared';
import { contributionOf, countedOf, monthOf } from '@dakiya/functions/domain/booking/counters';
import type { BookingRecord } from '@dakiya/functions/domain/ports/bookings';
import type { AccountRecord } from '@dakiya/functions/domain/records';
import { stuckOf } from '@dakiya/functions/domain/sync/stuck';
import { seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '@dakiya/functions/test-support/harness';
import { countersOfShop, counterName } from '@dakiya/functions/test-support/counters';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from './simulators/couriers';
import { seedBookingHistory } from './seed-bookings';

/**
 * The demo shop's booking history: real parcels at the simulators, written through the app's own
 * repositories, so the counters are exactly what the bookings say and the indexes find them.
 */
let deps: TestDeps;
let couriers: CourierSims;
let seeded: SeededShop;
let accounts: AccountRecord[];
let written: BookingRecord[];

beforeAll(async () => {
  couriers = await startCourierSims();
  deps = await testDeps({}, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '5000' });
  seeded = await seedShop(deps);
  const staff = await seedUser(deps, seeded.shop._id, { scopes: ['READ_ORDERS'] });
  accounts = [];
  for (const company of ['LEOPARD', 'POSTEX', 'TCS', 'MNP'] as const) {
    accounts.push(await seedAccount(deps, seeded.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string> }));
  }
  written = await seedBookingHistory(deps, couriers, { shop: seeded.shop, accounts, members: [seeded.owner, staff.user], count: 80, days: 120 });
}, 180_000);
afterAll(async () => { await couriers?.stop(); });

describe('the demo shop\'s booking history', () => {
  it('is a real parcel at its courier for every booking, across couriers, statuses, cities, staff and months', async () => {
    expect(written.length).toBeGreaterThan(70);
    for (const b of written) {
      const sim = couriers.sims[b.company].control;
      expect(sim.shipments().map((s) => s.trackingNumber)).toContain(b.trackingNumber);
    }
    expect(new Set(written.map((b) => b.company)).size).toBe(4);
    expect([...new Set(written.map((b) => b.status))]).toEqual(expect.arrayContaining(['INPROCESS', 'DELIVERED', 'RTS', 'CANCELLED']));
    expect(new Set(written.map((b) => b.destinationCity)).size).toBeGreaterThan(5);
    expect(new Set(written.map((b) => b.bookedBy)).size).toBe(2);
    expect(new Set(written.map((b) => monthOf(b.bookedDay))).size).toBeGreaterThanOrEqual(4);
  });

  it("dates each status the courier moved at the courier's scan, so a parcel that stopped in transit long ago is stuck from the first sync", async () => {
    const moved = written.filter((b) => b.status === 'INPROCESS' || b.status === 'DELIVERED' || b.status === 'RTS');
    expect(moved.length).toBeGreaterThan(40);
    for (const b of moved) expect(Date.parse(b.lastStatusAt), b.trackingNumber).toBe(Date.parse(b.lastScanAt!));
    // the 'stuck' scenario's parcels: a person trying the stuck-parcel list finds them under 'Needs attention'
    expect(written.filter((b) => stuckOf(b, DEFAULT_STUCK_DAYS, new Date())?.rule === 'in_transit').length).toBeGreaterThan(0);
  });

  it('leaves the counters exactly what the stored bookings add up to, and the indexes finding them', async () => {
    const stored = await deps.bookings.getMany(seeded.shop._id, written.map((b) => b.trackingNumber), { consistent: true });
    expect(stored).toHaveLength(written.length);
    const expected: Record<string, Record<string, number>> = {};
    for (const b of stored) {
      for (const change of contributionOf(countedOf(b, seeded.shop.iana_time_zone))) {
        const name = counterName(change.item);
        expected[name] ??= {};
        for (const [k, n] of Object.entries(change.adds)) expected[name]![k] = (expected[name]![k] ?? 0) + n;
      }
    }
    const clean: Record<string, Record<string, number>> = {};
    for (const [name, counts] of Object.entries(expected)) {
      const left = Object.entries(counts).filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b));
      if (left.length) clean[name] = Object.fromEntries(left);
    }
    expect(await countersOfShop(deps, seeded.shop._id)).toEqual(clean);
    const lahore = await deps.bookings.indexPage(seeded.shop._id, { index: 'byCity', value: cityKey('Lahore') }, {}, 500);
    expect(lahore.keys.map((k) => k.trackingNumber).sort()).toEqual(stored.filter((b) => b.destinationCity === 'Lahore').map((b) => b.trackingNumber).sort());
    const delivered = await deps.bookings.indexPage(seeded.shop._id, { index: 'delivered', value: 'DELIVERED' }, {}, 500);
    expect(delivered.keys).toHaveLength(stored.filter((b) => b.status === 'DELIVERED').length);
  });
});
