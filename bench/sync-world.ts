import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cityKey, COURIER_IDS, type CourierId } from '@dakiya/shared';
import { batchWrite, type WriteRequest } from '../functions/adapters/dynamo/batch';
import { bookingEntity } from '../functions/adapters/dynamo/booking-store/entity';
import { shopDay } from '../functions/domain/booking/counters';
import type { BookingRecord } from '../functions/domain/ports/bookings';
import type { Deps } from '../functions/domain/ports/deps';
import type { ShopRecord, UserRecord } from '../functions/domain/records';
import { DEMO_CREDENTIALS, type CourierSims, type Scenario } from '../local/simulators/couriers';

const HOUR = 3_600_000;
const TZ = 'Asia/Karachi';
/** Moving parcels per shop: the bench grows by adding shops, so per-parcel figures compare across sizes. */
export const PER_SHOP = 500;
/**
 * Destinations and the members who booked: a shop's parcels go to many cities and are booked by a few
 * people, so a batch's moves share the counter items they would share in a real shop, no more.
 */
const CITIES = ['Lahore', 'Karachi', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Quetta', 'Sialkot', 'Gujranwala',
  'Hyderabad', 'Bahawalpur', 'Sargodha', 'Sukkur', 'Abbottabad', 'Mardan', 'Sahiwal', 'Okara', 'Jhelum', 'Larkana'];
const MEMBERS = 3;
export const TAGS = { inprocess_tag: 'dk-moving', delivered_tag: 'dk-delivered', cancelled_tag: 'dk-cancelled', rts_tag: 'dk-returned' };

/** The i-th draw of a small deterministic generator: the same size always seeds the same parcels. */
function draws(seed: number) {
  let s = (seed * 2654435761) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyncBenchWorld {
  shops: { shopId: string; accounts: Record<CourierId, string> }[];
  /** Moving parcels per account (`shopId#accountId`), for the minimum of courier calls. */
  perAccount: Map<string, { courier: CourierId; count: number }>;
  /** Every parcel's stored last status change, the freshness bound's window. */
  lastStatusAt: Map<string, number>;
}

/**
 * `size` moving parcels (FULFILLED, as booked) over `size / PER_SHOP` paid shops with one account of
 * each courier, every parcel booked at its courier simulator in the past four days on its own pace (6 to
 * 30 hours a stage), so some have moved since and keep moving while the bench's clock runs. The booking
 * items are written with every key the entity builds (the moving index included), one fulfillment each.
 */
export async function seedSyncWorld(deps: Deps, db: DynamoDBDocumentClient, table: string, sims: CourierSims, now: number, size: number, say: (t: string) => void): Promise<SyncBenchWorld> {
  const stamp = new Date(now).toISOString();
  const shopCount = Math.max(1, Math.round(size / PER_SHOP));
  const world: SyncBenchWorld = { shops: [], perAccount: new Map(), lastStatusAt: new Map() };
  const entity = bookingEntity(db, table);
  for (let s = 0; s < shopCount; s++) {
    const shopId = `${s.toString(16)}`.padStart(24, 'f');
    const ownerId = `${s.toString(16)}`.padStart(24, '9');
    const shop: ShopRecord = {
      _id: shopId, domain: `sync-bench-${s}.myshopify.com`, name: `Sync bench ${s}`, email: `owner@sync-bench-${s}.pk`, currency: 'PKR', iana_time_zone: TZ,
      status: 'ACTIVE', plan: 'FREE', installedAt: stamp, updatedAt: stamp, ownerUserId: ownerId, shopify: { accessToken: 'x', scopes: [] },
    };
    const owner: UserRecord = {
      _id: ownerId, shopId, personId: ownerId.replace(/9/g, '8'), first_name: 'Bench', last_name: 'Owner', email: shop.email, phone: '03001234567', role: 'ADMIN',
      tag: 'owner', access_scopes: [], is_active: true, is_verified_user: true, two_factor_enabled: false, createdAt: stamp, updatedAt: stamp,
    };
    await deps.shops.createWithOwner(shop, owner, {
      person: { _id: owner.personId!, email: shop.email, passwordHash: 'x', two_factor_enabled: false, membershipCount: 0, createdAt: stamp, updatedAt: stamp }, isNew: true,
    });
    // the plan and the paid list in one transaction, as billing writes them
    await deps.billing.switchPlan(shopId, 'FREE', 'MONTHLY', undefined, stamp);
    await deps.settings.save(shopId, { tags: TAGS }, stamp);
    const accounts = {} as Record<CourierId, string>;
    for (const [k, company] of COURIER_IDS.entries()) {
      accounts[company] = `${s.toString(16)}${k}`.padStart(24, '7');
      await deps.accounts.createCounted({
        _id: accounts[company], shopId, name: `${company} main`, company, address_code: '', weight: 500, in_active: false, city: 'Karachi',
        credentials: await deps.secrets.encrypt(JSON.stringify(DEMO_CREDENTIALS[company]), shopId), saved_credentials: Object.keys(DEMO_CREDENTIALS[company]), createdAt: stamp, updatedAt: stamp,
      }, undefined);
    }
    world.shops.push({ shopId, accounts });

    const requests: WriteRequest[] = [];
    for (let i = 0; i < PER_SHOP; i++) {
      const r = draws(s * PER_SHOP + i + 1);
      const company = COURIER_IDS[i % COURIER_IDS.length]!;
      const bookedAtMs = now - Math.floor(r() * 96 * HOUR);
      const roll = r();
      const scenario: Scenario = roll < 0.75 ? 'happy' : roll < 0.9 ? 'attempts' : 'return';
      const orderName = `#S${s}-${i}`;
      const view = sims.sims[company].control.addShipment({
        credentials: DEMO_CREDENTIALS[company] as Record<string, string>, bookedAt: bookedAtMs, orderRef: orderName,
        consignee: { name: 'Ayesha Khan', phone: '03001234567', address: 'House 12, Street 4, Gulberg III' }, city: 'Lahore', cod: 2500,
        scenario, tickMs: Math.floor((6 + r() * 24) * HOUR),
      });
      // drawn after the courier's pace, so each parcel moves as it did before the bench had cities and members
      const city = CITIES[Math.floor(r() * CITIES.length)]!;
      const member = Math.floor(r() * MEMBERS);
      const bookedBy = member === 0 ? ownerId : `${s.toString(16)}${member}`.padStart(24, '6');
      const bookedAt = new Date(bookedAtMs).toISOString();
      const orderId = String(7_000_000_000_000 + s * PER_SHOP + i);
      const b: BookingRecord = {
        shopId, trackingNumber: view.trackingNumber, bookingId: (s * PER_SHOP + i + 0x200000).toString(16).padStart(24, 'b'), orderIds: [orderId], orderNames: [orderName],
        tag: '', accountId: accounts[company], accountName: `${company} main`, company, status: 'FULFILLED', paymentStatus: 'UNPAID', bookedAt,
        bookedDay: shopDay(new Date(bookedAt), TZ), bookedBy, bookedByTag: bookedBy === ownerId ? 'owner' : 'packer', lastStatusAt: bookedAt,
        consignee: { name: 'Ayesha Khan', phone: '03001234567', address: 'House 12, Street 4, Gulberg III' }, destinationCity: city, cod: 2500, weight: 500, pieces: 1,
        productsList: 'Lawn suit - M x 1', remarks: '', lineItems: [], fulfillments: [{ orderId, fulfillmentId: String(8_000_000_000_000 + s * PER_SHOP + i) }], attention: [],
      };
      const params = entity.put({ ...b, lineItems: [], cityKey: cityKey(b.destinationCity), mergedAt: '', deliveredAt: '', changedAt: bookedAt }).params() as { Item: Record<string, unknown> };
      requests.push({ PutRequest: { Item: params.Item } });
      const key = `${shopId}#${accounts[company]}`;
      world.perAccount.set(key, { courier: company, count: (world.perAccount.get(key)?.count ?? 0) + 1 });
      world.lastStatusAt.set(`${shopId}/${view.trackingNumber}`, bookedAtMs);
    }
    const batches = Array.from({ length: Math.ceil(requests.length / 25) }, (_, k) => requests.slice(k * 25, k * 25 + 25));
    let next = 0;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (next < batches.length) await batchWrite(db, table, batches[next++]!);
    }));
    if ((s + 1) % 10 === 0 || s + 1 === shopCount) say(`shops seeded: ${s + 1} of ${shopCount}`);
  }
  return world;
}
