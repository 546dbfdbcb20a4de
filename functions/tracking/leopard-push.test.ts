import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { startGateway } from '../../local/gateway';
import { freePort } from '../../local/services/ports';
import { call, seedAccount, seedUser, TEST_ORIGIN_SECRET } from '../test-support/harness';
import { bookOneOrder } from '../test-support/book-one';
import { makeWorld, type World } from '../test-support/world';
import { syncBatch } from '../domain/sync/batch';
import type { AccountRecord } from '../domain/records';

/**
 * Leopards' status pushes (issue 22) on DynamoDB Local, the Shopify simulator and the Leopards
 * simulator, which pushes to the local gateway what its parcels reach when its clock moves, as the
 * courier would to the address the account page gives it.
 */
let world: World;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let account: AccountRecord;
/** The account's callback address as the account page gives it, and its key (the last path segment). */
let url: string;
let key: string;
const TICK = 2 * 3_600_000;
const taken = new Set<string>();

beforeAll(async () => {
  world = await makeWorld({ orders: 10 });
  gateway = await startGateway({ port: await freePort(), deps: world.deps, originSecret: TEST_ORIGIN_SECRET });
  account = await seedAccount(world.deps, world.a.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
  const res = await call(world.deps, 'accounts.statusPush', { token: world.a.ownerToken, params: { id: account._id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.last_push_at).toBeNull();
  url = res.body.url;
  key = decodeURIComponent(url.split('/').at(-1)!);
  push().setUrl(DEMO_CREDENTIALS.LEOPARD.api_key!, `${gateway.url}${new URL(url).pathname}`);
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await world?.stop();
});

const sim = () => world.couriers.sims.LEOPARD.control;
const push = () => world.couriers.sims.LEOPARD.push;
const booking = (tn: string) => world.deps.bookings.get(world.a.shop._id, tn);
const timeline = (tn: string) => world.deps.bookings.timeline(world.a.shop._id, tn);
const lastPushAt = async () => (await world.deps.accounts.get(world.a.shop._id, account._id))?.lastPushAt;
const pushCall = (body: unknown, k = key) => call(world.deps, 'tracking.leopardPush', { params: { key: k }, body });
/** Pakistan time as Leopards writes it: "2026-11-27 15:04:05". */
const pk = (iso: string) => new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function bookOne(): Promise<string> {
  return bookOneOrder(world, account._id, taken);
}

/** The simulator's clock moved and its pushes answered. */
async function advance(ms: number) {
  sim().advance(ms);
  await push().settle();
}

/** What the simulator would push for a parcel's coded scans (taken from its own shipment view). */
function scansOf(tn: string) {
  const shipment = sim().shipments().find((s) => s.trackingNumber === tn)!;
  return shipment.events.filter((e) => e.code).map((e) => ({ cn_number: tn, status: e.code!, receiver_name: '', reason: '', activity_date: pk(e.at) }));
}

describe('POST /courier-push/leopard/{key}', () => {
  it('moves a parcel from the simulator\'s pushes alone, with no tracking call, and records when the last push came', async () => {
    const tn = await bookOne();
    sim().clearCalls();
    const before = push().deliveries().length;
    await advance(10 * TICK);
    const sent = push().deliveries().slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((d) => d.status)).toEqual(sent.map(() => 202));
    expect(sent.flatMap((d) => d.body.data.map((s) => s.status))).toEqual(['SP', 'RC', 'DP', 'AR', 'AC', 'DV']);
    const delivered = await booking(tn);
    expect(delivered).toMatchObject({ status: 'DELIVERED', courierStatus: 'Delivered' });
    expect((await timeline(tn)).map((e) => e.status)).toEqual(expect.arrayContaining(['Shipment Picked', 'Dispatched', 'Delivered']));
    expect(sim().calls('trackBookedPacket')).toEqual([]);
    expect(await lastPushAt()).toBeDefined();
    const page = await call(world.deps, 'accounts.statusPush', { token: world.a.ownerToken, params: { id: account._id } });
    expect(page.body).toEqual({ url, last_push_at: await lastPushAt() });
  }, 60_000);

  it('refuses a forged or unknown key in the catalogue\'s shape, with nothing written', async () => {
    const tn = await bookOne();
    const held = await booking(tn);
    const when = await lastPushAt();
    const [shopId, accountId, secret] = key.split('.') as [string, string, string];
    const other = await seedAccount(world.deps, world.b.shop._id, { company: 'LEOPARD' });
    const forged = [
      `${shopId}.${accountId}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
      `${shopId}.${'0'.repeat(24)}.${secret}`,
      `${world.b.shop._id}.${other._id}.${secret}`,
      `${shopId}.${accountId}`,
      'nothing-at-all',
    ];
    const body = { data: [{ cn_number: tn, status: 'DV', receiver_name: 'Ayesha', reason: '', activity_date: pk(new Date(sim().now()).toISOString()) }] };
    for (const k of forged) {
      const res = await pushCall(body, k);
      expect(res.status, k).toBe(401);
      expect(res.body).toEqual({ errors: [{ msg: 'This status push address is not valid', code: 'PUSH_REFUSED' }] });
    }
    expect(await booking(tn)).toEqual(held);
    expect(await lastPushAt()).toBe(when);
  }, 60_000);

  it('refuses bad bodies in the catalogue\'s shape, never a 500, with nothing written', async () => {
    const when = await lastPushAt();
    const cases: [Parameters<typeof call>[2], number, string][] = [
      [{ rawBody: '{"data": [' }, 400, 'INVALID_JSON'],
      [{ body: {} }, 400, 'VALIDATION_FAILED'],
      [{ body: { data: [] } }, 400, 'VALIDATION_FAILED'],
      [{ body: { data: 'DV' } }, 400, 'VALIDATION_FAILED'],
      [{ body: { data: [{ status: 'DV', activity_date: '2026-11-20 10:00:00' }] } }, 400, 'VALIDATION_FAILED'],
      [{ body: { data: [{ cn_number: 'KI1', status: 'DV', activity_date: 7 }] } }, 400, 'VALIDATION_FAILED'],
      [{ body: { data: Array.from({ length: 201 }, () => ({ cn_number: 'KI1', status: 'DV', activity_date: '2026-11-20 10:00:00' })) } }, 400, 'VALIDATION_FAILED'],
      [{ rawBody: 'data=DV', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [input, status, code] of cases) {
      const res = await call(world.deps, 'tracking.leopardPush', { params: { key }, ...input });
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(status);
      expect(res.body.errors[0].code).toBe(code);
    }
    expect(await lastPushAt()).toBe(when);
  }, 60_000);

  it('changes nothing on a replayed push, or on a code Dakiya does not know', async () => {
    const tn = await bookOne();
    const before = push().deliveries().length;
    await advance(3 * TICK);
    const replay = push().deliveries().slice(before).filter((d) => d.body.data.some((s) => s.cn_number === tn));
    expect(replay.length).toBeGreaterThan(0);
    const held = await booking(tn);
    const scans = await timeline(tn);
    expect(held?.status).toBe('INPROCESS');
    for (const delivery of replay) expect((await pushCall(delivery.body)).status).toBe(202);
    const later = pk(new Date(sim().now() + 60_000).toISOString());
    for (const status of ['DW', 'DR', 'ZZ9']) {
      expect((await pushCall({ data: [{ cn_number: tn, status, receiver_name: '', reason: '', activity_date: later }] })).status).toBe(202);
    }
    expect(await booking(tn)).toEqual(held);
    expect(await timeline(tn)).toEqual(scans);
  }, 60_000);

  it('applies one scan once whether the push or the poll brings it first', async () => {
    const apiKey = DEMO_CREDENTIALS.LEOPARD.api_key!;
    const poll = (tn: string) => syncBatch({ shopId: world.a.shop._id, accountId: account._id, courier: 'LEOPARD', trackingNumbers: [tn] }, world.deps);

    // push first: the poll of the same scans writes nothing
    const pushedFirst = await bookOne();
    await advance(3 * TICK);
    const afterPush = await booking(pushedFirst);
    expect(afterPush?.status).toBe('INPROCESS');
    expect(await poll(pushedFirst)).toMatchObject({ polled: 1, moved: 0, errors: 0 });
    expect(await booking(pushedFirst)).toEqual(afterPush);

    // poll first: the push of the same scans writes nothing
    push().setUrl(apiKey, undefined);
    try {
      const polledFirst = await bookOne();
      await advance(3 * TICK);
      expect(await poll(polledFirst)).toMatchObject({ polled: 1, moved: 1, errors: 0 });
      const afterPoll = await booking(polledFirst);
      const scans = await timeline(polledFirst);
      expect(afterPoll?.status).toBe('INPROCESS');
      const res = await pushCall({ data: scansOf(polledFirst) });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(await booking(polledFirst)).toEqual(afterPoll);
      expect(await timeline(polledFirst)).toEqual(scans);
    } finally {
      push().setUrl(apiKey, `${gateway.url}${new URL(url).pathname}`);
    }
  }, 90_000);

  it('shows the address only to those who edit accounts, and a new secret retires the old address', async () => {
    const { token } = await seedUser(world.deps, world.a.shop._id, { scopes: ['READ_ACCOUNTS', 'BOOK_ORDERS'] });
    expect((await call(world.deps, 'accounts.statusPush', { token, params: { id: account._id } })).status).toBe(403);
    for (const id of ['accounts.get', 'accounts.list', 'accounts.active'] as const) {
      const res = await call(world.deps, id, { token, ...(id === 'accounts.get' ? { params: { id: account._id } } : {}) });
      expect(JSON.stringify(res.body), id).not.toContain(key.split('.')[2]!);
    }
    const renewed = await call(world.deps, 'accounts.newStatusPush', { token: world.a.ownerToken, params: { id: account._id } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(url);
    const old = await pushCall({ data: [{ cn_number: 'KI1', status: 'DP', activity_date: '2026-11-20 10:00:00' }] });
    expect(old.status).toBe(401);
    url = renewed.body.url;
    key = decodeURIComponent(url.split('/').at(-1)!);
    push().setUrl(DEMO_CREDENTIALS.LEOPARD.api_key!, `${gateway.url}${new URL(url).pathname}`);
    const tcs = await seedAccount(world.deps, world.a.shop._id, { company: 'TCS', credentials: DEMO_CREDENTIALS.TCS as Record<string, string> });
    const refused = await call(world.deps, 'accounts.statusPush', { token: world.a.ownerToken, params: { id: tcs._id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe('PUSH_NOT_OFFERED');
  }, 60_000);
});
