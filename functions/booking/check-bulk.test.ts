import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEOPARD_DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount } from '../test-support/harness';
import { checkNeededOfA } from '../test-support/route-fixtures';
import { bookableOrders } from '../test-support/shopify-shops';
import { makeWorld, type World } from '../test-support/world';
import { totals } from '../../local/simulators/shopify/order-math';

/**
 * Issue 16's last points: an order whose TCS (or M&P) booking answer was lost waits for a person's
 * check, and a bulk booking neither books it again (that could make a second parcel) nor counts it:
 * the bulk form's list names it with its earlier courier and account, and so does its row. A check
 * answered with a number Dakiya already holds names the booking that number belongs to.
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

const claimOf = async (orderId: string) => (await world.deps.attempts.claims(world.a.shop._id, [orderId])).get(orderId)!;
const simOrder = (id: string) => world.shopify.control.orders(world.a.shop.domain).find((o) => o.id === id)!;
const progress = async (jobId: string) => (await call(world.deps, 'booking.bulkProgress', { token: world.a.ownerToken, params: { jobId } })).body;

describe('a bulk booking of an order waiting for a courier check', () => {
  it('is refused on its row with the earlier courier and account, and no courier is called for it', async () => {
    // Prepare: TCS lost its answer for this order; the bulk chooses another courier, as a person might
    const { orderId } = await checkNeededOfA(world);
    const { attemptId } = await claimOf(orderId);
    const tcsAccount = (await world.deps.attempts.get(world.a.shop._id, attemptId!))!.plan!.accountId;
    const tcsName = (await world.deps.accounts.get(world.a.shop._id, tcsAccount))!.name;
    const leopard = await seedAccount(world.deps, world.a.shop._id, { credentials: LEOPARD_DEMO_CREDENTIALS });
    const [tcsCalls, leopardCalls] = [world.couriers.sims.TCS.control.calls().length, world.couriers.sims.LEOPARD.control.calls('bookPacket').length];

    // Act
    for (const accountId of [leopard._id, tcsAccount]) {
      const started = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: accountId, order_id: orderId } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await world.deps.drainJobs();

      // Assess: the row waits for the check, named by TCS and its account; nothing else moved
      expect(await progress(started.body.jobId)).toMatchObject({
        status: 'done', booked: 0, failed: 0, check: 1,
        rows: [{
          order_id: orderId, order_name: simOrder(orderId).name, state: 'check', reason: 'check_needed',
          message: `Waiting for a check with TCS (account ${tcsName}): was it booked? Say what TCS shows on the order's page: it is not booked again until then.`,
        }],
      });
    }
    expect(world.couriers.sims.TCS.control.calls().length).toBe(tcsCalls);
    expect(world.couriers.sims.LEOPARD.control.calls('bookPacket').length).toBe(leopardCalls);
    expect(await claimOf(orderId)).toMatchObject({ state: 'booking', attemptId });
    expect((await world.deps.attempts.get(world.a.shop._id, attemptId!))?.stage).toBe('calling');
  });

  it("the bulk form's list names it and the booked order apart, and its total COD counts only the orders the bulk will book", async () => {
    const { orderId: waiting } = await checkNeededOfA(world);
    const leopard = await seedAccount(world.deps, world.a.shop._id, { credentials: LEOPARD_DEMO_CREDENTIALS });
    const cod = bookableOrders(world.shopify, world.a.shop.domain).filter((o) => o.financialStatus === 'PENDING' && o.shippingAddress);
    const [booked, good] = cod.slice(-2);
    const done = await call(world.deps, 'booking.bookMany', { token: world.a.ownerToken, body: { tracking_account: leopard._id, order_id: booked!.id } });
    await world.deps.drainJobs();
    const tracking = (await progress(done.body.jobId)).rows[0].tracking_number as string;
    expect(tracking).toBeTruthy();

    const res = await call(world.deps, 'storeOrders.selection', { token: world.a.ownerToken, query: { id: `${waiting},${booked!.id},${good!.id}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const owed = (o: typeof good) => Math.round(totals(o!).outstanding * 100) / 100;
    const lookup = await call(world.deps, 'storeOrders.get', { token: world.a.ownerToken, params: { id: waiting } });
    expect(res.body.orders).toEqual([
      { id: waiting, name: simOrder(waiting).name, cod: expect.any(Number), cancelled: false, check_needed: lookup.body.check_needed },
      { id: booked!.id, name: booked!.name, cod: owed(booked), cancelled: false, tracking_number: tracking },
      { id: good!.id, name: good!.name, cod: owed(good), cancelled: false },
    ]);
    expect(res.body.orders[0].check_needed).toMatchObject({ courier: 'TCS' });
    expect(res.body.total_cod).toBe(owed(good));
  });
});

describe('"It was booked" with a number Dakiya already holds', () => {
  it('names the booking it belongs to, with its tracking number for the screen to link', async () => {
    const first = await checkNeededOfA(world);
    world.couriers.sims.TCS.control.tick(1);
    const ok = await call(world.deps, 'booking.checkBooked', { token: world.a.ownerToken, params: { orderId: first.orderId }, body: { tracking_number: first.trackingNumber } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const other = await checkNeededOfA(world);

    const res = await call(world.deps, 'booking.checkBooked', { token: world.a.ownerToken, params: { orderId: other.orderId }, body: { tracking_number: first.trackingNumber } });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      errors: [{
        code: 'TRACKING_NUMBER_TAKEN', param: 'tracking_number',
        msg: `Tracking number ${first.trackingNumber} belongs to the booking of ${simOrder(first.orderId).name} in Dakiya. Check the number on the courier's portal.`,
      }],
      tracking_number: first.trackingNumber,
    });
    expect((await claimOf(other.orderId)).state).toBe('booking');
  });
});
