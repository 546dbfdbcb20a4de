import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCourierAdapter } from '../../../functions/adapters/couriers';
import { matchCity } from '../../../functions/adapters/couriers/cities';
import {
  CourierUnavailableError,
  type BookingRequest,
  type CourierAdapter,
  type CourierCredentials,
  type CourierId,
  type NormalisedStatus,
  type ReferenceMatch,
  type TrackingResult,
} from '../../../functions/domain/ports/courier';
import { fixedClock } from './kit/clock';
import type { CourierSim, CourierSimOptions } from './kit/sim';
import type { Scenario } from './kit/shipments';
import { LEOPARD_DEMO_CREDENTIALS, startLeopardSim } from './leopard';
import { MNP_DEMO_CREDENTIALS, startMnpSim } from './mnp';
import { POSTEX_DEMO_CREDENTIALS, startPostexSim } from './postex';
import { startTcsSim, TCS_DEMO_CREDENTIALS } from './tcs';

/**
 * The one courier contract: every case runs unchanged against every courier's adapter talking to
 * that courier's simulator. What differs per courier is data in its profile, never a branch in a case.
 *
 * "Retries never book twice": adapters never retry a booking call (nor any call that changes state).
 * When a booking's answer is lost (timeout, dropped connection, 5xx) the adapter throws
 * CourierUnavailableError with `ambiguous: true`; the caller then asks `findByReference` where the
 * courier can look bookings up by order ref (Leopards, PostEx) and otherwise leaves the order for a
 * person to check, instead of re-sending it.
 */

interface Profile {
  id: CourierId;
  start(options: CourierSimOptions): Promise<CourierSim<CourierCredentials>>;
  demo: CourierCredentials;
  bad: CourierCredentials;
  /** Another merchant's account at the same courier (added to the simulator by the case that needs it). */
  second: CourierCredentials;
  trackingNumber: RegExp;
  /** Path fragments of the courier calls the cases count or fault. */
  paths: { book: string; bookMany: string; track: string; cancel: string; cities: string };
  /** What the courier says when the destination city is not one of its own. */
  unknownCityMessage: string;
  /** The booking body as the courier received it: weight in its unit, phone as sent. */
  sent(body: Record<string, unknown>): { weight: unknown; phone: unknown };
  expectedWeight: number;
  /** True when a fresh booking already shows in tracking (TCS shows nothing until the first scan). */
  trackableAtBooking: boolean;
  /** How many calls one `track` of three numbers costs. */
  trackCallsForThree: number;
  bookManyCallsForTwo: number;
  /** What the courier says when it cancels a parcel itself, and how long after booking; null where the reference names none. */
  courierCancel: { rawStatus: string; afterMs: number } | null;
}

const get = (o: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);

const PROFILES: Profile[] = [
  {
    id: 'LEOPARD',
    start: startLeopardSim,
    demo: LEOPARD_DEMO_CREDENTIALS,
    bad: { api_key: 'WRONG-LEOPARD-KEY', api_password: 'wrong-leopard-pass' },
    second: { api_key: 'LEOPARD-SECOND-KEY-44', api_password: 'leopard-second-pass' },
    trackingNumber: /^KI\d{9}$/,
    paths: { book: 'bookPacket/format', bookMany: 'batchBookPacket', track: 'trackBookedPacket', cancel: 'cancelBookedPackets', cities: 'getAllCities' },
    unknownCityMessage: 'Invalid Destination City',
    sent: (b) => ({ weight: b.booked_packet_weight, phone: b.consignment_phone }),
    expectedWeight: 1500,
    trackableAtBooking: true,
    trackCallsForThree: 1,
    bookManyCallsForTwo: 1,
    courierCancel: { rawStatus: '48 Hours Auto Canceled', afterMs: 48 * 3600_000 },
  },
  {
    id: 'POSTEX',
    start: startPostexSim,
    demo: POSTEX_DEMO_CREDENTIALS,
    bad: { token: 'WRONG-POSTEX-TOKEN', address_code: '001' },
    second: { token: 'POSTEX-SECOND-TOKEN-91', address_code: '001' },
    trackingNumber: /^CX-\d{11}$/,
    paths: { book: 'create-order', bookMany: 'create-order', track: 'track-', cancel: 'cancel-order', cities: 'get-operational-city' },
    unknownCityMessage: 'City Name Atlantis is not an operational city',
    // PostEx's v3 create-order has no weight field at all.
    sent: (b) => ({ weight: b.bookingWeight ?? null, phone: b.customerPhone }),
    expectedWeight: null as unknown as number,
    trackableAtBooking: true,
    trackCallsForThree: 1,
    bookManyCallsForTwo: 2,
    courierCancel: { rawStatus: 'Expired', afterMs: 72 * 3600_000 },
  },
  {
    id: 'TCS',
    start: startTcsSim,
    demo: TCS_DEMO_CREDENTIALS,
    bad: { ...TCS_DEMO_CREDENTIALS, client_secret: 'wrong-tcs-client-secret', api_password: 'wrong-tcs-pass' },
    second: { ...TCS_DEMO_CREDENTIALS, client_id: '200300', client_secret: 'tcs-second-client-secret', username: 'second.merchant', api_password: 'tcs-second-pass' },
    trackingNumber: /^\d{12}$/,
    paths: { book: 'booking/create', bookMany: 'booking/create', track: 'GetDynamicTrackDetail', cancel: 'booking/cancel', cities: 'citylistbycountry' },
    unknownCityMessage: 'consigneeinfo cityname Atlantis is not valid',
    sent: (b) => ({ weight: get(b, 'shipmentinfo', 'weightinkg'), phone: get(b, 'consigneeinfo', 'mobile') }),
    expectedWeight: 1.5,
    trackableAtBooking: false,
    trackCallsForThree: 3,
    bookManyCallsForTwo: 2,
    courierCancel: null,
  },
  {
    id: 'MNP',
    start: startMnpSim,
    demo: MNP_DEMO_CREDENTIALS,
    bad: { username: 'demo_mnp', api_password: 'wrong-mnp-pass', account_no: '4T154' },
    second: { username: 'second_mnp', api_password: 'mnp-second-pass', account_no: '5T200' },
    trackingNumber: /^\d{15}$/,
    paths: { book: 'InsertBookingData', bookMany: 'InsertBulkBookingData', track: 'Tracking', cancel: 'VoidConsignment', cities: 'Get_Cities' },
    unknownCityMessage: 'Invalid destination city',
    sent: (b) => ({ weight: b.weight, phone: b.consigneeMobNo }),
    expectedWeight: 1.5,
    trackableAtBooking: true,
    trackCallsForThree: 1,
    bookManyCallsForTwo: 1,
    courierCancel: null,
  },
];

const FIXTURE_CITIES = ['Karachi', 'Lahore', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Quetta', 'Sialkot', 'Gujranwala'];
const START = Date.parse('2025-03-03T04:00:00Z');
const TIMEOUT_MS = 400;

describe.each(PROFILES)('courier contract: $id', (profile) => {
  let sim: CourierSim<CourierCredentials>;
  let adapter: CourierAdapter;
  let lahore: string;
  let orderSeq = 0;
  const errorsSeen: string[] = [];

  const adapterWith = (credentials: CourierCredentials, timeoutMs = 5000) =>
    createCourierAdapter(profile.id, credentials, { baseUrls: sim.baseUrls, timeoutMs, now: () => sim.control.now() });

  const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
    reference: `#${1000 + ++orderSeq}`,
    consignee: { name: 'Ayesha Siddiqui', phone: '+92 300-1234567', email: 'ayesha@example.pk', address: 'House 12, Street 4, DHA Phase 5' },
    destinationCity: lahore,
    pieces: 1,
    weightGrams: 1500,
    codAmount: 3450,
    productsDescription: 'Lawn suit x1',
    remarks: 'Call before delivery',
    shippingType: 'overnight',
    ...overrides,
  });

  /** What a lookup by reference is given: the reference, phone and COD the parcel was booked with. */
  const matchOf = (req: BookingRequest): ReferenceMatch => ({ reference: req.reference, phone: req.consignee.phone, codAmount: req.codAmount });

  const bookOk = async (overrides: Partial<BookingRequest> = {}) => {
    const result = await adapter.book(request(overrides));
    if (!result.ok) throw new Error(`booking refused: ${result.messages.join('; ')}`);
    return result;
  };

  const trackOne = async (tn: string) => (await adapter.track([tn]))[0]!;

  /** Polls once per tick until nothing changes for a while; returns every answer. */
  const followToEnd = async (tns: string[], ticks = 16) => {
    const history: TrackingResult[][] = [await adapter.track(tns)];
    for (let i = 0; i < ticks; i++) {
      sim.control.tick();
      history.push(await adapter.track(tns));
    }
    return history;
  };

  const thrown = async (work: () => Promise<unknown>): Promise<CourierUnavailableError> => {
    try {
      await work();
    } catch (error) {
      if (error instanceof CourierUnavailableError) {
        errorsSeen.push(error.message);
        return error;
      }
      throw error;
    }
    throw new Error('expected CourierUnavailableError');
  };

  beforeAll(async () => {
    sim = await profile.start({ clock: fixedClock(START), seed: 7 });
    adapter = adapterWith(profile.demo);
    const cities = await adapter.listCities();
    if (!cities.ok) throw new Error('cities unavailable');
    const match = matchCity('Lahore', cities.cities);
    if (match.kind !== 'match') throw new Error('no Lahore');
    lahore = match.city.key;
  });

  afterAll(async () => {
    await sim.stop();
  });

  beforeEach(async () => {
    sim.control.reset();
    // Warm up (TCS: the reset dropped its tokens) so each case counts only its own calls.
    await adapter.listCities();
    sim.control.clearCalls();
  });

  describe('credentials', () => {
    it('accepts the demo credentials', async () => {
      expect(await adapter.checkCredentials()).toEqual({ ok: true });
    });

    it('refuses wrong credentials as data, with a message that does not repeat them', async () => {
      const result = await adapterWith(profile.bad).checkCredentials();
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.messages.length).toBeGreaterThan(0);
      errorsSeen.push(...result.messages);
    });

    it('tracking with wrong credentials throws an auth CourierUnavailableError instead of "not found"', async () => {
      const { trackingNumber } = await bookOk();
      const error = await thrown(() => adapterWith(profile.bad).track([trackingNumber, trackingNumber]));
      expect(error.reason).toBe('auth');
    });

    it('accepts a credential set added through the control API', async () => {
      const extra = { ...profile.demo, ...Object.fromEntries(Object.entries(profile.bad)) };
      expect((await adapterWith(extra).checkCredentials()).ok).toBe(false);
      sim.control.addCredentials(extra);
      expect(await adapterWith(extra).checkCredentials()).toEqual({ ok: true });
    });
  });

  describe('cities', () => {
    it('lists trimmed names that the fixture cities match', async () => {
      const result = await adapter.listCities();
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      for (const city of result.cities) expect(city.name).toBe(city.name.trim());
      for (const name of FIXTURE_CITIES) expect(matchCity(name, result.cities).kind, name).toBe('match');
      expect(matchCity('Pindi', result.cities)).toMatchObject({ kind: 'match', city: { name: expect.stringMatching(/rawalpindi/i) } });
    });
  });

  describe('booking', () => {
    it('books and returns a tracking number in the courier format, converting units and phone', async () => {
      const result = await bookOk();
      expect(result.trackingNumber).toMatch(profile.trackingNumber);
      const calls = sim.control.calls(profile.paths.book);
      expect(calls).toHaveLength(1);
      const sent = profile.sent(calls[0]!.body as Record<string, unknown>);
      expect(sent.phone).toBe('03001234567');
      expect(sent.weight).toBe(profile.expectedWeight);
      expect(sim.control.shipments().map((s) => s.trackingNumber)).toEqual([result.trackingNumber]);
    });

    it('returns the courier rejection for an unknown city as normalised messages', async () => {
      const result = await adapter.book(request({ destinationCity: 'Atlantis' }));
      expect(result).toEqual({ ok: false, messages: [profile.unknownCityMessage] });
    });

    it('returns a business refusal forced on the simulator as data', async () => {
      sim.control.failNext('reject', 1, profile.paths.book);
      const result = await adapter.book(request());
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.messages).toHaveLength(1);
      expect(result.messages[0]).toMatch(/\S/);
      expect(result.unavailable).toBeUndefined();
    });

    it('refuses a phone that is not a Pakistani mobile without calling the courier', async () => {
      const result = await adapter.book(request({ consignee: { ...request().consignee, phone: '021-111-222' } }));
      expect(result.ok).toBe(false);
      expect(sim.control.calls(profile.paths.book)).toHaveLength(0);
    });

    it('books many, in input order, keeping per-row refusals', async () => {
      const results = await adapter.bookBatch([
        request(),
        request({ consignee: { ...request().consignee, phone: '12345' } }),
        request(),
      ]);
      expect(results.map((r) => r.ok)).toEqual([true, false, true]);
      const tns = results.flatMap((r) => (r.ok ? [r.trackingNumber] : []));
      expect(new Set(tns).size).toBe(2);
      for (const tn of tns) expect(tn).toMatch(profile.trackingNumber);
      expect(sim.control.calls(profile.paths.bookMany)).toHaveLength(profile.bookManyCallsForTwo);
    });
  });

  describe('tracking', () => {
    it('tracks a fresh booking as booked (or as no change yet) and moves it to DELIVERED', async () => {
      const { trackingNumber } = await bookOk();
      const first = await trackOne(trackingNumber);
      if (profile.trackableAtBooking) expect(first).toMatchObject({ found: true, status: 'FULFILLED' });
      else expect(first).toMatchObject({ found: false, status: null });

      const history = (await followToEnd([trackingNumber])).map((h) => h[0]!);
      const statuses = history.map((r) => r.status).filter((s): s is NormalisedStatus => s !== null);
      const order: NormalisedStatus[] = ['FULFILLED', 'INPROCESS', 'DELIVERED'];
      expect(statuses.map((s) => order.indexOf(s))).toEqual([...statuses.map((s) => order.indexOf(s))].sort());
      const last = history.at(-1)!;
      expect(last).toMatchObject({ found: true, status: 'DELIVERED', returning: false });
      expect(last.deliveredAt).toBe(last.events.at(-1)!.at);
      expect(last.rawStatus).toBeTruthy();
    });

    it('never changes past event timestamps between polls', async () => {
      const { trackingNumber } = await bookOk();
      sim.control.tick(3);
      const before = await trackOne(trackingNumber);
      sim.control.tick(2);
      const after = await trackOne(trackingNumber);
      expect(before.events.length).toBeGreaterThan(0);
      expect(after.events.slice(0, before.events.length)).toEqual(before.events);
      expect(after.events.length).toBeGreaterThan(before.events.length);
      const times = after.events.map((e) => e.at);
      expect(times).toEqual([...times].sort());
    });

    it('tracks a batch in input order with failed attempts, a return to shipper and an unknown number', async () => {
      const tns: string[] = [];
      const scenarios: Scenario[] = ['happy', 'attempts', 'return'];
      for (const scenario of scenarios) {
        const { trackingNumber } = await bookOk();
        sim.control.setScenario(trackingNumber, scenario);
        tns.push(trackingNumber);
      }
      const unknown = profile.id === 'POSTEX' ? 'CX-00000000000' : profile.id === 'LEOPARD' ? 'KI000000000' : '9'.repeat(profile.id === 'TCS' ? 12 : 15);
      sim.control.clearCalls();
      const history = await followToEnd([...tns, unknown]);
      const perNumber = (i: number) => history.map((h) => h[i]!);

      expect(history.every((h) => h.map((r) => r.trackingNumber).join() === [...tns, unknown].join())).toBe(true);
      expect(perNumber(3).every((r) => !r.found && r.status === null)).toBe(true);

      // Failed attempts are not deliveries: DELIVERED shows up only once the parcel is delivered.
      const attempts = perNumber(1);
      const firstDelivered = attempts.findIndex((r) => r.status === 'DELIVERED');
      expect(firstDelivered).toBeGreaterThan(0);
      expect(attempts.slice(firstDelivered).every((r) => r.status === 'DELIVERED')).toBe(true);
      const attemptEvent = attempts.at(-1)!.events.find((e) => /attempt|pending|not available/i.test(e.status));
      expect(attemptEvent, 'an attempt event').toBeDefined();

      const ret = perNumber(2);
      expect(ret.some((r) => r.status === 'DELIVERED')).toBe(false);
      expect(ret.some((r) => r.status === 'INPROCESS' && r.returning)).toBe(true);
      const end = ret.at(-1)!;
      expect(end).toMatchObject({ status: 'RTS', returning: false });
      expect(end.returnedAt).toBe(end.events.at(-1)!.at);

      expect(perNumber(0).at(-1)!.status).toBe('DELIVERED');
      // One poll of four numbers costs what the courier's batching allows.
      const perPoll = sim.control.calls(profile.paths.track).length / history.length;
      expect(perPoll).toBe(profile.trackCallsForThree === 1 ? 1 : 4);
    });

    it('keeps a stuck parcel in process', async () => {
      const { trackingNumber } = await bookOk();
      sim.control.setScenario(trackingNumber, 'stuck');
      const history = (await followToEnd([trackingNumber], 12)).map((h) => h[0]!);
      expect(history.at(-1)).toMatchObject({ found: true, status: 'INPROCESS' });
      expect(history.at(-1)!.events).toEqual(history.at(-5)!.events);
    });
  });

  describe('cancel', () => {
    it('cancels before pickup and tracking then shows CANCELLED', async () => {
      const { trackingNumber } = await bookOk();
      expect(await adapter.cancel(trackingNumber)).toEqual({ kind: 'cancelled' });
      expect(sim.control.calls(profile.paths.cancel)).toHaveLength(1);
      expect(await trackOne(trackingNumber)).toMatchObject({ found: true, status: 'CANCELLED' });
      sim.control.tick(5);
      expect((await trackOne(trackingNumber)).status).toBe('CANCELLED');
    });

    it('refuses to cancel after pickup, as data', async () => {
      const { trackingNumber } = await bookOk();
      sim.control.tick(3);
      const result = await adapter.cancel(trackingNumber);
      expect(result.kind).toBe('refused');
      if (result.kind === 'refused') expect(result.messages[0]).toMatch(/after pickup/i);
      expect((await trackOne(trackingNumber)).status).toBe('INPROCESS');
    });

    it('follows a cancel-before-pickup scenario to CANCELLED', async () => {
      sim.control.setDefaultScenario('cancel-before-pickup');
      const { trackingNumber } = await bookOk();
      sim.control.tick(4);
      expect(await trackOne(trackingNumber)).toMatchObject({ found: true, status: 'CANCELLED' });
    });

    it('reads a cancel the courier made itself as CANCELLED, in the courier\'s words, once its delay is over', async () => {
      const made = profile.courierCancel;
      if (!made) {
        expect(sim.control.scenarios()).not.toContain('courier-cancel');
        return;
      }
      sim.control.setDefaultScenario('courier-cancel');
      const { trackingNumber } = await bookOk();
      sim.control.advance(made.afterMs - 60_000);
      expect((await trackOne(trackingNumber)).status).toBe('FULFILLED');
      sim.control.advance(60_000);
      const cancelled = await trackOne(trackingNumber);
      expect(cancelled).toMatchObject({ found: true, status: 'CANCELLED', rawStatus: made.rawStatus });
      expect(cancelled.events.at(-1)!.at).toBe(new Date(sim.control.now()).toISOString());
      // the courier refuses a cancel of what it cancelled itself; the adapter reads that as a cancel done before
      expect(await adapter.cancel(trackingNumber)).toEqual({ kind: 'cancelled', already: true });
    });
  });

  describe('accounts', () => {
    it('two accounts book the same order reference (#1443) and each finds, tracks, cancels and prints only its own parcel', async () => {
      sim.control.addCredentials(profile.second);
      const other = adapterWith(profile.second);
      const mine = (await bookOk({ reference: '#1443' })).trackingNumber;
      const booked = await other.book(request({ reference: '#1443' }));
      if (!booked.ok) throw new Error(`second account's booking refused: ${booked.messages.join('; ')}`);
      const theirs = booked.trackingNumber;

      const booked1443 = matchOf(request({ reference: '#1443' }));
      const lookups = [await adapter.findByReference(booked1443), await other.findByReference(booked1443)];
      if (adapter.capabilities.findByReference) {
        expect(lookups).toEqual([{ kind: 'found', trackingNumber: mine }, { kind: 'found', trackingNumber: theirs }]);
      } else {
        expect(lookups).toEqual([{ kind: 'unsupported' }, { kind: 'unsupported' }]);
      }

      expect((await other.cancel(mine)).kind).toBe('refused');
      if (adapter.capabilities.label === 'pdf') expect((await other.label([mine])).kind).toBe('refused');
      if (adapter.capabilities.loadSheet) expect((await other.loadSheet([mine])).kind).toBe('refused');
      expect(sim.control.shipments().find((s) => s.trackingNumber === mine)).toMatchObject({ cancelled: false });

      // Past the first scan (TCS shows nothing before). Two numbers a call: M&P's one-number tracking
      // host takes no credentials at all, as the real one; its bulk tracking is per account.
      sim.control.tick(2);
      const seenBy = async (who: CourierAdapter) => (await who.track([mine, theirs])).map((r) => r.found);
      expect(await seenBy(adapter)).toEqual([true, false]);
      expect(await seenBy(other)).toEqual([false, true]);
    });
  });

  describe('labels and load sheets', () => {
    it('answers label requests per its capability, never crashing', async () => {
      const booking = await bookOk();
      const label = await adapter.label([booking.trackingNumber]);
      if (adapter.capabilities.label === 'pdf') {
        expect(label.kind).toBe('pdf');
        if (label.kind === 'pdf') expect(Buffer.from(label.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
        expect((await adapter.label(['000000000000'])).kind).toBe('refused');
        // more numbers than one call takes are refused before any call
        const over = Array.from({ length: adapter.capabilities.labelBatchSize + 1 }, () => booking.trackingNumber);
        expect((await adapter.label(over)).kind).toBe('refused');
      } else if (adapter.capabilities.label === 'url-at-booking') {
        expect(booking.labelUrl).toMatch(/^http/);
        const slip = await fetch(booking.labelUrl!);
        expect(Buffer.from(await slip.arrayBuffer()).subarray(0, 4).toString()).toBe('%PDF');
        // a booking saved without its link (older ones) has no label of its own
        expect(label).toEqual({ kind: 'unsupported' });
        const own = await adapter.label([booking.trackingNumber], [booking.labelUrl!]);
        expect(own.kind).toBe('pdf');
        if (own.kind === 'pdf') expect(Buffer.from(own.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
        expect(adapter.capabilities.labelBatchSize).toBe(1);
      } else {
        expect(label).toEqual({ kind: 'unsupported' });
        expect(adapter.capabilities.labelBatchSize).toBe(0);
      }
    });

    it('answers load-sheet requests per its capability', async () => {
      const { trackingNumber } = await bookOk();
      const sheet = await adapter.loadSheet([trackingNumber]);
      if (adapter.capabilities.loadSheet) {
        expect(sheet.kind).toBe('pdf');
        if (sheet.kind === 'pdf') expect(Buffer.from(sheet.bytes.subarray(0, 4)).toString()).toBe('%PDF');
      } else {
        expect(sheet).toEqual({ kind: 'unsupported' });
      }
    });
  });

  describe('outages', () => {
    it.each([
      ['http-500', 'http'],
      ['garbage', 'unparseable'],
      ['hang', 'timeout'],
    ] as const)('a %s while tracking throws CourierUnavailableError (%s)', async (mode, reason) => {
      const fast = adapterWith(profile.demo, TIMEOUT_MS);
      await fast.listCities(); // TCS: fresh tokens first, so the fault hits the tracking call
      sim.control.failNext(mode, 1, profile.paths.track);
      const error = await thrown(() => fast.track(['000000000001']));
      expect(error.reason).toBe(reason);
      expect(error.courier).toBe(profile.id);
      expect(sim.control.calls(profile.paths.track)).toHaveLength(1);
    });

    it('a 5xx while listing cities throws, it is not an empty list', async () => {
      sim.control.failNext('http-500', 1, profile.paths.cities);
      const error = await thrown(() => adapter.listCities());
      expect(error.details.httpStatus).toBe(500);
    });

    it('latency under the timeout is fine, over it is a timeout', async () => {
      const fast = adapterWith(profile.demo, TIMEOUT_MS);
      await fast.listCities();
      sim.control.setLatency(50);
      expect((await fast.listCities()).ok).toBe(true);
      sim.control.setLatency(TIMEOUT_MS + 300);
      expect((await thrown(() => fast.listCities())).reason).toBe('timeout');
    });
  });

  describe('retries never book twice', () => {
    it('a booking whose answer is lost is not re-sent; it is reported as ambiguous', async () => {
      const fast = adapterWith(profile.demo, TIMEOUT_MS);
      await fast.listCities(); // TCS: fresh tokens, so the lost call is the booking itself
      const req = request();
      sim.control.failNext('lose-response', 1, profile.paths.book);
      const error = await thrown(() => fast.book(req));
      expect(error.ambiguous).toBe(true);
      expect(sim.control.calls(profile.paths.book)).toHaveLength(1);
      const created = sim.control.shipments();
      expect(created).toHaveLength(1);

      const lookup = await fast.findByReference(matchOf(req));
      if (fast.capabilities.findByReference) expect(lookup).toEqual({ kind: 'found', trackingNumber: created[0]!.trackingNumber });
      else expect(lookup).toEqual({ kind: 'unsupported' });
      expect(sim.control.calls(profile.paths.book)).toHaveLength(1);
    });

    it('a 5xx or timeout on booking is ambiguous too and is sent once', async () => {
      const fast = adapterWith(profile.demo, TIMEOUT_MS);
      await fast.listCities();
      for (const mode of ['http-500', 'hang'] as const) {
        sim.control.clearCalls();
        sim.control.failNext(mode, 1, profile.paths.book);
        const error = await thrown(() => fast.book(request()));
        expect(error.ambiguous, mode).toBe(true);
        expect(sim.control.calls(profile.paths.book), mode).toHaveLength(1);
      }
    });

    it('bookBatch stops at an outage and never loses the rows already booked', async () => {
      sim.control.failNext('http-500', 1, profile.paths.bookMany);
      const results = await adapter.bookBatch([request(), request()]);
      expect(sim.control.calls(profile.paths.bookMany)).toHaveLength(1);
      expect(results.every((r) => !r.ok && r.unavailable !== undefined)).toBe(true);
      expect(results[0]).toMatchObject({ ok: false, unavailable: { ambiguous: true } });
      if (adapter.capabilities.bookBatch === 'looped') expect(results[1]).toMatchObject({ unavailable: { ambiguous: false } });
    });

    it('a parcel found by our reference is ours only with the consignee\'s phone and the COD we booked', async () => {
      const req = request({ reference: '#1443-K7Q2MX' });
      const { trackingNumber } = await bookOk(req);
      const lookups = await Promise.all([
        matchOf(req),
        { ...matchOf(req), phone: '03219876543' },
        { ...matchOf(req), codAmount: req.codAmount + 1 },
        { ...matchOf(req), reference: '#1443' },
      ].map((match) => adapter.findByReference(match)));
      if (adapter.capabilities.findByReference) {
        expect(lookups).toEqual([{ kind: 'found', trackingNumber }, { kind: 'not-found' }, { kind: 'not-found' }, { kind: 'not-found' }]);
      } else {
        expect(lookups.every((l) => l.kind === 'unsupported')).toBe(true);
      }
    });

    it('an unknown order ref is not found (or unsupported)', async () => {
      const lookup = await adapter.findByReference(matchOf(request({ reference: '#never-booked' })));
      expect(lookup).toEqual(adapter.capabilities.findByReference ? { kind: 'not-found' } : { kind: 'unsupported' });
    });
  });

  describe('secrets', () => {
    it('no credential value appears in any error or refusal message', async () => {
      const badAdapter = adapterWith(profile.bad, TIMEOUT_MS);
      const collect = async (work: () => Promise<unknown>) => {
        try {
          const result = await work();
          const text = JSON.stringify(result);
          const messages = (text.match(/"messages":\[[^\]]*\]/g) ?? []).join(' ');
          errorsSeen.push(messages);
        } catch (error) {
          errorsSeen.push(error instanceof Error ? `${error.message} ${error.stack ?? ''}` : String(error));
        }
      };
      await collect(() => badAdapter.checkCredentials());
      await collect(() => badAdapter.listCities());
      await collect(() => badAdapter.book(request()));
      await collect(() => badAdapter.track(['000000000001', '000000000002']));
      await collect(() => badAdapter.cancel('000000000001'));
      sim.control.failNext('http-500', 3);
      await collect(() => adapter.listCities());
      await collect(() => adapter.book(request()));
      await collect(() => adapter.track(['000000000001']));

      const secrets = [...Object.values(profile.bad), ...Object.values(profile.demo)]
        .filter((v): v is string => typeof v === 'string' && v.length >= 6 && !/^0\d{10}$/.test(v) && !v.includes(' '));
      expect(errorsSeen.length).toBeGreaterThan(5);
      for (const message of errorsSeen) {
        for (const secret of secrets) expect(message, `message leaks a credential: ${message}`).not.toContain(secret);
      }
    });
  });
});

describe('TCS tokens', () => {
  it('caches both tokens, refreshes once on a 401 and then carries on', async () => {
    const sim = await startTcsSim({ clock: fixedClock(START), seed: 3 });
    try {
      const adapter = createCourierAdapter('TCS', TCS_DEMO_CREDENTIALS, { baseUrls: sim.baseUrls, now: () => sim.control.now() });
      await adapter.listCities();
      await adapter.listCities();
      expect(sim.control.calls('/auth/api/auth')).toHaveLength(1);
      expect(sim.control.calls('/authentication/token')).toHaveLength(1);

      sim.control.expireTokens();
      expect((await adapter.listCities()).ok).toBe(true);
      expect(sim.control.calls('/auth/api/auth')).toHaveLength(2);
      expect(sim.control.calls('citylistbycountry')).toHaveLength(4); // 2 fine, 1 refused with 401, 1 retried

      // Tokens expire on the clock too: a day later the adapter fetches new ones before calling.
      sim.control.advance(25 * 3600_000);
      expect((await adapter.listCities()).ok).toBe(true);
      expect(sim.control.calls('/auth/api/auth')).toHaveLength(3);
      expect(sim.control.calls('citylistbycountry')).toHaveLength(5);
    } finally {
      await sim.stop();
    }
  });
});
