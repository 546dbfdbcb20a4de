import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourierId } from '../../../functions/domain/ports/courier';
import { fixedClock } from './kit/clock';
import type { Scenario } from './kit/shipments';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from './index';

/**
 * Every scenario of every courier, stage by stage, as the courier reference describes its statuses
 * ("Status progression" in each simulator contract, the codes of its status tables). `[code]` is the
 * courier's short code for the stage where it has one. A scenario the reference does not describe for
 * a courier is not offered.
 */

const NOW = Date.parse('2025-06-02T04:00:00Z');
const HOUR = 3600_000;
const TICK = 2 * HOUR;

const LEOPARD_FORWARD = [
  'Pickup Request not Send', 'Pickup Request Sent', 'Shipment Picked [SP]', 'Consignment Booked [RC]', 'Dispatched [DP]', 'Arrived at Station [AR]', 'Assign to Courier [AC]',
];
const POSTEX_FORWARD = ['Unbooked [0001]', 'Booked', 'Picked By PostEx', 'En-Route to PostEx warehouse', 'PostEx WareHouse [0003]', 'Out For Delivery [0004]'];
const TCS_FORWARD = ['Booked', 'Shipment Picked Up', 'Arrived at TCS Facility', 'Departed From TCS Facility', 'Arrived at TCS Facility', 'Out For Delivery'];
const MNP_FORWARD = ['Booked', 'Picked From Shipper Facility', 'Arrived at Origin', 'In-transit', 'Reached at Destination', 'Out for Delivery'];

const REFERENCE: Record<CourierId, Partial<Record<Scenario, string[]>>> = {
  LEOPARD: {
    happy: [...LEOPARD_FORWARD, 'Delivered [DV]'],
    attempts: [...LEOPARD_FORWARD, 'Pending [PN1]', 'Assign to Courier [AC]', 'Delivered [DV]'],
    return: [...LEOPARD_FORWARD, 'Pending [PN1]', 'Ready for Return [NR]', 'Being Return [RO]', 'Returned to shipper [RS]'],
    'cancel-before-pickup': ['Pickup Request not Send', 'Pickup Request Sent', 'Cancelled'],
    stuck: LEOPARD_FORWARD.slice(0, 5),
    'courier-cancel': ['Pickup Request not Send', 'Pickup Request Sent', '48 Hours Auto Canceled'],
  },
  POSTEX: {
    happy: [...POSTEX_FORWARD, 'Delivered [0005]'],
    attempts: [...POSTEX_FORWARD, 'Attempted [0013]', 'Out For Delivery [0004]', 'Delivered [0005]'],
    return: [...POSTEX_FORWARD, 'Attempted [0013]', 'Delivery Under Review [0008]', 'Out For Return', 'Returned [0006]'],
    'cancel-before-pickup': ['Unbooked [0001]', 'Booked', 'Un-Assigned By Me'],
    stuck: POSTEX_FORWARD.slice(0, 5),
    'courier-cancel': ['Unbooked [0001]', 'Expired'],
  },
  TCS: {
    happy: [...TCS_FORWARD, 'Shipment Delivered [OK]'],
    attempts: [...TCS_FORWARD, 'Delivery Attempted', 'Out For Delivery', 'Shipment Delivered [OK]'],
    return: [...TCS_FORWARD, 'Receiver Not Available', 'Return In Process [RT]', 'Shipment Returned To Origin [RO]'],
    'cancel-before-pickup': ['Booked', 'Cancelled [CN]'],
    stuck: TCS_FORWARD.slice(0, 4),
  },
  MNP: {
    happy: [...MNP_FORWARD, 'Delivered'],
    attempts: [...MNP_FORWARD, 'Unsuccessful Delivery Attempt', 'Out for Delivery', 'Delivered'],
    return: [...MNP_FORWARD, 'Unsuccessful Delivery Attempt', 'Hold for Advice', 'Return - In Transit', 'Return - Reached at Origin', 'Return to Vendor/Return to Shipper'],
    'cancel-before-pickup': ['Booked', 'Void'],
    stuck: MNP_FORWARD.slice(0, 4),
  },
};

const CITY: Record<CourierId, string> = { LEOPARD: 'Lahore', POSTEX: 'Lahore', TCS: 'LAHORE', MNP: 'LAHORE' };

let sims: CourierSims;

beforeAll(async () => {
  sims = await startCourierSims({ clock: fixedClock(NOW), seed: 3 });
});

afterAll(async () => {
  await sims.stop();
});

const seeded = (id: CourierId, scenario: Scenario, bookedAt: number, orderRef: string) =>
  sims.sims[id].control.addShipment({
    credentials: DEMO_CREDENTIALS[id] as Record<string, string>, bookedAt, orderRef, scenario, city: CITY[id], cod: 2500,
    consignee: { name: 'Bilal Ahmed', phone: '03211234567', address: 'Flat 4, Block C, Gulberg' },
  });

describe.each(Object.keys(REFERENCE) as CourierId[])('%s scenarios', (id) => {
  const scenarios = Object.keys(REFERENCE[id]) as Scenario[];

  it('offers exactly the scenarios its reference describes', () => {
    expect(sims.sims[id].control.scenarios().sort()).toEqual([...scenarios].sort());
  });

  it.each(scenarios)('%s moves through the reference statuses, one tick apart', (scenario) => {
    const bookedAt = NOW - 30 * 24 * HOUR;
    const shipment = seeded(id, scenario, bookedAt, `#${scenario}`);
    expect(shipment.events.map((e) => (e.code ? `${e.status} [${e.code}]` : e.status))).toEqual(REFERENCE[id][scenario]);
    const times = shipment.events.map((e) => Date.parse(e.at) - bookedAt);
    if (scenario === 'courier-cancel') {
      // the courier cancels after its own delay, however short the tick
      expect(times).toEqual(id === 'LEOPARD' ? [0, TICK, 48 * HOUR] : [0, 72 * HOUR]);
    } else {
      expect(times).toEqual(shipment.events.map((_e, i) => i * TICK));
    }
    expect(shipment.cancelled).toBe(['cancel-before-pickup', 'courier-cancel'].includes(scenario));
  });
});

describe('reproducible from the booking time and the clock', () => {
  it('gives two simulators the same events for the same booking time, and never moves a past one', async () => {
    const other = await startCourierSims({ clock: fixedClock(NOW), seed: 99 });
    try {
      const bookedAt = NOW - 7 * HOUR;
      const mine = seeded('LEOPARD', 'return', bookedAt, '#r1');
      const theirs = other.sims.LEOPARD.control.addShipment({
        credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string>, bookedAt, orderRef: '#r1', scenario: 'return', city: 'Lahore', cod: 2500,
        consignee: { name: 'Bilal Ahmed', phone: '03211234567', address: 'Flat 4, Block C, Gulberg' },
      });
      expect(theirs.events).toEqual(mine.events);
      expect(mine.events).toHaveLength(4);

      sims.sims.LEOPARD.control.tick(3);
      const later = sims.sims.LEOPARD.control.shipments().find((s) => s.trackingNumber === mine.trackingNumber)!;
      expect(later.events.slice(0, 4)).toEqual(mine.events);
      expect(later.events).toHaveLength(7);
    } finally {
      await other.stop();
    }
  });

  it('refuses a scenario the courier does not have', async () => {
    const res = await fetch(`${sims.sims.TCS.url}/_sim/scenario`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'courier-cancel' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'scenario must be one of happy, attempts, return, cancel-before-pickup, stuck' });
    expect(() => sims.sims.MNP.control.setDefaultScenario('courier-cancel')).toThrow(/no "courier-cancel" scenario/);
  });
});
