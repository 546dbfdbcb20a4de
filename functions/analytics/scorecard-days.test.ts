import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CityAverage, Scorecard, ScorecardCity } from '@dakiya/shared';
import { call, seedAccount, seedShop, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import { contributionOf, count, countedOf, HISTOGRAM_TOP } from '../domain/booking/counters';
import { migrateCounters } from '../domain/booking/migrate-counters';
import type { BookingRecord } from '../domain/ports/bookings';
import type { CounterChange } from '../domain/ports/counters';
import type { AccountRecord, ShopRecord } from '../domain/records';
import { keys } from '../adapters/dynamo/keys';

/**
 * The scorecard's days to delivery per courier x city, on DynamoDB Local: bookings with known days,
 * so each median and p90 is written out by hand (nearest rank), over a year of month items and over a
 * week of day items; and a shop whose counters are of the first shape (one histogram per city), read
 * right before the counters migration rebuilds them and per courier after.
 */
let deps: TestDeps;
let seeded: SeededShop;
let old: SeededShop;
const NOW = new Date('2026-11-27T10:00:00.000Z');
const DAY_MS = 86_400_000;
const YEAR = { from: '2025-11-28', to: '2026-11-27' };
const WEEK = { from: '2026-11-21', to: '2026-11-27' };

/** A booking of `company` to `city`, booked `daysAgo` days before NOW, delivered `days` days later (or returned). */
type Spec = { company: 'LEOPARD' | 'POSTEX'; city: string; daysAgo: number; days?: number; returned?: true };

// Karachi, LEOPARD: 1, 2, 2 this week and 3, 9 in October: median 2, p90 9 over the year; 2 and 2 over the week
// Karachi, POSTEX: 4, 4, 5, 6 and a return: median 4, p90 6 (over the year, none this week)
// Karachi, both: 1 2 2 3 4 4 5 6 9: median 4, p90 9
// Lahore, LEOPARD: 1 and 20 days (counted as 15+): median 1, p90 15
const SPECS: Spec[] = [
  { company: 'LEOPARD', city: 'Karachi', daysAgo: 6, days: 1 },
  { company: 'LEOPARD', city: 'Karachi', daysAgo: 5, days: 2 },
  { company: 'LEOPARD', city: 'Karachi', daysAgo: 4, days: 2 },
  { company: 'LEOPARD', city: 'Karachi', daysAgo: 45, days: 3 },
  { company: 'LEOPARD', city: 'Karachi', daysAgo: 50, days: 9 },
  { company: 'POSTEX', city: 'Karachi', daysAgo: 70, days: 4 },
  { company: 'POSTEX', city: 'Karachi', daysAgo: 200, days: 4 },
  { company: 'POSTEX', city: 'Karachi', daysAgo: 90, days: 5 },
  { company: 'POSTEX', city: 'Karachi', daysAgo: 100, days: 6 },
  { company: 'POSTEX', city: 'Karachi', daysAgo: 30, days: 3, returned: true },
  { company: 'LEOPARD', city: 'Lahore', daysAgo: 60, days: 1 },
  { company: 'LEOPARD', city: 'Lahore', daysAgo: 40, days: 20 },
];

function recordsOf(shop: ShopRecord, accounts: Record<Spec['company'], AccountRecord>, prefix: string): BookingRecord[] {
  return SPECS.map((s, i) => {
    const bookedAt = new Date(NOW.getTime() - s.daysAgo * DAY_MS - 3_600_000).toISOString();
    const endedAt = s.days === undefined ? undefined : new Date(Date.parse(bookedAt) + s.days * DAY_MS).toISOString();
    return bookingRecord(shop, accounts[s.company], {
      trackingNumber: `${prefix}${String(300000000 + i)}`, bookedAt, destinationCity: s.city,
      status: s.returned ? 'RTS' : 'DELIVERED', ...(endedAt ? { deliveredAt: endedAt, lastStatusAt: endedAt } : {}),
      ...(s.returned ? {} : { deliveryDays: s.days }),
    });
  });
}

async function accountsOf(shop: SeededShop) {
  return {
    LEOPARD: await seedAccount(deps, shop.shop._id, { company: 'LEOPARD' }),
    POSTEX: await seedAccount(deps, shop.shop._id, { company: 'POSTEX' }),
  };
}

/**
 * The counters as the first shape wrote them: the city items with one histogram per city and no
 * count or sum of days, and no courierDays items.
 */
function firstShape(changes: CounterChange[]): CounterChange[] {
  return changes.filter((c) => c.item.kind !== 'courierDays').map((c) => {
    if (c.item.kind !== 'city' || !(count.timedDeliveries in c.adds)) return c;
    const { [count.timedDeliveries]: _n, [count.deliveryDaysTotal]: days, ...rest } = c.adds;
    return { item: c.item, adds: { ...rest, [count.cityDaysToDelivery(days!)]: 1 } };
  });
}

beforeAll(async () => {
  deps = await testDeps({ now: () => NOW });
  seeded = await seedShop(deps);
  for (const record of recordsOf(seeded.shop, await accountsOf(seeded), 'SC')) await writeBooking(deps, seeded.shop, record);
  old = await seedShop(deps);
  for (const record of recordsOf(old.shop, await accountsOf(old), 'OS')) {
    await deps.bookings.save(record, () => deps.counters.apply(old.shop._id, firstShape(contributionOf(countedOf(record, old.shop.iana_time_zone))), NOW.getTime()));
  }
}, 120_000);

async function scorecard(shop: SeededShop, query: Record<string, string>): Promise<Scorecard> {
  const res = await call(deps, 'analytics.scorecard', { token: shop.ownerToken, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Scorecard;
}

const days = (city: ScorecardCity | undefined) => city && ({
  city: [city.medianDays, city.p90Days],
  byCourier: city.daysByCourier,
  couriers: Object.fromEntries(city.couriers.map((c) => [c.company, [c.medianDays, c.p90Days]])),
});

describe('the scorecard\'s days to delivery per courier x city', () => {
  it('over twelve months (month items): each courier\'s median and p90, and the city\'s of all its deliveries', async () => {
    const card = await scorecard(seeded, YEAR);
    expect(card.data.map(days)).toEqual([
      { city: [4, 9], byCourier: true, couriers: { LEOPARD: [2, 9], POSTEX: [4, 6] } },
      { city: [1, HISTOGRAM_TOP], byCourier: true, couriers: { LEOPARD: [1, HISTOGRAM_TOP] } },
    ]);
    expect(card.data.map((c) => c.city)).toEqual(['Karachi', 'Lahore']);
  });

  it('over a week (day items), and for the booking form\'s one city', async () => {
    expect(days((await scorecard(seeded, { ...WEEK, city: 'Karachi' })).data[0])).toEqual({ city: [2, 2], byCourier: true, couriers: { LEOPARD: [2, 2] } });
    const form = await call(deps, 'analytics.cityScorecard', { token: seeded.ownerToken, params: { city: 'Lahore' } });
    expect(form.status).toBe(200);
    expect(days((form.body as Scorecard).data[0])).toEqual({ city: [1, HISTOGRAM_TOP], byCourier: true, couriers: { LEOPARD: [1, HISTOGRAM_TOP] } });
  });
});

describe('a shop whose counters are of the first shape', () => {
  const cityItems = async (shopId: string) => (await deps.db.send(new QueryCommand({
    TableName: deps.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.shop(shopId).pk, ':p': 'CNT#CITY#' }, ConsistentRead: true,
  }))).Items ?? [];

  it('gets the same city averages and city days before the migration, and no courier days it cannot know', async () => {
    expect((await cityItems(old.shop._id)).some((item) => 'h.9' in item)).toBe(true);
    const res = await call(deps, 'analytics.citiesAverage', { token: old.ownerToken, query: { startDate: YEAR.from, endDate: YEAR.to } });
    const now = await call(deps, 'analytics.citiesAverage', { token: seeded.ownerToken, query: { startDate: YEAR.from, endDate: YEAR.to } });
    // Karachi: 36 days over 9 deliveries; Lahore: 1 + 15 over 2
    expect(res.body.data).toEqual([{ city: 'Karachi', delivered: 9, averageDays: 4 }, { city: 'Lahore', delivered: 2, averageDays: 8 }] satisfies CityAverage[]);
    expect(now.body.data).toEqual(res.body.data);
    expect((await scorecard(old, YEAR)).data.map(days)).toEqual([
      { city: [4, 9], byCourier: false, couriers: { LEOPARD: [null, null], POSTEX: [null, null] } },
      { city: [1, HISTOGRAM_TOP], byCourier: false, couriers: { LEOPARD: [null, null] } },
    ]);
  });

  it('after the migration, reads each courier\'s days, and its city items hold no histogram', async () => {
    const later = { ...deps, now: () => new Date(NOW.getTime() + 10 * 60_000) };
    await deps.countersMigration.saveProgress({ phase: 'scan', bookings: 0, removed: 0, days: 0, startedAt: NOW.toISOString() });
    for (let run = 0; run < 20 && (await migrateCounters(later)).phase !== 'done'; run++);
    expect((await deps.countersMigration.progress())!.phase).toBe('done');
    expect((await cityItems(old.shop._id)).filter((item) => Object.keys(item).some((name) => name.startsWith('h.')))).toEqual([]);
    expect((await scorecard(old, YEAR)).data.map(days)).toEqual((await scorecard(seeded, YEAR)).data.map(days));
  });
});
