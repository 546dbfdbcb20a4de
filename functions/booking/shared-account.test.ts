import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CourierId } from '@dakiya/shared';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount, type SeededShop } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { makeWorld, type World } from '../test-support/world';
import { keys } from '../adapters/dynamo/keys';

/**
 * Two stores on one courier account (a merchant running two Shopify stores): both number their orders
 * from #1001, so each has its own order #N. Store J books its #N; store I books its own #N and the
 * courier's answer is lost. I's lookup by reference must find I's parcel, never J's.
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });
beforeEach(() => { for (const sim of Object.values(world.couriers.sims)) sim.control.clearFaults(); });

const taken = new Set<string>();
/** An order name both stores have, free in both. */
function sharedName(): string {
  const names = new Set(bookableOrders(world.shopify, world.b.shop.domain).map((o) => o.name));
  const name = bookableOrders(world.shopify, world.a.shop.domain).map((o) => o.name).find((n) => names.has(n) && !taken.has(n));
  if (!name) throw new Error('no order name left in both stores');
  taken.add(name);
  return name;
}
const orderNamed = (seeded: SeededShop, name: string) => bookableOrders(world.shopify, seeded.shop.domain).find((o) => o.name === name)!;
const simOrder = (seeded: SeededShop, id: string) => world.shopify.control.orders(seeded.shop.domain).find((o) => o.id === id)!;

const accounts = new Map<string, string>();
async function accountOf(seeded: SeededShop, company: CourierId): Promise<string> {
  const key = `${seeded.shop._id}:${company}`;
  if (!accounts.has(key)) {
    // the same courier credentials in both stores: one merchant's one account
    accounts.set(key, (await seedAccount(world.deps, seeded.shop._id, { company, credentials: DEMO_CREDENTIALS[company] as Record<string, string> }))._id);
  }
  return accounts.get(key)!;
}

async function book(seeded: SeededShop, company: CourierId, orderId: string, phone = '03001234567') {
  return call(world.deps, 'booking.book', {
    token: seeded.ownerToken,
    body: {
      tracking_account: await accountOf(seeded, company), order_id: orderId, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x',
      products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: phone, consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
    },
  });
}

const PATHS: Record<'LEOPARD' | 'POSTEX', { book: string }> = { LEOPARD: { book: 'bookPacket' }, POSTEX: { book: 'create-order' } };
const refOf = (company: CourierId, tn: string) => {
  const data = world.couriers.sims[company].control.shipments().find((s) => s.trackingNumber === tn)?.data as { orderId?: string; orderRefNumber?: string } | undefined;
  return data?.orderId ?? data?.orderRefNumber;
};

describe.each(['LEOPARD', 'POSTEX'] as const)('two stores sharing one %s account', (company) => {
  it('store I\'s #N, booked with the answer lost, gets its own parcel, never store J\'s #N', async () => {
    const name = sharedName();
    const [j, i] = [orderNamed(world.b, name), orderNamed(world.a, name)];
    // the same consignee and COD in both stores: only the reference tells the parcels apart
    const theirs = await book(world.b, company, j.id);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const jTn = theirs.body.booking.tracking_number as string;

    world.couriers.sims[company].control.failNext('lose-response', 1, PATHS[company].book);
    const mine = await book(world.a, company, i.id);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const iTn = mine.body.booking.tracking_number as string;
    expect(iTn).not.toBe(jTn);

    // each reference is unique and still starts with the order's name, as the airway bill shows it
    const [jRef, iRef] = [refOf(company, jTn), refOf(company, iTn)];
    expect(jRef).toMatch(new RegExp(`^${name}-[0-9A-Z]{6}$`));
    expect(iRef).toMatch(new RegExp(`^${name}-[0-9A-Z]{6}$`));
    expect(iRef).not.toBe(jRef);
    // I's customer is sent I's tracking number
    expect(simOrder(world.a, i.id).fulfillments.map((f) => f.tracking[0]?.number)).toEqual(simOrder(world.a, i.id).fulfillments.map(() => iTn));

    // I's cancel cancels I's parcel only: J's booking and parcel go on
    const cancelled = await call(world.deps, 'booking.cancel', { token: world.a.ownerToken, params: { trackingNumber: iTn } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const shipments = world.couriers.sims[company].control.shipments();
    expect(shipments.find((s) => s.trackingNumber === iTn)?.cancelled).toBe(true);
    expect(shipments.find((s) => s.trackingNumber === jTn)?.cancelled).toBe(false);
    expect((await world.deps.bookings.get(world.b.shop._id, jTn))?.status).toBe('FULFILLED');
  });

  it('an attempt recorded with the order name alone (before references were unique) adopts a parcel of that name only for its own consignee and COD', async () => {
    const name = sharedName();
    const i = orderNamed(world.a, name);
    // J's #N, booked before references were unique: it carries the bare name
    const { trackingNumber: jTn } = world.couriers.sims[company].control.addShipment({
      credentials: DEMO_CREDENTIALS[company] as Record<string, string>, bookedAt: world.couriers.sims[company].control.now(), orderRef: name,
      consignee: { name: 'Ayesha Khan', phone: '03001234567', address: 'House 12, Street 4, Gulberg III' }, city: 'Lahore', cod: 2500, pieces: 1, weightGrams: 500,
    });

    // I's request dies after recording that it calls the courier, before calling it
    const real = world.deps.courier;
    world.deps.courier = (id, credentials) => ({ ...real(id, credentials), book: async () => { throw new Error('the request died'); } });
    const died = await book(world.a, company, i.id, '03217654321').finally(() => { world.deps.courier = real; });
    expect(died.status).toBe(500);
    const claim = (await world.deps.attempts.claims(world.a.shop._id, [i.id])).get(i.id)!;
    // the attempt as an older release recorded it: its reference is the bare name
    await world.deps.db.send(new UpdateCommand({
      TableName: world.deps.env.TABLE_NAME, Key: keys.bookingAttempt(world.a.shop._id, claim.attemptId!),
      UpdateExpression: 'SET #plan.orderRef = :name', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':name': name },
    }));

    // the lookup by the bare name finds J's parcel, at another consignee: not I's, so never adopted
    const retry = await book(world.a, company, i.id, '03217654321');
    expect(retry.body.booking?.tracking_number, JSON.stringify(retry.body)).not.toBe(jTn);
    expect(simOrder(world.a, i.id).fulfillments.map((f) => f.tracking[0]?.number)).not.toContain(jTn);
  });
});
