import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from './kit/clock';
import { startCourierSims, type CourierSims, LEOPARD_DEMO_CREDENTIALS, MNP_DEMO_CREDENTIALS, POSTEX_DEMO_CREDENTIALS, TCS_DEMO_CREDENTIALS } from './index';

/**
 * What the contract suite does not reach through the adapters: the `/_sim/` control API over HTTP,
 * and courier quirks the adapters never exercise (form bodies, GET with query credentials, PostEx's
 * `/service/` prefix, M&P's per-endpoint key casing, the tracking-number formats).
 */

const START = Date.parse('2025-03-03T04:00:00Z');
let sims: CourierSims;

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] });
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const leopardPacket = {
  ...LEOPARD_DEMO_CREDENTIALS,
  booked_packet_weight: '1200',
  booked_packet_no_piece: '1',
  booked_packet_collect_amount: '999',
  booked_packet_order_id: '#77',
  origin_city: 'self',
  destination_city: '789',
  shipment_name_eng: 'self',
  shipment_email: 'self',
  shipment_phone: 'self',
  shipment_address: 'self',
  consignment_name_eng: 'Hina',
  consignment_phone: '03001112223',
  consignment_address: 'Street 1',
  special_instructions: 'None',
};

beforeAll(async () => {
  sims = await startCourierSims({ clock: fixedClock(START), seed: 11 });
});

afterAll(async () => {
  await sims.stop();
});

describe('control API over HTTP', () => {
  it('drives credentials, scenario, clock, faults, latency, calls, shipments and reset', async () => {
    const sim = sims.sims.LEOPARD;
    const base = sim.url;
    expect(await json(await fetch(`${base}/_sim/health`))).toEqual({ status: 200, body: { ok: true, now: '2025-03-03T04:00:00.000Z', tickMs: 7_200_000 } });

    expect((await post(`${base}/_sim/credentials`, { api_key: 'K2', api_password: 'P2' })).status).toBe(200);
    expect((await json(await fetch(`${base}/_sim/credentials`))).body.credentials).toEqual([LEOPARD_DEMO_CREDENTIALS, { api_key: 'K2', api_password: 'P2' }]);

    const booked = await json(await post(`${sim.baseUrls.api}bookPacket/format/json/`, { ...leopardPacket, api_key: 'K2', api_password: 'P2' }));
    const cn = booked.body.track_number as string;
    expect(cn).toMatch(/^KI\d{9}$/);

    expect((await post(`${base}/_sim/scenario`, { trackingNumber: cn, scenario: 'return' })).status).toBe(200);
    expect((await post(`${base}/_sim/scenario`, { trackingNumber: cn, scenario: 'sideways' })).status).toBe(400);
    expect((await post(`${base}/_sim/scenario`, { trackingNumber: 'KI0', scenario: 'happy' })).status).toBe(404);
    expect((await json(await post(`${base}/_sim/advance`, { ticks: 20 }))).body.now).toBe('2025-03-04T20:00:00.000Z');

    const shipments = (await json(await fetch(`${base}/_sim/shipments`))).body.shipments as { trackingNumber: string; status: string; scenario: string; events: unknown[] }[];
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ trackingNumber: cn, scenario: 'return', status: 'Returned to shipper' });
    expect(shipments[0]!.events).toHaveLength(11);

    await post(`${base}/_sim/fail`, { mode: 'http-500', count: 2, match: 'trackBookedPacket' });
    const track = () => post(`${sim.baseUrls.api}trackBookedPacket/format/json/`, { ...LEOPARD_DEMO_CREDENTIALS, track_numbers: cn });
    expect((await track()).status).toBe(500);
    expect((await track()).status).toBe(500);
    expect((await track()).status).toBe(200);
    expect((await post(`${base}/_sim/fail`, { mode: 'explode' })).status).toBe(400);

    await post(`${base}/_sim/latency`, { ms: 150 });
    const started = Date.now();
    await track();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await post(`${base}/_sim/latency`, { ms: 0 });

    const calls = (await json(await fetch(`${base}/_sim/calls?path=trackBookedPacket`))).body.calls as { fault?: string }[];
    expect(calls.map((c) => c.fault ?? 'none')).toEqual(['http-500', 'http-500', 'none', 'none']);
    await fetch(`${base}/_sim/calls`, { method: 'DELETE' });
    expect((await json(await fetch(`${base}/_sim/calls`))).body.calls).toEqual([]);

    await post(`${base}/_sim/reset`, {});
    expect((await json(await fetch(`${base}/_sim/shipments`))).body.shipments).toEqual([]);
    expect((await json(await fetch(`${base}/_sim/credentials`))).body.credentials).toEqual([LEOPARD_DEMO_CREDENTIALS]);
    expect((await fetch(`${base}/_sim/nope`)).status).toBe(404);
  });

  it('sets the default scenario for new bookings when no tracking number is given', async () => {
    const sim = sims.sims.LEOPARD;
    sim.control.reset();
    await post(`${sim.url}/_sim/scenario`, { scenario: 'stuck' });
    await post(`${sim.baseUrls.api}bookPacket/format/json/`, leopardPacket);
    expect(sim.control.shipments()[0]!.scenario).toBe('stuck');
    sim.control.reset();
  });
});

describe('Leopards quirks', () => {
  it('accepts form-encoded bodies and GET with query credentials', async () => {
    const api = sims.urls.LEOPARD.api;
    const form = await json(await fetch(`${api}bookPacket/format/json/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(leopardPacket).toString(),
    }));
    expect(form.body).toMatchObject({ status: 1, error: 0 });
    const q = new URLSearchParams(LEOPARD_DEMO_CREDENTIALS).toString();
    const cities = await json(await fetch(`${api}getAllCities/format/json/?${q}`));
    expect(cities.body.city_list).toContainEqual(expect.objectContaining({ id: 789, name: 'Lahore' }));
  });

  it('refuses kilograms and names the missing field the way Leopards does', async () => {
    const api = sims.urls.LEOPARD.api;
    expect((await json(await post(`${api}bookPacket/format/json/`, { ...leopardPacket, booked_packet_weight: 1.2 }))).body).toEqual({
      status: 0, error: 'Packet Weight must be a positive whole number of grams', track_number: null, slip_link: null,
    });
    expect((await json(await post(`${api}bookPacket/format/json/`, { ...leopardPacket, special_instructions: '' }))).body.error).toBe('Special Instructions are required'.replace('are', 'is'));
  });

  it('refuses a whole batch when one packet is wrong', async () => {
    const api = sims.urls.LEOPARD.api;
    const res = await json(await post(`${api}batchBookPacket/format/json/`, { ...LEOPARD_DEMO_CREDENTIALS, packets: [leopardPacket, { ...leopardPacket, consignment_phone: '' }] }));
    expect(res.body).toEqual({ status: 0, error: { 'bookPacket - 1': { consignment_phone: 'Consignee Phone is required' } } });
  });
});

describe('PostEx quirks', () => {
  it('serves the singular /service/ prefix too and wants the token header', async () => {
    const singular = sims.urls.POSTEX.api.replace('/services/', '/service/');
    const ok = await json(await fetch(`${singular}order/v1/get-order-types`, { headers: { token: POSTEX_DEMO_CREDENTIALS.token } }));
    expect(ok.body).toEqual({ statusCode: '200', statusMessage: 'SUCCESSFULLY OPERATED', dist: ['Normal', 'Reversed', 'Replacement'] });
    const denied = await fetch(`${sims.urls.POSTEX.api}order/v1/get-order-types`);
    expect(denied.status).toBe(401);
  });

  it('refuses a duplicate order reference and more than 10 airway bills', async () => {
    const api = sims.urls.POSTEX.api;
    const headers = { token: POSTEX_DEMO_CREDENTIALS.token };
    const order = {
      orderRefNumber: '#dup', invoicePayment: 100, customerName: 'Zara', customerPhone: '03001234567', deliveryAddress: 'X',
      cityName: 'karachi', invoiceDivision: 0, items: 1, pickupAddressCode: '001', orderType: 'Normal',
    };
    expect((await json(await post(`${api}order/v3/create-order`, order, headers))).body.statusCode).toBe('200');
    expect((await json(await post(`${api}order/v3/create-order`, order, headers))).body).toEqual({ statusCode: '400', statusMessage: 'Order Reference Number already exists' });
    const eleven = Array.from({ length: 11 }, (_, i) => `CX-${i}`).join(',');
    expect((await json(await fetch(`${api}order/v1/get-invoice?trackingNumbers=${eleven}`, { headers }))).body.statusMessage).toBe('Maximum 10 tracking numbers are allowed');
  });
});

describe('TCS quirks', () => {
  it('issues tokens by GET or POST and answers 401 shapes exactly', async () => {
    const api = sims.urls.TCS.api;
    const viaGet = await json(await fetch(`${api}/auth/api/auth?clientid=${TCS_DEMO_CREDENTIALS.client_id}&clientsecret=${TCS_DEMO_CREDENTIALS.client_secret}`));
    expect(viaGet.body).toMatchObject({ status: true, code: '0200', result: { userInformation: null } });
    expect(await json(await post(`${api}/auth/api/auth`, { clientid: '1', clientsecret: 'x' }))).toEqual({ status: 401, body: { result: null, status: false, code: '401' } });
    expect(await json(await fetch(`${api}/ecom/api/setup/citylistbycountry?countrycode=PK`))).toEqual({
      status: 401, body: { code: 401, message: 'Invalid Bearer token. Mismatch configuration.', status: 'UnAuthorized' },
    });
    const bearer = (viaGet.body.result as { accessToken: string }).accessToken;
    expect(await json(await fetch(`${api}/ecom/api/setup/citylistbycountry?countrycode=PK`, { headers: { authorization: `Bearer ${bearer}` } }))).toEqual({
      status: 401, body: { code: 'UnAuthorized', message: 'Invalid access token', status: 401 },
    });
    expect((await post(`${sims.sims.TCS.url}/_sim/expire-tokens`, {})).status).toBe(200);
    expect((await fetch(`${api}/tracking/api/Tracking/GetDynamicTrackDetail?consignee=1`, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(401);
  });
});

describe('M&P quirks', () => {
  it('lists upper-case cities with a trailing space and checks key casing per endpoint', async () => {
    const api = sims.urls.MNP.api;
    const q = new URLSearchParams({ username: MNP_DEMO_CREDENTIALS.username, password: MNP_DEMO_CREDENTIALS.api_password, AccountNo: MNP_DEMO_CREDENTIALS.account_no });
    const cities = await json(await fetch(`${api}Branches/Get_Cities?${q}`));
    const list = (cities.body[0] as { City: string[] }).City;
    expect(list).toContain('KARACHI ');
    expect(list.every((c) => c === `${c.trim()} ` && c === c.toUpperCase())).toBe(true);
    // Booking wants lower-case `username`/`password`; `Username` is not read there.
    const wrongCase = await json(await post(`${api}Booking/InsertBookingData`, { Username: MNP_DEMO_CREDENTIALS.username, password: MNP_DEMO_CREDENTIALS.api_password }));
    expect(wrongCase.body).toEqual([{ isSuccess: 'false', message: 'Invalid username or password', orderReferenceId: '' }]);
  });

  it('refuses more than 200 consignments in one bulk tracking call', async () => {
    const res = await json(await post(`${sims.urls.MNP.api}Tracking/Bulk_Consignment_Tracking_New`, {
      Username: MNP_DEMO_CREDENTIALS.username, Password: MNP_DEMO_CREDENTIALS.api_password, AccountNo: MNP_DEMO_CREDENTIALS.account_no,
      Consignments: Array.from({ length: 201 }, (_, i) => String(i)),
    }));
    expect(res.body).toEqual([{ isSuccess: 'false', message: 'Maximum 200 consignments are allowed per request', tracking_Details: [] }]);
  });

  it('serves CNTracking on the tracking base without credentials', async () => {
    const res = await json(await fetch(`${sims.urls.MNP.tracking}CNTracking?consignment=1&id=4`));
    expect(res.body).toEqual([{ isSuccess: 'false', message: 'No record found', tracking_Details: [] }]);
  });
});

describe('the simulator list', () => {
  it('has exactly one simulator per courier definition, each on its own default port', async () => {
    const { COURIER_SIMS } = await import('./index');
    const { COURIER_IDS } = await import('@dakiya/shared');
    expect(COURIER_SIMS.map((m) => m.id).sort()).toEqual([...COURIER_IDS].sort());
    expect(new Set(COURIER_SIMS.map((m) => m.localPort)).size).toBe(COURIER_SIMS.length);
  });
});
