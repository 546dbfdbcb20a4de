import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STUCK_SETTINGS, SaveSettingsInput, type CourierId } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../../local/simulators/couriers';
import type { Scenario } from '../../../local/simulators/couriers/kit/shipments';
import { call, seedAccount } from '../../test-support/harness';
import { bookingRecord, writeBooking } from '../../test-support/bookings';
import { bookableOrders } from '../../test-support/shopify-shops';
import { makeWorld, tokenFor, type World } from '../../test-support/world';
import type { AccountRecord, ShopRecord } from '../../domain/records';
import { syncBatch } from '../../domain/sync/batch';
import { queueSlot } from '../sync-schedule/queue-slot';

/**
 * Stuck parcels (issue 22 item 2) on DynamoDB Local, fauxqs and the simulators: the sync's pass reads
 * the moving index, the worker reviews each parcel it read, and 'Needs attention' shows what broke its
 * courier's rule. The app's clock is moved forward by the test, never back (Shopify's pacing and the
 * sessions keep times), and the courier simulators' clocks apart, so each rule is checked a minute
 * before its days and a minute after. The cases run in order on one shop.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;
let ahead = 0;
let world: World;
beforeAll(async () => { world = await makeWorld({ orders: 20, now: () => new Date(Date.now() + ahead) }); }, 120_000);
afterAll(async () => { await world?.stop(); });
beforeEach(() => {
  for (const sim of Object.values(world.couriers.sims)) sim.control.clearFaults();
});

/** Moves the app's clock forward to `at`. */
function setClock(at: number) {
  expect(at, 'the app clock only moves forward').toBeGreaterThanOrEqual(Date.now() + ahead - 1000);
  ahead = at - Date.now();
}
/** A new session at the app's time (one made days of the app's clock ago has expired). */
const token = async () => (await tokenFor(world, 'admin', undefined))!;

const taken = new Set<string>();
const accounts = new Map<string, AccountRecord>();
async function accountOf(company: CourierId, shop: ShopRecord = world.a.shop): Promise<AccountRecord> {
  const key = `${shop._id}#${company}`;
  if (!accounts.has(key)) accounts.set(key, await seedAccount(world.deps, shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string>, name: `${company} main` }));
  return accounts.get(key)!;
}

/** Books a fresh order of shop A through the API at the app's time. */
async function bookOne(company: CourierId, scenario?: Scenario): Promise<string> {
  const account = await accountOf(company);
  const order = bookableOrders(world.shopify, world.a.shop.domain).find((o) => !taken.has(o.id))!;
  taken.add(order.id);
  const res = await call(world.deps, 'booking.book', {
    token: await token(),
    body: {
      tracking_account: account._id, order_id: order.id, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x', products_list: 'Lawn suit x 1',
      consignee_name: 'Ayesha Khan', consignee_phone: '+92 300 1234567', consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tn = res.body.booking.tracking_number as string;
  if (scenario) world.couriers.sims[company].control.setScenario(tn, scenario);
  return tn;
}

/** One pass of the sync at the app's time `at`: the slot reads the moving index, the worker reads each parcel. */
async function passAt(at: number) {
  setClock(at);
  await queueSlot(world.deps.now(), world.deps, { everyParcel: true });
  await world.deps.poller.drain({ only: ['sync.accounts', 'sync.parcels'] });
}

const booking = async (tn: string) => (await world.deps.bookings.get(world.a.shop._id, tn))!;
const stuckItem = async (tn: string, shopId = world.a.shop._id) => (await world.deps.attention.list(shopId))
  .find((i) => i.reason === 'STUCK' && i.subject.kind === 'booking' && i.subject.trackingNumber === tn);
const advance = (company: CourierId, ms: number) => world.couriers.sims[company].control.advance(ms);

describe('stuck parcels', () => {
  it('raises "attempt not retried" at its days after the failed attempt\'s scan and not before, and resolves it when the courier tries again', async () => {
    const tn = await bookOne('LEOPARD', 'attempts');
    // seven stages of two hours to the failed attempt ('Pending': consignee not available)
    advance('LEOPARD', 15 * 3_600_000);
    await passAt(Date.now() + ahead);
    const attempted = await booking(tn);
    expect(attempted).toMatchObject({ status: 'INPROCESS', courierStatus: 'Pending' });
    const since = Date.parse(attempted.lastScanAt!);
    const days = DEFAULT_STUCK_SETTINGS.LEOPARD.attempt_not_retried;
    expect(days).toBeLessThan(DEFAULT_STUCK_SETTINGS.LEOPARD.in_transit);
    await passAt(since + days * DAY - MINUTE);
    expect(await stuckItem(tn)).toBeUndefined();
    await passAt(since + days * DAY + MINUTE);
    expect((await stuckItem(tn))?.message).toBe(`Stuck: a delivery attempt failed ${days} days ago and was not retried. Last word from Leopards: 'Pending'.`);
    // the courier assigns it to a rider again: a new scan, the same status, no longer stuck
    advance('LEOPARD', 2 * 3_600_000);
    await passAt(since + days * DAY + 2 * MINUTE);
    expect((await booking(tn))).toMatchObject({ status: 'INPROCESS', courierStatus: 'Assign to Courier' });
    expect(await stuckItem(tn)).toBeUndefined();
  }, 120_000);

  it('raises "not picked up" at its days and not before, says the courier\'s last word, and resolves it when the courier picks the parcel up', async () => {
    const tn = await bookOne('LEOPARD');
    const bookedAt = Date.parse((await booking(tn)).lastStatusAt);
    const days = DEFAULT_STUCK_SETTINGS.LEOPARD.not_picked_up;
    await passAt(bookedAt + days * DAY - MINUTE);
    expect((await booking(tn)).status).toBe('FULFILLED');
    expect(await stuckItem(tn)).toBeUndefined();
    await passAt(bookedAt + days * DAY + MINUTE);
    const item = await stuckItem(tn);
    expect(item?.message).toBe(`Stuck: booked ${days} days ago and not picked up. Last word from Leopards: 'Pickup Request not Send'.`);
    expect(item?.at).toBe(new Date(bookedAt + days * DAY).toISOString());
    // the courier picks it up: the move resolves the item
    advance('LEOPARD', 5 * 3_600_000);
    await passAt(bookedAt + days * DAY + 2 * MINUTE);
    expect((await booking(tn)).status).toBe('INPROCESS');
    expect(await stuckItem(tn)).toBeUndefined();
  }, 120_000);

  it('raises "in transit" at its days and not before, and resolves it on delivery', async () => {
    const tn = await bookOne('LEOPARD', 'stuck');
    advance('LEOPARD', 12 * 3_600_000);
    await passAt(Date.now() + ahead);
    const picked = await booking(tn);
    expect(picked.status).toBe('INPROCESS');
    const since = Date.parse(picked.lastStatusAt);
    const days = DEFAULT_STUCK_SETTINGS.LEOPARD.in_transit;
    await passAt(since + days * DAY - MINUTE);
    expect(await stuckItem(tn)).toBeUndefined();
    await passAt(since + days * DAY + MINUTE);
    expect((await stuckItem(tn))?.message).toBe(`Stuck: in transit for ${days} days. Last word from Leopards: 'Dispatched'.`);
    // a later day refreshes the days said
    await passAt(since + (days + 2) * DAY + MINUTE);
    expect((await stuckItem(tn))?.message).toMatch(new RegExp(`^Stuck: in transit for ${days + 2} days\\.`));
    world.couriers.sims.LEOPARD.control.setScenario(tn, 'happy');
    advance('LEOPARD', 2 * DAY);
    await passAt(since + (days + 2) * DAY + 2 * MINUTE);
    expect((await booking(tn)).status).toBe('DELIVERED');
    expect(await stuckItem(tn)).toBeUndefined();
  }, 120_000);

  it('lists a stuck parcel under \'Needs attention\' with its wording and counts it on the dashboard', async () => {
    const tn = await bookOne('POSTEX');
    const bookedAt = Date.parse((await booking(tn)).lastStatusAt);
    await passAt(bookedAt + DEFAULT_STUCK_SETTINGS.POSTEX.not_picked_up * DAY + MINUTE);
    const item = (await stuckItem(tn))!;
    const list = await call(world.deps, 'orders.list', { token: await token(), query: { attention: 'true' } });
    expect(list.status).toBe(200);
    const row = list.body.data.find((r: { tracking_number: string | null }) => r.tracking_number === tn);
    expect(row.attention).toContainEqual({ reason: 'STUCK', message: item.message, at: item.at, order_name: item.orderName });
    const stuck = (await world.deps.attention.list(world.a.shop._id)).filter((i) => i.reason === 'STUCK').length;
    expect(stuck).toBeGreaterThan(0);
    const dashboard = await call(world.deps, 'analytics.dashboard', { token: await token(), query: {} });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.stuckParcels).toBe(stuck);
  }, 120_000);

  it('raises nothing for a FREE shop, whose parcels the sync never reads', async () => {
    const free = world.free.shop;
    const account = await accountOf('LEOPARD', free);
    const bookedAt = new Date(Date.now() + ahead - 30 * DAY).toISOString();
    await writeBooking(world.deps, free, bookingRecord(free, account, { trackingNumber: 'KI555000111', bookedAt, lastStatusAt: bookedAt }));
    // its batch, were one made, is ignored; and the pass makes none
    expect(await syncBatch({ shopId: free._id, accountId: account._id, courier: 'LEOPARD', trackingNumbers: ['KI555000111'] }, world.deps)).toMatchObject({ polled: 0 });
    await passAt(Date.now() + ahead);
    expect(await stuckItem('KI555000111', free._id)).toBeUndefined();
  }, 120_000);

  it('reads each courier\'s own days from settings, the defaults until a shop saves its own', async () => {
    expect((await world.deps.settings.get(world.b.shop._id)).stuck_days).toEqual(DEFAULT_STUCK_SETTINGS);
    // a refused value names its field, as the form shows it
    const zero = SaveSettingsInput.safeParse({ free_shipping_value: 0, stuck_days: { ...DEFAULT_STUCK_SETTINGS, TCS: { ...DEFAULT_STUCK_SETTINGS.TCS, in_transit: 0 } } });
    expect(zero.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['stuck_days.TCS.in_transit', 'In transit must be at least 1 day']]);
    const saved = await call(world.deps, 'settings.save', {
      token: await token(),
      body: { free_shipping_value: 0, stuck_days: { ...DEFAULT_STUCK_SETTINGS, LEOPARD: { ...DEFAULT_STUCK_SETTINGS.LEOPARD, not_picked_up: 1 } } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.stuck_days.LEOPARD.not_picked_up).toBe(1);
    const leopard = await bookOne('LEOPARD');
    const postex = await bookOne('POSTEX');
    const bookedAt = Date.parse((await booking(postex)).lastStatusAt);
    await passAt(bookedAt + DAY + MINUTE);
    expect((await stuckItem(leopard))?.message).toMatch(/^Stuck: booked 1 day ago and not picked up\./);
    expect(await stuckItem(postex)).toBeUndefined();
  }, 120_000);
});
