import { expect } from 'vitest';
import { call } from './harness';
import { bookableOrders } from './shopify-shops';
import type { World } from './world';

/** Books the next order of shop A's store not in `taken` through the booking route, with one account; its tracking number. */
export async function bookOneOrder(world: World, accountId: string, taken: Set<string>): Promise<string> {
  const order = bookableOrders(world.shopify, world.a.shop.domain).find((o) => !taken.has(o.id))!;
  taken.add(order.id);
  const res = await call(world.deps, 'booking.book', {
    token: world.a.ownerToken,
    body: {
      tracking_account: accountId, order_id: order.id, pieces: 1, weight: 500, cod_amount: 2500, order_name: '#x', products_list: 'Lawn suit x 1',
      consignee_name: 'Ayesha Khan', consignee_phone: '+92 300 1234567', consignee_address: 'House 12, Street 4, Gulberg III', destination_city: 'Lahore',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.booking.tracking_number as string;
}
