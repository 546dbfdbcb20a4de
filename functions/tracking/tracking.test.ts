import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER, pageRouteKey } from '@dakiya/shared';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import { call, seedAccount, seedShop, testDeps, TEST_ORIGIN_SECRET, type SeededShop, type TestDeps } from '../test-support/harness';
import { bookingRecord, writeBooking } from '../test-support/bookings';
import type { AccountRecord } from '../domain/records';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { trackPageHandler } from './page';
import { ParcelPage } from './page/view';

/**
 * The public tracking API and page on DynamoDB Local against the Leopards simulator: parcels booked
 * there in the past, their bookings as Dakiya last stored them.
 */
let deps: TestDeps;
let couriers: CourierSims;
let seeded: SeededShop;
let leopard: AccountRecord;
const DAY = 86_400_000;
const MINUTE = 60_000;
let addresses = 0;
/** Each test its own viewer address, so the per-address limit of one never reaches another. */
const nextAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  couriers = await startCourierSims();
  deps = await testDeps({}, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000' });
  seeded = await seedShop(deps, { plan: 'FREE' });
  leopard = await seedAccount(deps, seeded.shop._id, { company: 'LEOPARD', credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string> });
}, 60_000);
afterAll(async () => { await couriers?.stop(); });
beforeEach(() => couriers.sims.LEOPARD.control.clearFaults());

const sim = () => couriers.sims.LEOPARD.control;
const trackCalls = () => sim().calls().length;

/** A parcel the courier took `daysAgo` under `scenario`; its booking stored with a status last changed `changedAgoMs` ago. */
async function parcel(scenario: 'happy' | 'return' | 'stuck' | 'courier-cancel', opts: { daysAgo?: number; changedAgoMs?: number; status?: 'CANCELLED' } = {}) {
  const bookedAt = new Date(sim().now() - (opts.daysAgo ?? 3) * DAY).toISOString();
  const shipment = sim().addShipment({
    credentials: DEMO_CREDENTIALS.LEOPARD as Record<string, string>, bookedAt, orderRef: `#P${Math.random().toString(36).slice(2, 8)}`,
    consignee: { name: 'Sana Tariq Khan', phone: '03331234567', address: 'House 9, Street 2, Gulberg' }, city: 'Lahore', cod: 4200, scenario, tickMs: 3_600_000,
  });
  const lastStatusAt = opts.changedAgoMs === undefined ? bookedAt : new Date(Date.now() - opts.changedAgoMs).toISOString();
  return writeBooking(deps, seeded.shop, bookingRecord(seeded.shop, leopard, {
    trackingNumber: shipment.trackingNumber, bookedAt, lastStatusAt, cod: 4200, orderNames: ['#1443'], status: opts.status ?? 'FULFILLED',
    consignee: { name: 'Sana Tariq Khan', phone: '03331234567', phone2: '03001112233', email: 'sana@example.pk', address: 'House 9, Street 2, Gulberg' },
  }));
}

const api = (id: string, address = nextAddress()) => call(deps, 'tracking.public', { params: { id }, headers: { [VIEWER_ADDRESS_HEADER]: `${address}:443` } });

/** The page as CloudFront's /track/* behaviour hands it to the function. */
async function page(number: string, opts: { lang?: string; address?: string; origin?: boolean } = {}) {
  const query = opts.lang ? { lang: opts.lang } : undefined;
  const event = {
    version: '2.0', routeKey: pageRouteKey('tracking.page'), rawPath: `/track/${encodeURIComponent(number)}`, rawQueryString: opts.lang ? `lang=${opts.lang}` : '',
    headers: { ...(opts.origin === false ? {} : { [ORIGIN_HEADER]: TEST_ORIGIN_SECRET }), [VIEWER_ADDRESS_HEADER]: `${opts.address ?? nextAddress()}:443` },
    queryStringParameters: query, pathParameters: { track_number: number },
    requestContext: { requestId: 'test', http: { method: 'GET', path: `/track/${number}`, sourceIp: '127.0.0.1' }, routeKey: pageRouteKey('tracking.page') },
  } as unknown as APIGatewayProxyEventV2;
  const result = await trackPageHandler(() => deps)(event, {} as Context);
  return { status: result.statusCode, headers: result.headers as Record<string, string>, html: result.body ?? '' };
}

describe('GET /track-order-public/{id}', () => {
  it("answers the spec's tracking fields, the consignee's first name and the store's name, and nothing else", async () => {
    const booking = await parcel('stuck', { changedAgoMs: MINUTE });
    const res = await api(booking.trackingNumber);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      domain: seeded.shop.domain, store: seeded.shop.name, company: 'LEOPARD', order_name: '#1443', status: 'FULFILLED',
      order: {
        consignee_name: 'Sana', track_number: booking.trackingNumber, booking_date: booking.bookedAt, current_status: 1,
        details: [{ name: 'BOOKED', status_message: 'Booked with Leopards', status_date: booking.bookedAt }],
      },
    });
    // none of what a guessed number must not give away, whatever the field is called
    const text = JSON.stringify(res.body);
    for (const secret of ['0333', '0300', 'sana@', 'Gulberg', 'House 9', '4200', 'Tariq', leopard.name, booking.bookingId]) expect(text).not.toContain(secret);
  });

  it('says a number Dakiya does not know in the words of the catalogue', async () => {
    const res = await api('LE000000000');
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toEqual({ code: 'PARCEL_NOT_FOUND', msg: 'We could not find a parcel with this number' });
  });

  it('answers a cancelled parcel as cancelled and a returned one as returned', async () => {
    const cancelled = await parcel('stuck', { changedAgoMs: MINUTE, status: 'CANCELLED' });
    expect((await api(cancelled.trackingNumber)).body).toMatchObject({ status: 'CANCELLED', order: { current_status: 4 } });
    const courierCancelled = await parcel('courier-cancel');
    expect((await api(courierCancelled.trackingNumber)).body).toMatchObject({ status: 'CANCELLED', order: { current_status: 4 } });
    const returned = await parcel('return');
    expect((await api(returned.trackingNumber)).body).toMatchObject({ status: 'RTS', order: { current_status: null } });
  });

  it('asks the courier about a status older than ten minutes, and not about a younger one', async () => {
    const young = await parcel('happy', { changedAgoMs: 9 * MINUTE });
    let calls = trackCalls();
    expect((await api(young.trackingNumber)).body).toMatchObject({ status: 'FULFILLED', order: { current_status: 1 } });
    expect(trackCalls() - calls).toBe(0);

    const old = await parcel('happy', { changedAgoMs: 11 * MINUTE });
    calls = trackCalls();
    const res = await api(old.trackingNumber);
    expect(res.body).toMatchObject({ status: 'DELIVERED', order: { current_status: 3 } });
    expect(res.body.order.details.at(-1).name).toBe('Delivered');
    expect(trackCalls() - calls).toBe(1);
    expect((await deps.bookings.get(seeded.shop._id, old.trackingNumber))!.status).toBe('DELIVERED');
  });

  it('asks at most once per parcel in ten minutes, counting the merchant\'s tracking modal', async () => {
    const booking = await parcel('stuck');
    const calls = trackCalls();
    const modal = await call(deps, 'orders.track', { token: seeded.ownerToken, params: { id: booking.trackingNumber } });
    expect(modal.body.courier_check).toBe('asked');
    const answers = await Promise.all([api(booking.trackingNumber), api(booking.trackingNumber), page(booking.trackingNumber)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(trackCalls() - calls).toBe(1);
  });

  it('refuses the 61st request of a minute from one address with the catalogue\'s 429, the page counting with the API', async () => {
    const address = nextAddress();
    // a fixed window: start at its beginning so all 61 fall in one minute
    await new Promise((resolve) => setTimeout(resolve, deps.limiter.secondsLeft(60) < 20 ? deps.limiter.secondsLeft(60) * 1000 + 50 : 0));
    const answers = [];
    for (let i = 0; i < 59; i += 1) answers.push((await api('LE000000000', address)).status);
    expect(answers.every((s) => s === 404)).toBe(true);
    expect((await page('LE000000000', { address })).status).toBe(404);
    const refused = await api('LE000000000', address);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ code: 'RATE_LIMITED', msg: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const refusedPage = await page('LE000000000', { address });
    expect(refusedPage.status).toBe(429);
    expect(refusedPage.headers['cache-control']).toBe('no-store');
    expect(refusedPage.html).toContain('data-testid="track-try-again"');
    // another address is not slowed by this one
    expect((await api('LE000000000')).status).toBe(404);
  }, 60_000);
});

describe('the page /track/{track_number}', () => {
  it('is the parcel rendered on the server: status, greeting, shipping details and progress in the first answer, no script', async () => {
    const booking = await parcel('stuck', { changedAgoMs: MINUTE });
    const res = await page(booking.trackingNumber);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/);
    expect(res.html).toContain('data-status="FULFILLED">Booked</p>');
    expect(res.html).toContain('Hello Sana,');
    expect(res.html).toContain(`your parcel from ${seeded.shop.name}`);
    expect(res.html).toContain(`<dd><bdi>${booking.trackingNumber}</bdi></dd>`);
    expect(res.html).not.toMatch(/<script/i);
    for (const secret of ['0333', 'Gulberg', '4200', 'Tariq']) expect(res.html).not.toContain(secret);
  });

  it('says the courier could not be reached when it did not answer, beside the status last stored', async () => {
    const booking = await parcel('happy', { changedAgoMs: 11 * MINUTE });
    sim().failNext('http-500', 10);
    const res = await page(booking.trackingNumber);
    expect(res.status).toBe(200);
    expect(res.html).toContain('data-status="FULFILLED">Booked</p>');
    expect(res.html).toContain('data-testid="track-courier-down">Leopards could not be reached just now, so this is the latest news we have.');
    // the next visitor within the minute is told the same, though only the first asked
    const next = await page(booking.trackingNumber);
    expect(next.html).toContain('data-testid="track-courier-down">');
    // a courier that answers says nothing of the kind
    sim().clearFaults();
    const fine = await page((await parcel('stuck', { changedAgoMs: 11 * MINUTE })).trackingNumber);
    expect(fine.status).toBe(200);
    expect(fine.html).not.toContain('track-courier-down');
  });

  it('is in Urdu, right to left, with ?lang=ur, and each language links to the other', async () => {
    const booking = await parcel('stuck', { changedAgoMs: MINUTE, status: 'CANCELLED' });
    const ur = await page(booking.trackingNumber, { lang: 'ur' });
    expect(ur.html).toMatch(/^<!DOCTYPE html><html lang="ur" dir="rtl">/);
    expect(ur.html).toContain('data-status="CANCELLED">منسوخ</p>');
    expect(ur.html).toContain(`href="/track/${booking.trackingNumber}" lang="en"`);
    const en = await page(booking.trackingNumber);
    expect(en.html).toContain(`href="/track/${booking.trackingNumber}?lang=ur" lang="ur"`);
  });

  it('allows its own style by hash and nothing else: no script, no inline style without the hash, no framing', async () => {
    const booking = await parcel('stuck', { changedAgoMs: MINUTE });
    const { headers, html } = await page(booking.trackingNumber);
    const csp = headers['content-security-policy']!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(html).not.toMatch(/ style="/);
  });

  it("says 'No Progress' where a parcel has no scans to show", () => {
    const tracking = {
      domain: 'x.myshopify.com', store: 'Karachi Kapra House', company: 'TCS', order_name: '#1001', status: 'FULFILLED',
      order: { consignee_name: 'Ali', track_number: '770000000001', booking_date: '2026-11-20T10:00:00Z', current_status: 1, details: [] },
    } as const;
    const html = renderToStaticMarkup(createElement(ParcelPage, { tracking: { ...tracking, order: { ...tracking.order, details: [] } }, lang: 'en', timeZone: 'Asia/Karachi', links: { self: '/', switchLang: '/' } }));
    expect(html).toContain('<p class="empty" data-testid="track-no-progress">No Progress</p>');
    expect(html).not.toContain('track-details');
  });

  it("says 'We could not find a parcel with this number' for an unknown number", async () => {
    const res = await page('LE999999999');
    expect(res.status).toBe(404);
    expect(res.html).toContain('We could not find a parcel with this number');
    expect(res.html).not.toContain('track-try-again');
  });

  it("says 'Error occurred!' with Try again, a reload of the same page, when tracking fails", async () => {
    const failing = { ...deps, bookings: { ...deps.bookings, shopsOfParcel: () => Promise.reject(new Error('DynamoDB is down')) } } as unknown as TestDeps;
    const event = {
      version: '2.0', routeKey: pageRouteKey('tracking.page'), rawPath: '/track/LE1', headers: { [ORIGIN_HEADER]: TEST_ORIGIN_SECRET },
      queryStringParameters: { lang: 'ur' }, pathParameters: { track_number: 'LE1' }, requestContext: { requestId: 't', http: { sourceIp: '192.0.2.9' } },
    } as unknown as APIGatewayProxyEventV2;
    const res = await trackPageHandler(() => failing)(event, {} as Context);
    expect(res.statusCode).toBe(500);
    expect(res.headers!['cache-control']).toBe('no-store');
    expect(res.body).toContain('خرابی پیش آ گئی!');
    expect(res.body).toContain('href="/track/LE1?lang=ur" data-testid="track-try-again"');
    const en = await trackPageHandler(() => failing)({ ...event, queryStringParameters: undefined }, {} as Context);
    expect(en.body).toContain('Error occurred!');
    expect(en.body).toContain('Something went wrong while tracking your order. Please try again later.');
  });

  it('refuses a request that did not come through CloudFront', async () => {
    const res = await page('LE000000000', { origin: false });
    expect(res.status).toBe(403);
    expect(res.html).not.toContain('<bdi>LE000000000</bdi>');
  });
});
