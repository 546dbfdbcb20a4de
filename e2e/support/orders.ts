import { inject } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkRow, Courier, StoreOrder } from '@dakiya/shared';
import { createDocClient } from '../../functions/adapters/dynamo/client';
import { BOOKING_INDEXES } from '../../functions/adapters/dynamo/table';
import { DEMO_SHOP } from './booking';
import type { ApiClient } from '../../local/api-client';

export interface Booked {
  orderId: string;
  name: string;
  tracking: string;
  courier: Courier;
}

/**
 * `count` parcels booked through the bulk route, spread over the couriers given in turn. The demo shop keeps
 * orders a courier rightly refuses (one with no phone, one too light for TCS), and which of them a flow meets
 * depends on what the flows before it booked: a refused row is replaced by another order for the same courier,
 * so a flow gets the parcels it asked for and the refusals stay the bulk's own.
 */
export async function bookThroughApi(client: ApiClient, token: string, count: number, couriers: readonly Courier[], taken: Set<string> = new Set()): Promise<Booked[]> {
  // slot i is the i-th parcel asked for, so a caller that names them by courier order still can
  const slots: (Booked | undefined)[] = Array.from({ length: count });
  for (let round = 0; round < 3; round++) {
    const open = slots.flatMap((b, i) => (b ? [] : [i]));
    if (open.length === 0) break;
    const { rows, courierOf } = await bulkBook(client, token, open.length, open.map((i) => couriers[i % couriers.length]!), taken);
    for (const r of rows) {
      if (r.state !== 'booked' || !r.tracking_number) continue;
      const courier = courierOf.get(r.order_id)!;
      const slot = open.find((i) => !slots[i] && couriers[i % couriers.length] === courier)!;
      slots[slot] = { orderId: r.order_id, name: r.order_name, tracking: r.tracking_number, courier };
    }
  }
  return slots.filter((b): b is Booked => b !== undefined);
}

/**
 * Books `count` of the shop's unfulfilled cash-on-delivery orders through the bulk route, as `token`'s
 * person (so Booked by is theirs), spread over the couriers given in turn, and waits for the job:
 * every row as the progress reports it.
 */
export async function bulkBook(client: ApiClient, token: string, count: number, couriers: readonly Courier[], taken: Set<string> = new Set()): Promise<{ rows: BulkRow[]; courierOf: Map<string, Courier> }> {
  const accounts = (await client.call('accounts.active', { token })).accounts;
  const accountOf = (courier: Courier) => {
    const account = accounts.find((a) => a.company === courier);
    if (!account) throw new Error(`the shop has no active ${courier} account`);
    return account;
  };
  const orders: StoreOrder[] = [];
  let after: string | undefined;
  while (orders.length < count) {
    const page = await client.call('storeOrders.list', { token, query: { filter: 'cod', limit: 100, ...(after ? { after } : {}) } });
    // an earlier flow of this world may have left an order waiting for a courier check (a lost answer
    // it never answered), and an order with no city or no phone is left by a bulk for a person: the bulk
    // would rightly not book either, and this flow would be a parcel short
    const bookable = page.orders.filter((o) => !taken.has(o.id) && !o.check_needed && !o.booking && o.city !== '' && o.phone !== '');
    orders.push(...bookable.slice(0, count - orders.length));
    if (!page.next) break;
    after = page.next;
  }
  if (orders.length < count) throw new Error(`only ${orders.length} unfulfilled orders left to book`);
  orders.forEach((o) => taken.add(o.id));
  const courierOf = new Map(orders.map((o, i) => [o.id, couriers[i % couriers.length]!]));
  const ordersData = orders.map((o) => ({ order_id: o.id, order_name: o.name, tracking_account: accountOf(courierOf.get(o.id)!)._id }));
  const { jobId } = await client.call('booking.bulkFulfil', { token, body: { ordersData } });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const progress = await client.call('booking.bulkProgress', { token, params: { jobId } });
    if (progress.status === 'done') return { rows: progress.rows, courierOf };
    if (Date.now() > deadline) throw new Error(`bulk booking ${jobId} did not finish: ${JSON.stringify(progress)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The parcel's stored status made 20 minutes old, as if booked then: the modal asks the courier only
 * about a status older than 10 minutes, and the app's clock cannot be moved. The status time is also part
 * of an index key (parcels still moving, by account), rewritten with it as the repository would.
 */
export async function ageStatus(tracking: string): Promise<void> {
  const { endpoint, name } = inject('table');
  const db = createDocClient({ region: 'us-east-1', endpoint });
  const { Item: shop } = await db.send(new GetCommand({ TableName: name, Key: { pk: `DOMAIN#${DEMO_SHOP}`, sk: 'DOMAIN' } }));
  const key = { pk: `SHOP#${shop!.shopId as string}`, sk: `BOOKING#${tracking}` };
  const { Item: booking } = await db.send(new GetCommand({ TableName: name, Key: key }));
  const was = booking!.lastStatusAt as string;
  const aged = new Date(Date.parse(was) - 20 * 60_000).toISOString();
  const item = Object.fromEntries(Object.entries(booking!).map(([k, v]) => [k, typeof v === 'string' && v.includes(was) ? v.replace(was, aged) : v]));
  await db.send(new PutCommand({ TableName: name, Item: item }));
}

/**
 * The parcel's status made `ms` older, as if it had not moved since then (the app's clock cannot be
 * moved): its status time and the moving index's key, which sorts by it. The booking day stays, so
 * the list, the counters and the dashboard still count it where it was booked.
 */
export async function ageStatusBy(tracking: string, ms: number): Promise<void> {
  const { endpoint, name } = inject('table');
  const db = createDocClient({ region: 'us-east-1', endpoint });
  const booking = await storedBooking(tracking);
  const was = booking!.lastStatusAt as string;
  const aged = new Date(Date.parse(was) - ms).toISOString();
  const moving = BOOKING_INDEXES.find((i) => i.name === 'movingParcelsByAccount')!.sort;
  const item = { ...booking!, lastStatusAt: aged, [moving]: String(booking![moving]).replace(was, aged) };
  await db.send(new PutCommand({ TableName: name, Item: item }));
}

/** The demo shop's booking item as stored (its shop and account ids, which no screen shows). */
export async function storedBooking(tracking: string): Promise<Record<string, unknown>> {
  const { endpoint, name } = inject('table');
  const db = createDocClient({ region: 'us-east-1', endpoint });
  const { Item: shop } = await db.send(new GetCommand({ TableName: name, Key: { pk: `DOMAIN#${DEMO_SHOP}`, sk: 'DOMAIN' } }));
  const { Item: booking } = await db.send(new GetCommand({ TableName: name, Key: { pk: `SHOP#${shop!.shopId as string}`, sk: `BOOKING#${tracking}` } }));
  return booking!;
}
