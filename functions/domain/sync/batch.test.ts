import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, DEFAULT_TRACK_IN_FLIGHT } from '@dakiya/shared';
import { fakeDeps } from '../../test-support/fake-deps';
import type { Log } from '../../ground/log';
import type { MetricName } from '../../ground/metrics';
import type { BookingRecord, BookingRepo } from '../ports/bookings';
import type { CourierAdapter, TrackingResult } from '../ports/courier';
import type { AccountRecord, ShopRecord } from '../records';
import { SyncBatch, syncBatch } from './batch';

const shop = { _id: 'shop-1', domain: 'demo.myshopify.com', iana_time_zone: 'Asia/Karachi', status: 'ACTIVE', plan: 'MONTHLY' } as ShopRecord;
const account = { _id: 'a1', shopId: 'shop-1', company: 'LEOPARD', credentials: 'sealed-v1' } as AccountRecord;
const held = (tn: string) => ({
  shopId: 'shop-1', trackingNumber: tn, accountId: 'a1', company: 'LEOPARD', status: 'FULFILLED', paymentStatus: 'UNPAID', orderIds: ['1'], orderNames: ['#1'],
  bookedDay: '2026-11-20', lastStatusAt: '2026-11-20T06:00:00.000Z', fulfillments: [], courierStatus: 'Held at hub (weather)',
}) as unknown as BookingRecord;

/** The ports one batch touches, as fakes: the courier answers every number with `answer`, after `waitMs`. */
function world(answer: (tn: string) => Partial<TrackingResult>, waitMs = 0) {
  const state = { warnings: [] as string[], opened: 0, inFlight: 0, mostInFlight: 0, metrics: {} as Partial<Record<MetricName, number>> };
  const log: Log = {
    debug: () => undefined, info: () => undefined, error: () => undefined,
    warn: (message) => { state.warnings.push(message); }, child: () => log, forInvocation: () => log,
  };
  const courier = {
    track: async (tns: string[]) => {
      state.inFlight += 1;
      state.mostInFlight = Math.max(state.mostInFlight, state.inFlight);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      state.inFlight -= 1;
      return tns.map((tn) => ({ trackingNumber: tn, found: true, status: null, returning: false, rawStatus: null, events: [], ...answer(tn) }));
    },
  } as unknown as CourierAdapter;
  const deps = fakeDeps({
    log,
    metrics: { count: (name, value = 1) => { state.metrics[name] = (state.metrics[name] ?? 0) + value; }, flush: () => undefined },
    shops: { get: async () => shop } as never,
    accounts: { get: async () => account } as never,
    bookings: { getMany: async (_s: string, tns: string[]) => tns.map(held) } as unknown as BookingRepo,
    secrets: { decrypt: async () => { state.opened += 1; return '{"api_key":"k"}'; } } as never,
    courier: () => courier,
    // the parcels are days old: the stuck review reads the rules and may raise an item
    settings: { get: async () => DEFAULT_SETTINGS } as never,
    attention: { raise: async () => undefined, resolve: async () => undefined } as never,
  });
  return { state, deps };
}

describe('the status-sync batch', () => {
  it('holds at most the courier\'s tracking batch', () => {
    const batch = (n: number, courier: 'LEOPARD' | 'TCS') => ({ shopId: 's', accountId: 'a', courier, trackingNumbers: Array.from({ length: n }, (_, i) => `T${i}`) });
    expect(SyncBatch.safeParse(batch(50, 'LEOPARD')).success).toBe(true);
    expect(SyncBatch.safeParse(batch(51, 'LEOPARD')).success).toBe(false);
    expect(SyncBatch.safeParse(batch(1, 'TCS')).success).toBe(true);
    expect(SyncBatch.safeParse(batch(2, 'TCS')).success).toBe(false);
    expect(SyncBatch.safeParse(batch(0, 'LEOPARD')).success).toBe(false);
    expect(SyncBatch.safeParse({ ...batch(1, 'LEOPARD'), courier: 'DHL' }).success).toBe(false);
  });

  it('moves nothing on a courier text it does not know, logs the text once per container, and opens the credentials once', async () => {
    const { state, deps } = world(() => ({ rawStatus: 'Held at hub (weather)' }));
    const batch = { shopId: 'shop-1', accountId: 'a1', courier: 'LEOPARD' as const, trackingNumbers: ['LE1', 'LE2'] };
    // the booking already holds the text: nothing to write, nothing for Shopify
    expect(await syncBatch(batch, deps)).toEqual({ polled: 2, moved: 0, unchanged: 2, errors: 0 });
    expect(await syncBatch(batch, deps)).toEqual({ polled: 2, moved: 0, unchanged: 2, errors: 0 });
    expect(state.warnings.filter((w) => /does not know/.test(w))).toHaveLength(1);
    expect(state.opened).toBe(1);
    expect(state.metrics).toEqual({ ParcelsPolled: 4, ParcelsMoved: 0 });
  });

  it('keeps the calls in flight to one courier within its cap, however many batches run at once', async () => {
    const { state, deps } = world(() => ({ rawStatus: 'Held at hub (weather)' }), 30);
    const batches = Array.from({ length: 12 }, (_, i) => ({ shopId: 'shop-1', accountId: 'a1', courier: 'LEOPARD' as const, trackingNumbers: [`LE${i}`] }));
    await Promise.all(batches.map((b) => syncBatch(b, deps)));
    expect(state.mostInFlight).toBe(DEFAULT_TRACK_IN_FLIGHT);
  });
});
