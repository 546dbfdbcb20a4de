import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TCS_DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount } from '../test-support/harness';
import { checkNeededOfA } from '../test-support/route-fixtures';
import { makeWorld, type World } from '../test-support/world';
import { monthlyUsage } from '../domain/billing/usage';

/**
 * TCS (like M&P) cannot be asked whether it booked a parcel by our reference: after a lost answer the
 * order waits for a person who checks with the courier and says "It was booked" (with the tracking
 * number) or "It was not booked". Until then it shows as needing a check, and each answer is recorded
 * with who gave it.
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

const simOrder = (id: string) => world.shopify.control.orders(world.a.shop.domain).find((o) => o.id === id)!;
const claimOf = async (orderId: string) => (await world.deps.attempts.claims(world.a.shop._id, [orderId])).get(orderId)!;
const booked = (orderId: string, trackingNumber: string, token = world.a.ownerToken) =>
  call(world.deps, 'booking.checkBooked', { token, params: { orderId }, body: { tracking_number: trackingNumber } });
/** The attempts listed under 'Needs attention' for a courier check. */
const waitingChecks = async () => (await world.deps.attention.list(world.a.shop._id)).filter((a) => a.subject.kind === 'attempt').map((a) => (a.subject as { attemptId: string }).attemptId);
const notBooked = (orderId: string) => call(world.deps, 'booking.checkNotBooked', { token: world.a.ownerToken, params: { orderId }, body: { confirmed: true } });

describe('an order whose TCS booking answer was lost', () => {
  it('shows as needing a check on the booking page and the store-orders list, with the reference to look for', async () => {
    const { orderId } = await checkNeededOfA(world);
    const lookup = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: orderId } });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body.check_needed).toMatchObject({ courier: 'TCS', order_names: [simOrder(orderId).name] });
    expect(lookup.body.check_needed.reference).toMatch(new RegExp(`^${simOrder(orderId).name}-[0-9A-Z]{6}$`));

    const list = await call(world.deps, 'storeOrders.list', { token: world.a.ownerToken, query: { search: simOrder(orderId).name.slice(1) } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.orders.find((o: { id: string }) => o.id === orderId)?.check_needed).toEqual(lookup.body.check_needed);
  });

  it('"It was booked" with the tracking number TCS shows: checked with TCS, fulfilled on Shopify, saved, and recorded with who said it', async () => {
    const { orderId, trackingNumber } = await checkNeededOfA(world);
    const unknown = await booked(orderId, '779400000001');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'TRACKING_NUMBER_UNKNOWN', param: 'tracking_number' });
    // TCS shows a parcel only from its first scan: before its pickup the real number is refused too, and nothing changes
    const early = await booked(orderId, trackingNumber);
    expect(early.body.errors[0].code).toBe('TRACKING_NUMBER_UNKNOWN');
    // said as what it is, not as a wrong number
    expect(early.body.errors[0]).toEqual({
      code: 'TRACKING_NUMBER_UNKNOWN', param: 'tracking_number',
      msg: `TCS shows no movement for tracking number ${trackingNumber} yet: TCS shows a parcel once it is picked up. `
        + "If the number is right, answer again after the pickup; otherwise check it on TCS's portal.",
    });
    expect((await claimOf(orderId)).state).toBe('booking');
    world.couriers.sims.TCS.control.tick(1);

    const res = await booked(orderId, trackingNumber);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ tracking_number: trackingNumber, status: 'FULFILLED', order_ids: [orderId] });
    expect(simOrder(orderId).fulfillments.map((f) => f.tracking[0]?.number)).toEqual(simOrder(orderId).fulfillments.map(() => trackingNumber));
    const claim = await claimOf(orderId);
    expect(claim).toMatchObject({ state: 'booked', trackingNumber });
    const attempt = await world.deps.attempts.get(world.a.shop._id, claim.attemptId!);
    expect(attempt?.resolution).toMatchObject({ choice: 'booked', by: world.a.owner._id });
    // booked when the attempt was sent, not when the check was answered
    expect(res.body.booking.booked_at).toBe(attempt!.createdAt);
    expect((await world.deps.bookings.get(world.a.shop._id, trackingNumber))?.bookedAt).toBe(attempt!.createdAt);
    // answered: no longer under 'Needs attention'
    expect(await waitingChecks()).not.toContain(claim.attemptId);
    // the same number cannot be given to another order
    const other = await checkNeededOfA(world);
    expect((await booked(other.orderId, trackingNumber)).body.errors[0].code).toBe('TRACKING_NUMBER_TAKEN');
  });

  it('"It was booked" with another order\'s parcel number is refused: TCS shows it under that order\'s reference', async () => {
    const mine = await checkNeededOfA(world);
    const theirs = await checkNeededOfA(world);
    world.couriers.sims.TCS.control.tick(1);
    const res = await booked(mine.orderId, theirs.trackingNumber);
    expect(res.status).toBe(400);
    const [mineRef, theirRef] = await Promise.all([mine, theirs].map(async (o) => {
      const claim = await claimOf(o.orderId);
      return (await world.deps.attempts.get(world.a.shop._id, claim.attemptId!))!.plan!.reference;
    }));
    expect(res.body.errors[0]).toEqual({
      code: 'VALIDATION_FAILED', param: 'tracking_number',
      msg: `TCS shows tracking number ${theirs.trackingNumber} for reference ${theirRef}, not this order's ${mineRef}. Check the number on the courier's portal.`,
    });
    // nothing adopted: both still wait for their check, and each is answered with its own number
    expect([(await claimOf(mine.orderId)).state, (await claimOf(theirs.orderId)).state]).toEqual(['booking', 'booking']);
    expect(simOrder(mine.orderId).fulfillments).toEqual([]);
    expect((await booked(theirs.orderId, theirs.trackingNumber)).status).toBe(200);
    expect((await booked(mine.orderId, mine.trackingNumber)).status).toBe(200);
  });

  it('"It was not booked" releases the order and its plan slot, records who said it, and the order books again with a new reference', async () => {
    const { orderId } = await checkNeededOfA(world);
    const month = monthlyUsage(world.deps.usage).monthOf(world.a.shop, new Date());
    const used = await monthlyUsage(world.deps.usage).read(world.a.shop, month);
    const { attemptId } = await claimOf(orderId);
    expect(await waitingChecks()).toContain(attemptId);

    const res = await notBooked(orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await claimOf(orderId)).state).toBe('free');
    expect(await monthlyUsage(world.deps.usage).read(world.a.shop, month)).toBe(used - 1);
    expect((await world.deps.attempts.get(world.a.shop._id, attemptId!))?.resolution).toMatchObject({ choice: 'not-booked', by: world.a.owner._id });
    expect(await waitingChecks()).not.toContain(attemptId);
    // answered once: a second answer finds nothing waiting
    expect((await notBooked(orderId)).body.errors[0].code).toBe('CHECK_NOT_NEEDED');

    const lookup = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: orderId } });
    expect(lookup.body.check_needed).toBeUndefined();

    const account = await seedAccount(world.deps, world.a.shop._id, { company: 'TCS', credentials: TCS_DEMO_CREDENTIALS as Record<string, string> });
    const again = await call(world.deps, 'booking.book', {
      token: world.a.ownerToken,
      body: {
        tracking_account: account._id, order_id: orderId, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x', products_list: 'Lawn suit x 1',
        consignee_name: 'Ayesha Khan', consignee_phone: '03001234567', consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Karachi',
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const claim = await claimOf(orderId);
    expect(claim).toMatchObject({ state: 'booked', attempt: 2 });
    expect(claim.attemptId).not.toBe(attemptId);
  });

  it('an order Dakiya never booked is not found, for either answer', async () => {
    const order = world.shopify.control.orders(world.a.shop.domain).at(-1)!;
    expect((await notBooked(order.id)).body.errors[0]).toEqual({ code: 'NOT_FOUND', msg: 'No booking of this order waits for a check', param: 'orderId' });
    expect((await booked(order.id, '779400000001')).status).toBe(404);
  });
});
