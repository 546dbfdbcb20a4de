import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../adapters/shopify';
import { call, seedAccount, seedShop, seedUser, testDeps, TEST_SHOPIFY_SECRET, type SeededShop, type TestDeps } from '../../test-support/harness';
import { bookingRecord, writeBooking } from '../../test-support/bookings';
import { traces } from '../../test-support/trace';
import type { BookingRecord } from '../../domain/ports/bookings';
import type { Deps } from '../../domain/ports/deps';
import { runInvocation } from '../../ground/invocation';
import { jobNeeds } from '@dakiya/shared';
import { redactShop } from './redact-shop';

/**
 * shop/redact on DynamoDB Local, signed as Shopify signs it: the webhook only queues the job, the job
 * erases the shop in pages, and afterwards no item of any partition names the shop, its domain or
 * its parcels: not the job records of its other work, nor the erasure's own records.
 */
let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });

const send = (topic: string, shopDomain: string, body: unknown, webhookId: string = randomUUID()) => {
  const bytes = Buffer.from(JSON.stringify(body));
  return call(deps, 'shopify.webhook', {
    rawBytes: bytes,
    headers: {
      'x-shopify-topic': topic, 'x-shopify-shop-domain': shopDomain, 'x-shopify-hmac-sha256': signWebhook(bytes, TEST_SHOPIFY_SECRET),
      'x-shopify-api-version': '2026-07', 'x-shopify-webhook-id': webhookId,
    },
  });
};

/** A shop with staff (one shared with `other`, one its own, one invitation) and `count` bookings with their pointers, counters and marks. */
async function busyShop(other: SeededShop, count: number) {
  const s = await seedShop(deps, { name: 'Gone Soon' });
  const shared = await seedUser(deps, other.shop._id);
  await seedUser(deps, s.shop._id, { person: shared.person });
  const own = await seedUser(deps, s.shop._id);
  await seedUser(deps, s.shop._id, { verified: false });
  const account = await seedAccount(deps, s.shop._id);
  const bookings: BookingRecord[] = [];
  for (let i = 0; i < count; i++) {
    const tn = `GR${s.shop._id.slice(-6)}${String(i).padStart(4, '0')}`;
    bookings.push(await writeBooking(deps, s.shop, bookingRecord(s.shop, account, { trackingNumber: tn, bookedAt: deps.now().toISOString() })));
  }
  // work of the shop still queued when the erasure runs
  if (bookings[0]) await deps.jobs.enqueue('mail.send', { kind: 'tracking-link', shopId: s.shop._id, trackingNumber: bookings[0].trackingNumber }, { shopId: s.shop._id });
  return { ...s, shared, own, bookings };
}

/** What of `s` is left anywhere in the table, job records included. */
const leftOf = (s: Awaited<ReturnType<typeof busyShop>>) =>
  traces(deps.db, deps.env.TABLE_NAME, [s.shop._id, s.shop.domain, ...s.bookings.map((b) => b.trackingNumber)]);

const uninstall = (s: SeededShop) => send('app/uninstalled', s.shop.domain, { id: 1, myshopify_domain: s.shop.domain });
const redact = (s: SeededShop, id?: string) => send('shop/redact', s.shop.domain, { shop_id: 1, shop_domain: s.shop.domain }, id);

describe('shop/redact', () => {
  it('answers at once with the work queued, and the job leaves no trace of the shop in any partition', async () => {
    const other = await seedShop(deps);
    const s = await busyShop(other, 6);
    expect((await leftOf(s)).some((item) => String(item.pk).startsWith('PARCEL#'))).toBe(true);
    expect((await leftOf(s)).some((item) => String(item.pk).startsWith('RECOUNT#'))).toBe(true);
    expect((await leftOf(s)).some((item) => item.job === 'mail.send' && item.status === 'pending')).toBe(true);
    expect((await uninstall(s)).status).toBe(200);
    expect(await redact(s)).toMatchObject({ status: 200, body: { ok: true } });
    // the request only queued: the shop is all there until the job runs
    expect(await deps.shops.get(s.shop._id)).toMatchObject({ status: 'OFF' });
    expect((await leftOf(s)).some((item) => item.job === 'shops.redact' && item.status === 'pending')).toBe(true);
    await deps.drainJobs();
    expect(await leftOf(s)).toEqual([]);
    // the person another store shares stays, signed in to that store; the shop's own people are gone
    expect((await deps.people.get(s.shared.person!._id))?.membershipCount).toBe(1);
    expect(await deps.people.findByEmail(s.own.user.email)).toBeUndefined();
    expect(await deps.people.findByEmail(s.owner.email)).toBeUndefined();
    expect(await deps.shops.get(other.shop._id)).toMatchObject({ status: 'ACTIVE' });
    expect((await traces(deps.db, deps.env.TABLE_NAME, [other.shop._id])).length).toBeGreaterThan(0);
  });

  it('a run that fails half way is retried and continues with what is left', async () => {
    const other = await seedShop(deps);
    const s = await busyShop(other, 40);
    let pages = 0;
    const failing: Deps = Object.assign(Object.create(Object.getPrototypeOf(deps)), deps, {
      shops: Object.assign(Object.create(Object.getPrototypeOf(deps.shops)), deps.shops, {
        erasePage: async (...args: Parameters<Deps['shops']['erasePage']>) => {
          if (++pages === 3) throw new Error('DynamoDB throttled');
          return deps.shops.erasePage(...args);
        },
      }),
    });
    await uninstall(s);
    const before = (await leftOf(s)).length;
    await runInvocation({ name: 'shops-redact', needs: jobNeeds('shops.redact'), deadline: Date.now() + 60_000 }, () =>
      redactShop({ shopId: s.shop._id, domain: s.shop.domain, pass: 0 }, { job: 'shops.redact', requestId: 'r', log: deps.log, now: deps.now(), attempt: 1 }, failing))
      .catch(() => undefined);
    const half = (await leftOf(s)).length;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(before);
    expect(await deps.shops.get(s.shop._id)).toMatchObject({ status: 'OFF' });
    // the retry (here: the webhook's job) erases the rest
    await redact(s);
    await deps.drainJobs();
    expect(await leftOf(s)).toEqual([]);
  });

  it('a run near its deadline queues its next pass, which finishes', async () => {
    const other = await seedShop(deps);
    const s = await busyShop(other, 30);
    await uninstall(s);
    await runInvocation({ name: 'shops-redact', needs: jobNeeds('shops.redact'), deadline: Date.now() + 20_000 }, () =>
      redactShop({ shopId: s.shop._id, domain: s.shop.domain, pass: 0 }, { job: 'shops.redact', requestId: 'r', log: deps.log, now: deps.now(), attempt: 1, recordId: randomUUID() }, deps));
    expect((await leftOf(s)).length).toBeGreaterThan(0);
    await deps.drainJobs();
    expect(await leftOf(s)).toEqual([]);
  });

  it('a shop still installed keeps everything', async () => {
    const other = await seedShop(deps);
    const s = await busyShop(other, 2);
    expect((await redact(s)).status).toBe(200);
    const before = (await leftOf(s)).length;
    await deps.drainJobs();
    expect((await leftOf(s)).length).toBe(before);
  });
});
