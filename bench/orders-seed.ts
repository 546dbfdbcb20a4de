import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cityKey, type BookingStatus, type CourierId } from '@dakiya/shared';
import { batchWrite, type WriteRequest } from '../functions/adapters/dynamo/batch';
import { bookingEntity } from '../functions/adapters/dynamo/booking-store/entity';
import { keys } from '../functions/adapters/dynamo/keys';
import { contributionOf, countedOf, refKey, shopDay } from '../functions/domain/booking/counters';
import type { BookingRecord } from '../functions/domain/ports/bookings';
import type { CounterChange } from '../functions/domain/ports/counters';
import type { Deps } from '../functions/domain/ports/deps';
import type { ShopRecord, UserRecord } from '../functions/domain/records';
import { accountsOf } from '../functions/domain/accounts/directory';

const DAY_MS = 86_400_000;
/** Bookings recorded as written at a time: a stopped seed goes on from the last chunk. */
const CHUNK = 1000;
/**
 * The counter items' shape: a seed whose counters were written in an older one writes them again (2: the
 * shop's year items; 3: the city items' histogram moved to courierDays items, per courier).
 */
const COUNTERS_SHAPE = 3;
/** Two years of history up to this day. */
export const LAST_BOOKING = Date.parse('2026-11-20T18:00:00.000Z');
const TZ = 'Asia/Karachi';
/** Big cities take most parcels; the last ones are rare (a filter there finds few rows in a big index). */
const CITIES = ['Lahore', 'Karachi', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Gujranwala', 'Sialkot', 'Hyderabad', 'Quetta', 'Bahawalpur', 'Sargodha', 'Sukkur', 'Larkana', 'Gilgit', 'Skardu', 'Turbat'];
const CITY_WEIGHTS = [24, 22, 9, 7, 6, 5, 5, 4, 3, 3, 3, 2, 2, 1, 1, 0.5, 0.3, 0.2];
const COMPANIES: CourierId[] = ['LEOPARD', 'POSTEX', 'TCS', 'MNP'];
const STATUSES: [BookingStatus, number][] = [['DELIVERED', 62], ['RTS', 14], ['CANCELLED', 6], ['INPROCESS', 12], ['FULFILLED', 6]];

/** The i-th booking's pseudo-random draws: the same i always gives the same booking, so a seed resumes. */
function draws(i: number) {
  let s = (i * 2654435761) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const weighted = <T>(r: number, list: [T, number][]) => {
  let x = r * list.reduce((a, [, w]) => a + w, 0);
  for (const [v, w] of list) if ((x -= w) < 0) return v;
  return list[0]![0];
};

export interface BenchShop {
  shop: ShopRecord;
  staff: string[];
  accounts: Record<CourierId, string>;
  size: number;
}

/** The i-th of `size` bookings of the bench shop: newest last, about `size / 730` a day. */
export function benchBooking(b: Omit<BenchShop, 'size'>, size: number, i: number): BookingRecord {
  const r = draws(i);
  const bookedAtMs = LAST_BOOKING - Math.floor(((size - 1 - i) / size) * 730 * DAY_MS) - Math.floor(r() * 3_600_000);
  const bookedAt = new Date(bookedAtMs).toISOString();
  const status = weighted(r(), STATUSES);
  const company = COMPANIES[Math.floor(r() * COMPANIES.length)]!;
  const days = 1 + Math.floor(r() * r() * 12);
  const ended = status === 'DELIVERED' || status === 'RTS';
  const deliveredAt = ended ? new Date(bookedAtMs + days * DAY_MS).toISOString() : undefined;
  const merged = r() < 0.05;
  const bookedDay = shopDay(new Date(bookedAt), TZ);
  return {
    shopId: b.shop._id, trackingNumber: `BX${String(100000000 + i)}`, bookingId: (i + 0x100000).toString(16).padStart(24, 'b'), orderIds: [String(5_000_000_000_000 + i)],
    orderNames: merged ? [`#${10001 + i}`, `#${900001 + i}`] : [`#${10001 + i}`], tag: merged ? 'MERGED' : '', accountId: b.accounts[company], accountName: `${company} main`, company,
    status, paymentStatus: status === 'DELIVERED' && r() < 0.6 ? 'PAID' : 'UNPAID', bookedAt, bookedDay, bookedBy: b.staff[Math.floor(r() * b.staff.length)]!, bookedByTag: 'packer',
    lastStatusAt: deliveredAt ?? bookedAt, consignee: { name: 'Ayesha Khan', phone: `03${String(100000000 + ((i * 7919) % 900000000)).padStart(9, '0')}`, address: 'House 12, Street 4, Gulberg III' },
    destinationCity: weighted(r(), CITIES.map((c, k) => [c, CITY_WEIGHTS[k]!] as [string, number])), cod: 500 + 50 * Math.floor(r() * 100), weight: 500, pieces: 1,
    productsList: 'Lawn suit - M x 1', remarks: '', lineItems: [], fulfillments: [], attention: [],
    ...(deliveredAt ? { deliveredAt } : {}), ...(status === 'DELIVERED' ? { deliveryDays: days } : {}), ...(status === 'CANCELLED' ? { cancelledAt: bookedAt } : {}),
  };
}

/**
 * The bench shop with `size` bookings, seeded once into the on-disk table and found again by later
 * benches. Bookings go in by BatchWriteItem with every key the entity builds and their order-name
 * and phone pointers (as the booking flow writes them), in chunks recorded as they finish, so an interrupted seed goes on;
 * the counter items are then written once from the sum of every booking's contribution, exactly what
 * the live path's updates add up to.
 */
export async function seedBenchShop(deps: Deps, db: DynamoDBDocumentClient, table: string, size: number, say: (text: string) => void): Promise<BenchShop> {
  const marker = { pk: `BENCH#orders#${size}`, sk: 'SEED' };
  const found = (await db.send(new GetCommand({ TableName: table, Key: marker, ConsistentRead: true }))).Item as
    | { shopId: string; staff: string[]; accounts: Record<CourierId, string>; written: number; counters: boolean | number } | undefined;
  let state = found;
  if (!state) {
    const stamp = new Date().toISOString();
    const ids = (n: number) => Array.from({ length: n }, (_, k) => `${size.toString(16)}${k}`.padStart(24, 'c'));
    const shopId = `${size.toString(16)}`.padStart(24, 'a');
    const staff = ids(5);
    const shop: ShopRecord = {
      _id: shopId, domain: `bench-${size}.myshopify.com`, name: `Bench ${size}`, email: `owner@bench-${size}.pk`, currency: 'PKR', iana_time_zone: TZ,
      status: 'ACTIVE', plan: 'MONTHLY', installedAt: stamp, updatedAt: stamp, ownerUserId: staff[0]!, shopify: { accessToken: 'x', scopes: [] }, accountDirectory: {},
    };
    const owner: UserRecord = {
      _id: staff[0]!, shopId, personId: staff[0]!.replace(/c/g, 'd'), first_name: 'Bench', last_name: 'Owner', email: shop.email, phone: '03001234567', role: 'ADMIN',
      tag: 'owner', access_scopes: [], is_active: true, is_verified_user: true, two_factor_enabled: false, createdAt: stamp, updatedAt: stamp,
    };
    await deps.shops.createWithOwner(shop, owner, {
      person: { _id: owner.personId!, email: shop.email, passwordHash: 'x', two_factor_enabled: false, membershipCount: 0, createdAt: stamp, updatedAt: stamp }, isNew: true,
    });
    const accounts = Object.fromEntries(COMPANIES.map((c, k) => [c, `${size.toString(16)}${k}`.padStart(24, 'e')])) as Record<CourierId, string>;
    // the Courier filter maps couriers to these accounts through the shop's directory
    for (const company of COMPANIES) {
      await deps.accounts.createCounted({
        _id: accounts[company], shopId, name: `${company} main`, company, address_code: '', weight: 500, in_active: false, city: 'Karachi',
        credentials: await deps.secrets.encrypt('{}', shopId), saved_credentials: [], createdAt: stamp, updatedAt: stamp,
      }, undefined);
    }
    state = { shopId, staff, accounts, written: 0, counters: false };
    await db.send(new PutCommand({ TableName: table, Item: { ...marker, ...state } }));
  }
  let shop = (await deps.shops.get(state.shopId))!;
  if (!shop.accountDirectory) {
    // a table seeded before the shops' account directory: filled as the shop's first courier filter does
    await accountsOf(shop, deps);
    shop = (await deps.shops.get(state.shopId))!;
  }
  // every member who booked is a member of the shop, so a page's Booked by reads what a real shop's would
  for (const [k, userId] of state.staff.slice(1).entries()) {
    const member: UserRecord = {
      _id: userId, shopId: shop._id, first_name: 'Staff', last_name: `Member ${k + 1}`, email: `staff${k + 1}@bench-${size}.pk`, phone: '', role: 'USER', tag: 'packer',
      access_scopes: ['READ_ORDERS', 'BOOK_ORDERS'], is_active: true, is_verified_user: true, two_factor_enabled: false, createdAt: shop.installedAt, updatedAt: shop.installedAt,
    };
    await db.send(new PutCommand({ TableName: table, Item: { ...keys.user(shop._id, userId), type: 'user', ...member } }));
  }
  const bench = { shop, staff: state.staff, accounts: state.accounts };
  const entity = bookingEntity(db, table);
  for (let from = state.written; from < size; from += CHUNK) {
    const requests: WriteRequest[] = [];
    for (let i = from; i < Math.min(size, from + CHUNK); i++) {
      const b = benchBooking(bench, size, i);
      const params = entity.put({
        ...b, lineItems: [], cityKey: cityKey(b.destinationCity), mergedAt: b.tag === 'MERGED' ? b.bookedAt : '', deliveredAt: b.deliveredAt ?? '', changedAt: b.lastStatusAt,
      }).params() as { Item: Record<string, unknown> };
      requests.push({ PutRequest: { Item: params.Item } });
      // the pointers a search by order name or phone reads, as the repository writes them
      for (const key of [...b.orderNames.map((name) => keys.orderNamePointer(b.shopId, name, b.trackingNumber)), keys.phonePointer(b.shopId, b.consignee.phone, b.trackingNumber)]) {
        requests.push({ PutRequest: { Item: { ...key, type: 'bookingPointer', trackingNumber: b.trackingNumber } } });
      }
    }
    const batches = Array.from({ length: Math.ceil(requests.length / 25) }, (_, k) => requests.slice(k * 25, k * 25 + 25));
    let next = 0;
    await Promise.all(Array.from({ length: 6 }, async () => {
      while (next < batches.length) await batchWrite(db, table, batches[next++]!);
    }));
    state = { ...state, written: Math.min(size, from + CHUNK) };
    await db.send(new PutCommand({ TableName: table, Item: { ...marker, ...state } }));
    say(`bookings written: ${state.written} of ${size}`);
  }
  if (state.counters !== COUNTERS_SHAPE) {
    const items = new Map<string, CounterChange>();
    for (let i = 0; i < size; i++) {
      for (const change of contributionOf(countedOf(benchBooking(bench, size, i), TZ))) {
        const entry = items.get(refKey(change.item)) ?? { item: change.item, adds: {} };
        for (const [name, n] of Object.entries(change.adds)) entry.adds[name] = (entry.adds[name] ?? 0) + n;
        items.set(refKey(change.item), entry);
      }
    }
    // each item as the recount's repair creates it from nothing (every count added once, version 1, no
    // live write), written whole by BatchWriteItem: a seed that stopped half way writes the same items again
    const requests: WriteRequest[] = [...items.values()].map(({ item, adds }) => ({
      PutRequest: { Item: { ...keys.counter(shop._id, item), ...adds, v: 1, lastWriteAt: 0, type: 'counter' } },
    }));
    const batches = Array.from({ length: Math.ceil(requests.length / 25) }, (_, k) => requests.slice(k * 25, k * 25 + 25));
    let next = 0;
    await Promise.all(Array.from({ length: 6 }, async () => {
      while (next < batches.length) await batchWrite(db, table, batches[next++]!);
    }));
    state = { ...state, counters: COUNTERS_SHAPE };
    await db.send(new PutCommand({ TableName: table, Item: { ...marker, ...state } }));
    say(`counter items written: ${requests.length}`);
  }
  return { ...bench, size };
}
