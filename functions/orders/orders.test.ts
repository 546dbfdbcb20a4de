import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderRow } from '@dakiya/shared';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import { call, seedAccount, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, changeBooking, writeBooking } from '../test-support/bookings';
import { countersOfShop } from '../test-support/counters';
import type { BookingRecord } from '../domain/ports/bookings';
import type { AccountRecord, UserRecord } from '../domain/records';
import { keys } from '../adapters/dynamo/keys';

/**
 * The orders list on DynamoDB Local: 130 bookings written through the repositories (and so through
 * the counters and indexes), spread over three months, two couriers, two cities, two members, every
 * status. Totals below are written out by hand from the rules that made the data, never taken from
 * the code under test.
 */
let deps: TestDeps;
let couriers: CourierSims;
let seeded: SeededShop;
let staff: UserRecord;
let leopard: AccountRecord;
let postex: AccountRecord;
const all: BookingRecord[] = [];
/** Items the table handed back, by kind of read, since the last reset. */
const reads = { indexKeys: 0, items: 0, accounts: 0 };

const START = Date.parse('2026-09-01T05:00:00.000Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  couriers = await startCourierSims();
  deps = await testDeps({}, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000' });
  seeded = await seedShop(deps);
  staff = (await seedUser(deps, seeded.shop._id, { scopes: ['READ_ORDERS'] })).user;
  await deps.members.update(seeded.shop._id, staff._id, { tag: 'packer' });
  leopard = await seedAccount(deps, seeded.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
  postex = await seedAccount(deps, seeded.shop._id, { company: 'POSTEX', credentials: DEMO_CREDENTIALS.POSTEX as Record<string, string> });
  const { shop } = seeded;
  for (let i = 0; i < 130; i++) {
    const bookedAt = new Date(START + 16 * HOUR * i).toISOString();
    const status = (['DELIVERED', 'INPROCESS', 'FULFILLED', i % 8 === 3 ? 'RTS' : 'CANCELLED'] as const)[i % 4]!;
    const arrived = status === 'DELIVERED' ? 2 + (i % 3) : status === 'RTS' ? 5 : undefined;
    const record = bookingRecord(shop, i % 5 === 0 ? postex : leopard, {
      trackingNumber: `KI${String(100000000 + i)}`, bookedAt, status, orderNames: [`#${1000 + i}`],
      destinationCity: i % 3 === 0 ? 'Karachi' : 'Lahore', bookedBy: i % 2 === 0 ? staff._id : shop.ownerUserId,
      paymentStatus: i % 6 === 0 ? 'PAID' : 'UNPAID', tag: i % 13 === 0 ? 'MERGED' : '',
      ...(i === 42 ? { consignee: { name: 'Hina', phone: '03001112233', address: 'Street 1' } } : {}),
      ...(arrived !== undefined ? { deliveredAt: new Date(Date.parse(bookedAt) + arrived * 24 * HOUR).toISOString() } : {}),
      ...(status === 'DELIVERED' ? { deliveryDays: arrived } : {}),
    });
    all.push(await writeBooking(deps, shop, record));
  }
  deps.db.middlewareStack.add((next) => async (args) => {
    const out = await next(args);
    const output = (out.output ?? {}) as { Items?: unknown[]; Responses?: Record<string, unknown[]> };
    if ((args.input as { IndexName?: string }).IndexName) reads.indexKeys += output.Items?.length ?? 0;
    if ((args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':prefix'] === 'ACCOUNT#') reads.accounts++;
    for (const found of Object.values(output.Responses ?? {})) reads.items += found.filter((i) => String((i as { sk?: string }).sk).startsWith('BOOKING#')).length;
    return out;
  }, { step: 'initialize', name: 'countReads' });
}, 120_000);
afterAll(async () => { await couriers?.stop(); });

const newest = () => [...all].sort((a, b) => (a.bookedAt < b.bookedAt ? 1 : -1));
const numbers = (rows: OrderRow[]) => rows.map((r) => r.tracking_number);
const list = async (query: Record<string, string>, token = seeded.ownerToken) => {
  const res = await call(deps, 'orders.list', { token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: OrderRow[]; page: number; totalOrders: number; totalPages: number; totalIsLowerBound: boolean; nextCursor: string | null; pagination: { limit: number } };
};

describe('the list on counters: no filter, or one kind of filter within booking days', () => {
  it('answers the total from the counters and the newest bookings first, 50 a page by default', async () => {
    const page = await list({});
    expect(page).toMatchObject({ page: 1, totalOrders: 130, totalPages: 3, pagination: { limit: 50 }, totalIsLowerBound: false, nextCursor: null });
    expect(numbers(page.data)).toEqual(newest().slice(0, 50).map((b) => b.trackingNumber));
  });

  it('reaches a deep page without reading the rows before it', async () => {
    reads.indexKeys = 0;
    reads.items = 0;
    const page = await list({ page: '6', limit: '20' });
    expect(numbers(page.data)).toEqual(newest().slice(100, 120).map((b) => b.trackingNumber));
    // the 100 rows before it are skipped by the counters: what is read is the page, its day's rows before it and a few spare
    expect(reads.indexKeys).toBeLessThanOrEqual(20 + 5 + 2 + 2);
    // the spare keys' items are read only to replace a row that no longer matches: here none
    expect(reads.items).toBe(20);
  });

  // the rows each filter must show, by the rules that made the data (i below is the booking's place in the loop)
  const at = (b: BookingRecord) => Number(b.trackingNumber.slice(2)) - 100000000;
  it.each([
    ['statuses', { status: 'DELIVERED,RTS' }, 49, (b: BookingRecord) => at(b) % 4 === 0 || at(b) % 8 === 3],
    ['a status word searched', { query: 'returned' }, 16, (b: BookingRecord) => at(b) % 8 === 3],
    ['payment statuses', { payment_status: 'PAID' }, 22, (b: BookingRecord) => at(b) % 6 === 0],
    ['couriers', { couriers: 'POSTEX' }, 26, (b: BookingRecord) => at(b) % 5 === 0],
    ['members', { bookedBy: 'STAFF' }, 65, (b: BookingRecord) => at(b) % 2 === 0],
    ['booking days (months cut at both ends)', { bookingFrom: '2026-10-10', bookingTo: '2026-11-05' }, 41, (b: BookingRecord) => b.bookedDay >= '2026-10-10' && b.bookedDay <= '2026-11-05'],
    ['statuses within booking days', { status: 'INPROCESS', bookingFrom: '2026-10-01', bookingTo: '2026-10-31' }, 12, (b: BookingRecord) => at(b) % 4 === 1 && b.bookedDay.startsWith('2026-10')],
  ])('%s', async (_name, query, total, shown) => {
    const asked = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'STAFF' ? staff._id : v]));
    const page = await list({ ...asked, limit: '10', page: '2' });
    expect(newest().filter(shown)).toHaveLength(total);
    expect(page).toMatchObject({ totalOrders: total, totalPages: Math.ceil(total / 10), totalIsLowerBound: false, nextCursor: null });
    expect(numbers(page.data)).toEqual(newest().filter(shown).slice(10, 20).map((b) => b.trackingNumber));
  });

  it('reaches the last page of a filter by number, a short page', async () => {
    const page = await list({ status: 'DELIVERED,RTS', limit: '20', page: '3' });
    expect(numbers(page.data)).toEqual(newest().filter((b) => b.status === 'DELIVERED' || b.status === 'RTS').slice(40).map((b) => b.trackingNumber));
    expect(page.data).toHaveLength(9);
  });

  it('members, each row showing the member\'s tag as it is now', async () => {
    const before = await list({ bookedBy: staff._id, limit: '5' });
    expect(before.totalOrders).toBe(65);
    expect(before.data[0]!.booked_by).toEqual({ _id: staff._id, tag: 'packer', name: 'Bilal Ahmed' });
    await deps.members.update(seeded.shop._id, staff._id, { tag: 'rider' });
    const after = await list({ bookedBy: staff._id, limit: '5' });
    expect(after.data.map((r) => r.booked_by.tag)).toEqual(['rider', 'rider', 'rider', 'rider', 'rider']);
  });

  it('totals across years: whole years from the shop\'s year items, cut years from their months and days, the same on every page', async () => {
    const other = await seedShop(deps);
    const account = await seedAccount(deps, other.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
    const days = ['2024-12-30', '2025-01-01', '2025-06-15', '2025-12-31', '2026-01-01', '2026-03-10'];
    for (const [k, day] of days.entries()) {
      await writeBooking(deps, other.shop, bookingRecord(other.shop, account, { trackingNumber: `KY${100000000 + k}`, bookedAt: `${day}T07:00:00.000Z`, status: k % 2 ? 'DELIVERED' : 'FULFILLED' }));
    }
    const pages = async (query: Record<string, string>) => {
      const seen: { numbers: (string | null)[]; total: number }[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await list({ ...query, limit: '2', page: String(page) }, other.ownerToken);
        seen.push({ numbers: numbers(res.data), total: res.totalOrders });
      }
      return { totals: seen.map((p) => p.total), numbers: seen.flatMap((p) => p.numbers) };
    };
    const ky = (...k: number[]) => k.map((n) => `KY${100000000 + n}`);
    expect(await pages({})).toEqual({ totals: [6, 6, 6], numbers: ky(5, 4, 3, 2, 1, 0) });
    expect(await pages({ bookingFrom: '2025-01-01' })).toEqual({ totals: [5, 5, 5], numbers: ky(5, 4, 3, 2, 1) });
    expect(await pages({ bookingFrom: '2025-01-01', bookingTo: '2025-12-31' })).toEqual({ totals: [3, 3, 3], numbers: ky(3, 2, 1) });
    expect(await pages({ bookingFrom: '2025-06-01', bookingTo: '2026-01-31' })).toEqual({ totals: [3, 3, 3], numbers: ky(4, 3, 2) });
    expect(await pages({ bookingTo: '2025-12-30' })).toEqual({ totals: [3, 3, 3], numbers: ky(2, 1, 0) });
    expect(await pages({ status: 'DELIVERED', bookingFrom: '2025-01-01' })).toEqual({ totals: [3, 3, 3], numbers: ky(5, 3, 1) });
  });

  it('a page of several members shows each one\'s tag as it is now (the shop\'s members read in one Query)', async () => {
    const other = await seedShop(deps);
    const account = await seedAccount(deps, other.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
    const members = [other.shop.ownerUserId, (await seedUser(deps, other.shop._id)).user._id, (await seedUser(deps, other.shop._id)).user._id];
    for (const [k, id] of members.entries()) await deps.members.update(other.shop._id, id, { tag: `tag-${k}` });
    for (const [k, id] of [...members, ...members].entries()) {
      await writeBooking(deps, other.shop, bookingRecord(other.shop, account, { trackingNumber: `KM${100000000 + k}`, bookedAt: new Date(START + k * HOUR).toISOString(), bookedBy: id }));
    }
    const tags = async () => Object.fromEntries((await list({}, other.ownerToken)).data.map((r) => [r.tracking_number, r.booked_by.tag]));
    expect(await tags()).toEqual({ KM100000000: 'tag-0', KM100000001: 'tag-1', KM100000002: 'tag-2', KM100000003: 'tag-0', KM100000004: 'tag-1', KM100000005: 'tag-2' });
    await deps.members.update(other.shop._id, members[2]!, { tag: 'rider' });
    expect(await tags()).toMatchObject({ KM100000002: 'rider', KM100000005: 'rider' });
  });

  it('two statuses whose newer rows are all of one: the first page holds only it (its index read again), the next page the rest in order', async () => {
    const other = await seedShop(deps);
    const account = await seedAccount(deps, other.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
    const made: BookingRecord[] = [];
    for (let k = 0; k < 20; k++) {
      // the 6 oldest FULFILLED, the 14 newest INPROCESS
      const record = bookingRecord(other.shop, account, { trackingNumber: `KD${100000000 + k}`, bookedAt: new Date(START + k * HOUR).toISOString(), status: k < 6 ? 'FULFILLED' : 'INPROCESS' });
      made.push(await writeBooking(deps, other.shop, record));
    }
    const order = made.map((b) => b.trackingNumber).reverse();
    reads.indexKeys = 0;
    const first = await list({ status: 'INPROCESS,FULFILLED', limit: '10' }, other.ownerToken);
    expect(first).toMatchObject({ totalOrders: 20, totalPages: 2 });
    expect(numbers(first.data)).toEqual(order.slice(0, 10));
    // each status's range first read for its share and two more (7; FULFILLED holds 6), then INPROCESS alone for the 3 missing and two more
    expect(reads.indexKeys).toBe(7 + 6 + 5);
    const second = await list({ status: 'INPROCESS,FULFILLED', limit: '10', page: '2' }, other.ownerToken);
    expect(numbers(second.data)).toEqual(order.slice(10));
  });

  it('says an order\'s delivery in days, its cancel and its N/A fields as the screen shows them', async () => {
    const page = await list({ query: '#1008' });
    expect(page.data).toEqual([expect.objectContaining({
      tracking_number: 'KI100000008', order_name: '#1008', booked_packet_status: 'DELIVERED', delivery_days: 4, cancellable: false,
      tracking_account: { _id: leopard._id, name: leopard.name, company: 'LEOPARD' }, destination_city: 'Lahore', kind: 'booking',
    })]);
    const open = await list({ query: 'KI100000001' });
    expect(open.data[0]).toMatchObject({ booked_packet_status: 'INPROCESS', delivered_date: null, delivery_days: null, cancellable: true });
  });

  it("maps couriers to accounts through the shop's directory, reading no accounts; a shop without one reads them once and fills it", async () => {
    const ofAccounts = (...ids: string[]) => newest().filter((b) => ids.includes(b.accountId));
    const counted = { couriers: 'POSTEX,LEOPARD', limit: '10', page: '2' };
    const scanned = { couriers: 'POSTEX', payment_status: 'PAID', limit: '50' };
    const expected = {
      counted: ofAccounts(postex._id, leopard._id).slice(10, 20).map((b) => b.trackingNumber),
      scanned: ofAccounts(postex._id).filter((b) => b.paymentStatus === 'PAID').map((b) => b.trackingNumber),
    };
    expect(expected.scanned).toHaveLength(5);
    const pages = async () => ({ counted: numbers((await list(counted)).data), scanned: numbers((await list(scanned)).data) });
    reads.accounts = 0;
    expect(await pages()).toEqual(expected);
    expect(reads.accounts).toBe(0);

    const { shop } = seeded;
    const directory = (await deps.shops.get(shop._id))!.accountDirectory;
    expect(Object.keys(directory!).sort()).toEqual([leopard._id, postex._id].sort());
    await deps.db.send(new UpdateCommand({ TableName: deps.env.TABLE_NAME, Key: keys.shop(shop._id), UpdateExpression: 'REMOVE accountDirectory' }));
    // the first request reads the accounts and writes the directory, which the next one holds
    expect(await pages()).toEqual(expected);
    expect(reads.accounts).toBe(1);
    expect((await deps.shops.get(shop._id))!.accountDirectory).toEqual(directory);
  });
});

describe('exact lookups', () => {
  it.each([
    ['a tracking number', { query: 'KI100000007' }, ['KI100000007']],
    ['an order name without its #', { query: '1007' }, ['KI100000007']],
    ['an order name with it', { query: '#1007' }, ['KI100000007']],
    ['a phone as people type it', { query: '0300 111 2233' }, ['KI100000042']],
    ['the phone filter', { phone_num: '+92 300 1112233' }, ['KI100000042']],
    ['the Track # filter', { track: 'KI100000011' }, ['KI100000011']],
    ['a tracking number and a status it does not have', { track: 'KI100000011', status: 'DELIVERED' }, []],
    ['text that names nothing', { query: 'no-such-order' }, []],
  ])('%s', async (_name, query, expected) => {
    const mapped = Object.fromEntries(Object.entries(query).map(([k, v]) => [k === 'phone_num' ? 'phone' : k, v]));
    const page = await list(mapped);
    expect(numbers(page.data)).toEqual(expected);
    expect(page).toMatchObject({ totalOrders: expected.length, totalIsLowerBound: false });
  });
});

describe('combinations: the most selective index, by cursor, the total a lower bound until the end', () => {
  async function walk(query: Record<string, string>) {
    const rows: OrderRow[] = [];
    const totals: { total: number; lower: boolean }[] = [];
    let cursor: string | undefined;
    for (let page = 1; page < 20; page++) {
      const res = await list({ ...query, page: String(page), ...(cursor ? { cursor } : {}) });
      rows.push(...res.data);
      totals.push({ total: res.totalOrders, lower: res.totalIsLowerBound });
      if (!res.nextCursor) break;
      cursor = res.nextCursor;
    }
    return { rows, totals };
  }

  it('a status in one city, four a page', async () => {
    const { rows, totals } = await walk({ status: 'DELIVERED', dest: 'karachi', limit: '4' });
    expect(rows.map((r) => r.tracking_number).sort()).toEqual(['0', '12', '24', '36', '48', '60', '72', '84', '96', '108', '120'].map((i) => `KI${100000000 + Number(i)}`).sort());
    expect(totals.at(-1)).toEqual({ total: 11, lower: false });
    expect(totals[0]).toEqual({ total: 4, lower: true });
  });

  it.each([
    ['merged, searched as a word', { query: 'merged' }, 10],
    ['the MERGED tag', { tag: 'MERGED' }, 10],
    ['merged to one city', { tag: 'MERGED', dest: 'Lahore' }, 6],
    ['a city the shop ships to, searched', { query: 'Karachi' }, 44],
    ['delivered in a range in more than 3 days', { deliveredFrom: '2026-09-01', deliveredTo: '2026-12-31', days: '3', op: 'GREATER' }, 11],
    ['delivered in a range in exactly 2 days', { deliveredFrom: '2026-09-01', deliveredTo: '2026-12-31', days: '2', op: 'EQUAL' }, 11],
    ['paid and by POSTEX', { payment_status: 'PAID', couriers: 'POSTEX' }, 5],
  ])('%s', async (_name, query, total) => {
    const { rows, totals } = await walk({ ...query, limit: '50' });
    expect(rows).toHaveLength(total);
    expect(totals.at(-1)).toEqual({ total, lower: false });
  });

  it('never shows a booking under a status its index still lists it under (AWS indexes lag their items)', async () => {
    const { shop } = seeded;
    const moved = await writeBooking(deps, shop, bookingRecord(shop, leopard, { trackingNumber: 'KI199999999', bookedAt: '2026-11-20T07:00:00.000Z', destinationCity: 'Multan' }));
    await changeBooking(deps, shop, moved, { status: 'DELIVERED', lastStatusAt: '2026-11-22T07:00:00.000Z', deliveredAt: '2026-11-22T07:00:00.000Z', deliveryDays: 2 });
    // the status index as AWS may still hold it: the item says DELIVERED, its index entry FULFILLED
    await deps.db.send(new UpdateCommand({
      TableName: deps.env.TABLE_NAME, Key: { pk: keys.shop(shop._id).pk, sk: 'BOOKING#KI199999999' },
      UpdateExpression: 'SET gsi3pk = :old', ExpressionAttributeValues: { ':old': `SHOP#${shop._id}#STATUS#FULFILLED` },
    }));
    const fulfilled = await list({ status: 'FULFILLED', dest: 'Multan' });
    expect(numbers(fulfilled.data)).toEqual([]);
    const counted = await list({ status: 'FULFILLED', limit: '100' });
    expect(numbers(counted.data)).not.toContain('KI199999999');
    // a page it would have been on is filled from the spare keys: still a full page
    const short = await list({ status: 'FULFILLED', limit: '3' });
    expect(numbers(short.data)).toEqual(numbers(counted.data).slice(0, 3));
    expect(numbers((await list({ status: 'DELIVERED', dest: 'Multan' })).data)).toEqual(['KI199999999']);
  });
});

describe('access', () => {
  it('READ_ORDERS is enough; another shop sees none of these', async () => {
    const reader = await seedUser(deps, seeded.shop._id, { scopes: ['READ_ORDERS'] });
    expect((await list({ limit: '1' }, reader.token)).totalOrders).toBe(131);
    const other = await seedShop(deps);
    expect(await list({ query: 'KI100000007' }, other.ownerToken)).toMatchObject({ data: [], totalOrders: 0 });
    const lacking = await seedUser(deps, seeded.shop._id, { scopes: ['BOOK_ORDERS'] });
    expect((await call(deps, 'orders.list', { token: lacking.token, query: {} })).status).toBe(403);
  });

  it('keeps the counters exactly as the bookings are', async () => {
    const counters = await countersOfShop(deps, seeded.shop._id);
    expect(counters['shop MONTH 2026-10']).toMatchObject({ 's.D': 11, 's.I': 12, 's.F': 12, 's.R': 5, 's.C': 6 });
  });
});

describe('Needs attention', () => {
  it('lists only what waits for a person: a booking cancelled on Shopify and an attempt to check with the courier, newest first', async () => {
    const { shop } = seeded;
    await deps.attention.raise(shop._id, {
      subject: { kind: 'booking', trackingNumber: 'KI100000005' }, reason: 'ORDER_CANCELLED_IN_SHOPIFY', orderName: '#1005', at: '2026-11-24T10:00:00.000Z',
      message: 'Order #1005 was cancelled in Shopify',
    });
    await deps.attention.raise(shop._id, {
      subject: { kind: 'attempt', attemptId: 'attempt-1' }, reason: 'COURIER_CHECK_NEEDED', orderName: '#2001', at: '2026-11-25T10:00:00.000Z',
      message: 'Check with the courier whether #2001 was booked',
      attempt: {
        attemptId: 'attempt-1', orderNames: ['#2001'], accountId: leopard._id, accountName: leopard.name, company: 'LEOPARD', userId: staff._id,
        cod: 3100, destinationCity: 'Quetta', createdAt: '2026-11-25T09:59:00.000Z',
      },
    });

    const page = await list({ attention: 'true' });

    expect(page).toMatchObject({ totalOrders: 2, totalIsLowerBound: false, nextCursor: null });
    expect(page.data.map((r) => [r.kind, r.tracking_number, r.order_name, r.attention.map((a) => a.reason)])).toEqual([
      ['attempt', null, '#2001', ['COURIER_CHECK_NEEDED']],
      ['booking', 'KI100000005', '#1005', ['ORDER_CANCELLED_IN_SHOPIFY']],
    ]);
    // with a filter, the bookings among them that meet it (an attempt has no status to meet)
    expect(numbers((await list({ attention: 'true', status: 'INPROCESS' })).data)).toEqual(['KI100000005']);
    expect(numbers((await list({ attention: 'true', status: 'DELIVERED' })).data)).toEqual([]);
    await deps.attention.resolve(shop._id, { kind: 'booking', trackingNumber: 'KI100000005' });
    expect(numbers((await list({ attention: 'true' })).data)).toEqual([null]);
  });
});
