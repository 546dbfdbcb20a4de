import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { makeWorld, type World } from '../test-support/world';

/** A courier's refusal in its API's own wording reaches the person in plain words; the wording stays in the details. */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

describe('a courier\'s refusal', () => {
  it('TCS\'s \'consigneeinfo cityname is not serviceable at the moment\' says that TCS does not deliver there', async () => {
    const order = bookableOrders(world.shopify, world.a.shop.domain)[0]!;
    const account = await seedAccount(world.deps, world.a.shop._id, { company: 'TCS', credentials: DEMO_CREDENTIALS.TCS as Record<string, string> });
    world.couriers.sims.TCS.control.failNext('reject', 1, 'booking/create');
    const res = await call(world.deps, 'booking.book', {
      token: world.a.ownerToken,
      body: {
        tracking_account: account._id, order_id: order.id, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x',
        products_list: 'Lawn suit x 1', consignee_name: 'Ayesha Khan', consignee_phone: '03001234567',
        consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ code: 'COURIER_REFUSED', msg: 'The courier refused this booking: TCS does not deliver to this city at the moment' }],
      details: ['consigneeinfo cityname is not serviceable at the moment'],
    });
  });
});
