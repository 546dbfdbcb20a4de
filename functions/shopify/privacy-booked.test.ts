import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../adapters/dynamo/keys';
import { LEOPARD_DEMO_CREDENTIALS, TCS_DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import type { DeliveryRecord } from '../../local/simulators/shopify/webhooks';
import { call, seedAccount } from '../test-support/harness';
import { bookableOrders } from '../test-support/shopify-shops';
import { traces } from '../test-support/trace';
import { makeWorld, type World } from '../test-support/world';

/**
 * customers/redact after bookings made the way a merchant makes them (the booking route, its order
 * claims, attempts and pointers), one of them left waiting for a courier check: nothing of the
 * customer is left in any item of the table, whatever the booking path wrote.
 */
let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

type Consignee = { consignee_name: string; consignee_phone: string; consignee_email: string; consignee_address: string };
const mehwish: Consignee = {
  consignee_name: 'Mehwish Baloch', consignee_phone: '03219876543', consignee_email: 'mehwish.baloch@example.pk',
  consignee_address: 'House 77, Street 9, DHA Phase 6',
};
const farhan: Consignee = {
  consignee_name: 'Farhan Siddiqui', consignee_phone: '03335550199', consignee_email: 'farhan.s@example.pk', consignee_address: 'Plot 3, Satellite Town',
};
/** Each form of her phone the code may keep: as typed and stored (03…), and its national number, which 92…/+92… hold too. */
const needles = [mehwish.consignee_name, mehwish.consignee_phone, '3219876543', mehwish.consignee_email, mehwish.consignee_address];

async function bookOrder(orderId: string, orderName: string, company: 'LEOPARD' | 'TCS', who: Consignee = mehwish) {
  const account = company === 'TCS'
    ? await seedAccount(world.deps, world.a.shop._id, { company: 'TCS', credentials: TCS_DEMO_CREDENTIALS as Record<string, string> })
    : await seedAccount(world.deps, world.a.shop._id, { credentials: LEOPARD_DEMO_CREDENTIALS });
  return call(world.deps, 'booking.book', {
    token: world.a.ownerToken,
    body: {
      tracking_account: account._id, order_id: orderId, order_name: orderName, pieces: 1, weight: 500, cod_amount: 4200,
      products_list: 'Khaddar shawl x 1', destination_city: 'Karachi', ...who,
    },
  });
}

/** The simulator's signed delivery, handed to the app's webhook route as API Gateway hands it over. */
const deliver = (delivery: DeliveryRecord) => call(world.deps, 'shopify.webhook', {
  rawBytes: Buffer.from(delivery.body),
  headers: Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name.toLowerCase(), value])),
});

/** A booking made, and one left waiting for a TCS check, through the booking route, of the next two orders of shop A's store. */
const used = new Set<string>();
async function bookedAndWaiting(who: Consignee) {
  // an order waiting for a check is still unfulfilled on Shopify: the orders this file has used are skipped by id
  const [booked, waiting] = bookableOrders(world.shopify, world.a.shop.domain).filter((o) => !used.has(o.id)).slice(-2);
  for (const order of [booked!, waiting!]) used.add(order.id);
  const ok = await bookOrder(booked!.id, booked!.name, 'LEOPARD', who);
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  world.couriers.sims.TCS.control.failNext('lose-response', 1, 'booking/create');
  const lost = await bookOrder(waiting!.id, waiting!.name, 'TCS', who);
  expect(lost.body.errors?.[0]?.code).toBe('COURIER_CHECK_NEEDED');
  return { booked: booked!, waiting: waiting!, trackingNumber: ok.body.booking.tracking_number as string };
}

describe('customers/data_request after bookings through the booking route', () => {
  it('mails each booking once and, besides, only the attempt no booking shows (the one waiting for a check)', async () => {
    const { booked, waiting, trackingNumber } = await bookedAndWaiting(farhan);
    const stranger = await bookedAndWaiting({ ...farhan, consignee_name: 'Sana Javed', consignee_phone: '03001112233', consignee_email: 'sana@example.pk' });
    const delivery = world.shopify.control.trigger(world.a.shop.domain, 'customers/data_request', {
      payload: {
        shop_id: 1, shop_domain: world.a.shop.domain, customer: { id: 4412, email: farhan.consignee_email, phone: '+923335550199' },
        orders_requested: [Number(booked.id), Number(waiting.id)], data_request: { id: 4242 },
      },
    }) as DeliveryRecord;
    expect(await deliver(delivery)).toMatchObject({ status: 200, body: { ok: true } });
    await world.deps.drainJobs();
    const mail = world.deps.mailbox.sent.find((m) => m.subject === 'Customer data request 4242: what Dakiya keeps');
    const text = mail?.text ?? '';
    expect(text).toContain(`Booking ${trackingNumber} (${booked.name})`);
    expect(text).toContain(`Booking attempt for ${waiting.name} (reference ${waiting.name}-`);
    expect(text).toContain('waiting for a check with the courier');
    // the booked order's attempt repeats its booking; another customer's orders are not theirs to see
    expect(text).not.toContain(`Booking attempt for ${booked.name} `);
    expect(text.split(farhan.consignee_address).length - 1).toBe(2);
    for (const theirs of [`(${stranger.booked.name})`, `for ${stranger.waiting.name} `, 'Sana Javed', '03001112233']) expect(text).not.toContain(theirs);
  });
});

describe('customers/redact after bookings through the booking route', () => {
  it('leaves none of the customer\'s strings in any item, the attempts of a booked order and of one waiting for a check included', async () => {
    // TCS cannot be asked by reference: its lost answer leaves the attempt waiting for a person's check
    const { booked, waiting } = await bookedAndWaiting(mehwish);
    expect((await traces(world.deps.db, world.deps.env.TABLE_NAME, needles)).length).toBeGreaterThan(0);

    const delivery = world.shopify.control.trigger(world.a.shop.domain, 'customers/redact', {
      payload: {
        shop_id: 1, shop_domain: world.a.shop.domain, customer: { id: 4411, email: mehwish.consignee_email, phone: '+923219876543' },
        orders_to_redact: [Number(booked.id), Number(waiting.id)],
      },
    }) as DeliveryRecord;
    const res = await deliver(delivery);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await traces(world.deps.db, world.deps.env.TABLE_NAME, needles)).toEqual([]);
  });

  it('reaches attempts saved before their pointers once the backfill row has run', async () => {
    const nadia: Consignee = { consignee_name: 'Nadia Hussain', consignee_phone: '03124447788', consignee_email: 'nadia.h@example.pk', consignee_address: 'Flat 5, Bahria Town' };
    const { booked, waiting } = await bookedAndWaiting(nadia);
    const shopId = world.a.shop._id;
    for (const order of [booked, waiting]) {
      for (const attemptId of await world.deps.attempts.findByOrder(shopId, order.id)) {
        await world.deps.db.send(new DeleteCommand({ TableName: world.deps.env.TABLE_NAME, Key: keys.orderAttemptPointer(shopId, order.id, attemptId) }));
      }
    }
    await world.deps.bookings.saveOrderPointersProgress({ done: false });
    await world.deps.poller.runScheduled('bookings.pointers');
    const delivery = world.shopify.control.trigger(world.a.shop.domain, 'customers/redact', {
      payload: { shop_id: 1, shop_domain: world.a.shop.domain, customer: { id: 4413, email: null, phone: null }, orders_to_redact: [Number(booked.id), Number(waiting.id)] },
    }) as DeliveryRecord;
    expect(await deliver(delivery)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await traces(world.deps.db, world.deps.env.TABLE_NAME, [nadia.consignee_name, '3124447788', nadia.consignee_email, nadia.consignee_address])).toEqual([]);
  });

  it('reaches an attempt by the customer\'s phone alone when Shopify no longer lists its order', async () => {
    const bilal: Consignee = { consignee_name: 'Bilal Ahmed', consignee_phone: '03451239876', consignee_email: 'bilal.a@example.pk', consignee_address: 'House 12, Gulberg III' };
    const { waiting } = await bookedAndWaiting(bilal);
    const shopId = world.a.shop._id;
    // only the phone leads to the attempt waiting for a check: its order is not listed and no booking was made of it
    expect(await world.deps.attempts.findByOrder(shopId, waiting.id)).toHaveLength(1);
    const delivery = world.shopify.control.trigger(world.a.shop.domain, 'customers/redact', {
      payload: { shop_id: 1, shop_domain: world.a.shop.domain, customer: { id: 4414, email: null, phone: '+92 345 1239876' }, orders_to_redact: [] },
    }) as DeliveryRecord;
    expect(await deliver(delivery)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await traces(world.deps.db, world.deps.env.TABLE_NAME, [bilal.consignee_name, '3451239876', bilal.consignee_email, bilal.consignee_address])).toEqual([]);
  });

  it('reaches a booking and an attempt by the customer\'s email alone, those saved before their contact pointers once the backfill row has run', async () => {
    const hina: Consignee = { consignee_name: 'Hina Rauf', consignee_phone: '03017654321', consignee_email: 'Hina.Rauf@Example.pk', consignee_address: 'Street 4, Hayatabad Phase 2' };
    const { booked, waiting, trackingNumber } = await bookedAndWaiting(hina);
    const shopId = world.a.shop._id;
    const attemptIds = [...await world.deps.attempts.findByOrder(shopId, booked.id), ...await world.deps.attempts.findByOrder(shopId, waiting.id)];
    expect(attemptIds).toHaveLength(2);
    // as if written before the email and contact pointers existed
    for (const attemptId of attemptIds) {
      for (const contact of ['03017654321', 'hina.rauf@example.pk']) {
        await world.deps.db.send(new DeleteCommand({ TableName: world.deps.env.TABLE_NAME, Key: keys.attemptContactPointer(shopId, contact, attemptId) }));
      }
    }
    await world.deps.db.send(new DeleteCommand({ TableName: world.deps.env.TABLE_NAME, Key: keys.emailPointer(shopId, hina.consignee_email, trackingNumber) }));
    expect(await world.deps.attempts.findByContact(shopId, 'hina.rauf@example.pk')).toEqual([]);
    await world.deps.bookings.saveOrderPointersProgress({ done: false });
    await world.deps.poller.runScheduled('bookings.pointers');
    expect((await world.deps.attempts.findByContact(shopId, 'hina.rauf@example.pk')).sort()).toEqual(attemptIds.sort());
    const delivery = world.shopify.control.trigger(world.a.shop.domain, 'customers/redact', {
      payload: { shop_id: 1, shop_domain: world.a.shop.domain, customer: { id: 4415, email: 'hina.rauf@example.PK', phone: null }, orders_to_redact: [] },
    }) as DeliveryRecord;
    expect(await deliver(delivery)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await traces(world.deps.db, world.deps.env.TABLE_NAME, [hina.consignee_name, '3017654321', hina.consignee_email, hina.consignee_address])).toEqual([]);
  });
});
