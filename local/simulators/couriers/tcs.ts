import { z } from 'zod';
import type { CourierSimModule } from './kit/module';
import type { CourierCredentials } from '../../../functions/domain/ports/courier';
import { pad, pkParts } from './kit/clock';
import type { SimControl } from './kit/control';
import { numberSequence } from './kit/ids';
import { pdfBytes } from './kit/pdf';
import type { SimReply, SimRequest } from './kit/server';
import type { SeedInput, SeedTiming } from './kit/seed';
import type { Flow, Shipment, Stage } from './kit/shipments';
import { buildSim, MOBILE, num, params, text, type CourierSim, type CourierSimOptions, type SimContext } from './kit/sim';

/**
 * TCS OCI Connect / ECOM simulator, per "Simulator contract (TCS)": gateway bearer JWT from
 * `/auth/api/auth`, ECOM access token from `/ecom/api/authentication/token`, both with expiry that
 * tests can force; booking, cancel, label under `/ecom/api/...`; tracking under `/tracking/api/...`.
 * A client id tracks, cancels and prints only the consignments it booked.
 */

export const TCS_DEMO_CREDENTIALS = {
  client_id: '100245',
  client_secret: 'tcs-demo-client-secret-91b4',
  username: 'demo.merchant',
  api_password: 'tcs-demo-pass',
  tcs_account_id: '04011K1',
  cost_center_code: '001 - KHI',
  shipper_name: 'Demo Store',
  shipper_mobile: '03001234567',
  shipper_address: 'Plot 12, Korangi Industrial Area, Karachi',
  shipper_city: 'KARACHI',
} as const satisfies CourierCredentials;

export const TCS_CITIES = [
  { citycode: 'KHI', cityname: 'KARACHI' },
  { citycode: 'LHE', cityname: 'LAHORE' },
  { citycode: 'ISB', cityname: 'ISLAMABAD' },
  { citycode: 'RWP', cityname: 'RAWALPINDI' },
  { citycode: 'LYP', cityname: 'FAISALABAD' },
  { citycode: 'MUX', cityname: 'MULTAN' },
  { citycode: 'PEW', cityname: 'PESHAWAR' },
  { citycode: 'UET', cityname: 'QUETTA' },
  { citycode: 'SKT', cityname: 'SIALKOT' },
  { citycode: 'GRW', cityname: 'GUJRANWALA' },
  { citycode: 'HDD', cityname: 'HYDERABAD' },
  { citycode: 'SKZ', cityname: 'SUKKUR' },
  { citycode: 'DGK', cityname: 'DERA GHAZI KHAN' },
  { citycode: 'BHV', cityname: 'BAHAWALPUR' },
  { citycode: 'RYK', cityname: 'RAHIM YAR KHAN' },
];

const stage = (status: string, extra: Partial<Stage> = {}): Stage => ({ status, ...extra });
const BOOKED = stage('Booked');
const PICKED = stage('Shipment Picked Up', { location: 'origin' });
const AT_ORIGIN = stage('Arrived at TCS Facility', { location: 'origin' });
const DEPARTED = stage('Departed From TCS Facility', { location: 'origin' });
const AT_DESTINATION = stage('Arrived at TCS Facility', { location: 'destination' });
const OUT_FOR_DELIVERY = stage('Out For Delivery', { location: 'destination' });
const DELIVERED = stage('Shipment Delivered', { code: 'OK', location: 'destination', note: 'Delivered' });
const ATTEMPTED = stage('Delivery Attempted', { location: 'destination', note: 'Delivery Attempted' });
const NOT_AVAILABLE = stage('Receiver Not Available', { location: 'destination', note: 'Receiver Not Available' });
const RETURNING = stage('Return In Process', { code: 'RT', location: 'destination', note: 'Return In Process' });
const RETURNED = stage('Shipment Returned To Origin', { code: 'RO', location: 'origin', note: 'Return To Origin' });
const CANCELLED = stage('Cancelled', { code: 'CN', location: 'origin', note: 'Cancelled', cancels: true });

const FORWARD = [BOOKED, PICKED, AT_ORIGIN, DEPARTED, AT_DESTINATION, OUT_FOR_DELIVERY];
export const TCS_FLOW: Flow = {
  scenarios: {
    happy: [...FORWARD, DELIVERED],
    attempts: [...FORWARD, ATTEMPTED, OUT_FOR_DELIVERY, DELIVERED],
    return: [...FORWARD, NOT_AVAILABLE, RETURNING, RETURNED],
    'cancel-before-pickup': [BOOKED, CANCELLED],
    stuck: [BOOKED, PICKED, AT_ORIGIN, DEPARTED],
  },
  cancelled: CANCELLED,
  prePickupStages: 1,
};

const Booking = z.object({
  /** The client id that booked it: only that account sees the consignment. */
  client: z.string(),
  reference: z.string(),
  consignee: z.string(),
  shipper: z.string(),
  originCode: z.string(),
  destinationCode: z.string(),
  codamount: z.number(),
});
type Booking = z.infer<typeof Booking>;

type Ctx = SimContext<CourierCredentials, Booking>;

export interface TcsSimControl extends SimControl<CourierCredentials> {
  /** Every bearer and access token issued so far stops working (the next call gets a 401). */
  expireTokens(): void;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Thursday Oct 17, 2024 12:58" in Pakistan time. */
function tcsDateTime(ms: number): string {
  const p = pkParts(ms);
  return `${WEEKDAYS[p.weekday]} ${MONTHS[p.mo - 1]} ${p.d}, ${p.y} ${pad(p.h)}:${pad(p.mi)}`;
}
function tcsDate(ms: number): string {
  const p = pkParts(ms);
  return `${MONTHS[p.mo - 1]} ${p.d}, ${p.y}`;
}

const BEARER_INVALID: SimReply = { status: 401, json: { code: 401, message: 'Invalid Bearer token. Mismatch configuration.', status: 'UnAuthorized' } };
const ACCESS_INVALID: SimReply = { status: 401, json: { code: 'UnAuthorized', message: 'Invalid access token', status: 401 } };
const AUTH_FAILED: SimReply = { status: 401, json: { result: null, status: false, code: '401' } };

export async function startTcsSim(options: CourierSimOptions & { tokenLifetimeMs?: number } = {}): Promise<CourierSim<CourierCredentials> & { control: TcsSimControl }> {
  const nextCn = numberSequence(options.seed ?? 1, 8);
  const lifetime = options.tokenLifetimeMs ?? 24 * 3600_000;
  const bearers = new Map<string, { clientId: string; expiresAt: number }>();
  const accessTokens = new Map<string, { clientId: string; username: string; expiresAt: number }>();
  let issued = 0;
  let traces = 0;
  const trace = () => `sim-${String(++traces).padStart(8, '0')}`;

  const sim = await buildSim<CourierCredentials, Booking>({
    id: 'TCS',
    options,
    flow: TCS_FLOW,
    demo: [TCS_DEMO_CREDENTIALS],
    data: Booking,
    baseUrls: (url) => ({ api: url }),
    onReset: () => {
      bearers.clear();
      accessTokens.clear();
    },
    routes: (ctx: Ctx) => {
      const now = () => ctx.clock.now();
      const jwt = (clientId: string) => {
        const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: clientId, n: ++issued })}.${Buffer.from(`sig-${issued}`).toString('base64url')}`;
      };
      const bearerOf = (req: SimRequest) => {
        const m = /^Bearer\s+(.+)$/i.exec(text(req.headers.authorization));
        const entry = m ? bearers.get(m[1]!.trim()) : undefined;
        return entry && entry.expiresAt > now() ? entry : undefined;
      };
      const accountOf = (clientId: string, username?: string) =>
        ctx.credentials.find((c) => c.client_id === clientId && (username === undefined || c.username === username));

      const auth = (req: SimRequest): SimReply => {
        const p = params(req);
        const set = ctx.credentials.find((c) => c.client_id === text(p.clientid) && c.client_secret === text(p.clientsecret));
        if (!set) return AUTH_FAILED;
        const token = jwt(set.client_id!);
        const expiresAt = now() + lifetime;
        bearers.set(token, { clientId: set.client_id!, expiresAt });
        return { json: { result: { accessToken: token, expiry: new Date(expiresAt).toISOString(), userInformation: null }, status: true, code: '0200' } };
      };

      const ecomToken = (req: SimRequest, clientId: string): SimReply => {
        const set = ctx.credentials.find((c) => c.client_id === clientId && c.username === text(req.query.username) && c.api_password === text(req.query.password));
        if (!set) return AUTH_FAILED;
        const token = `ACC${Buffer.from(`${clientId}:${++issued}`).toString('hex').toUpperCase()}`;
        const expiresAt = now() + lifetime;
        accessTokens.set(token, { clientId, username: set.username!, expiresAt });
        return { json: { accesstoken: token, expiry: new Date(expiresAt).toISOString(), message: 'success', traceid: trace() } };
      };

      const validationError = (errors: string[]): SimReply => ({
        status: 400,
        json: { error: errors.map((errorname) => ({ errorname })), message: 'Validation failed', traceid: trace() },
      });

      /** The consignment TCS would book, or its validation errors. */
      const book = (b: Record<string, unknown>, account: CourierCredentials, timing?: SeedTiming): Shipment<Booking> | string[] => {
        const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
        const shipper = obj(b.shipperinfo);
        const consignee = obj(b.consigneeinfo);
        const shipment = obj(b.shipmentinfo);
        const errors: string[] = [];
        const city = (name: unknown, code: unknown, who: string) => {
          const found = TCS_CITIES.find((c) => c.cityname.toLowerCase() === text(name).toLowerCase());
          if (!text(name)) errors.push(`${who} cityname is required`);
          else if (!found) errors.push(`${who} cityname ${text(name)} is not valid`);
          else if (text(code) && text(code).toUpperCase() !== found.citycode) errors.push(`${who} citycode does not match cityname`);
          return found;
        };
        if (text(shipper.tcsaccount) !== account.tcs_account_id) errors.push('shipperinfo tcsaccount is not valid for this account');
        if (text(shipper.shippername).length < 3) errors.push('shipperinfo shippername must be at least 3 characters');
        if (text(shipper.address1).length < 3) errors.push('shipperinfo address1 must be at least 3 characters');
        if (!MOBILE.test(text(shipper.mobile))) errors.push('shipperinfo mobile must be 11 digits starting with 03');
        const origin = city(shipper.cityname, shipper.citycode, 'shipperinfo');
        const name = text(consignee.firstname);
        if (name.length < 3 || name.length > 50) errors.push('consigneeinfo firstname must be 3 to 50 characters');
        if (text(consignee.address1) === '') errors.push('consigneeinfo address1 is required');
        if (!MOBILE.test(text(consignee.mobile))) errors.push('consigneeinfo mobile must be 11 digits starting with 03');
        const destination = city(consignee.cityname, consignee.citycode, 'consigneeinfo');
        if (text(shipment.costcentercode) !== account.cost_center_code) errors.push('shipmentinfo costcentercode is not valid');
        if (text(shipment.servicecode) === '') errors.push('shipmentinfo servicecode is required');
        if (text(shipment.currency) !== 'PKR') errors.push('shipmentinfo currency must be PKR');
        const cod = num(shipment.codamount);
        if (cod === undefined || !Number.isInteger(cod) || cod < 0 || cod > 250000) errors.push('shipmentinfo codamount must be between 0 and 250000');
        const kg = num(shipment.weightinkg);
        if (kg === undefined || kg < 0.5) errors.push('shipmentinfo weightinkg must be at least 0.5');
        const pieces = num(shipment.pieces);
        if (pieces === undefined || !Number.isInteger(pieces) || pieces < 1) errors.push('shipmentinfo pieces must be at least 1');
        if (typeof shipment.fragile !== 'boolean') errors.push('shipmentinfo fragile is required');
        if (errors.length > 0 || !origin || !destination) return errors;
        return ctx.store.create(ctx.store.issue(() => `7794${nextCn()}`), {
          client: account.client_id!,
          reference: text(shipment.referenceno),
          consignee: name,
          shipper: text(shipper.shippername),
          originCode: origin.citycode,
          destinationCode: destination.citycode,
          codamount: cod!,
        }, timing);
      };

      const create = (b: Record<string, unknown>, account: CourierCredentials): SimReply => {
        const booked = book(b, account);
        if (Array.isArray(booked)) return validationError(booked);
        const at = new Date(now()).toISOString();
        return { json: { response: 'SUCCESS', consignmentNo: booked.trackingNumber, code: '200', status: true, message: 'success', requestTime: at, responseTime: at } };
      };

      const seed = (input: SeedInput, timing: SeedTiming): Shipment<Booking> | string => {
        const c = input.credentials;
        const account = ctx.credentials.find((set) =>
          set.client_id === c.client_id && set.client_secret === c.client_secret && set.username === c.username && set.api_password === c.api_password);
        if (!account) return 'Invalid Bearer token. Mismatch configuration.';
        const city = TCS_CITIES.find((x) => x.cityname.toLowerCase() === input.city.trim().toLowerCase() || x.citycode === input.city.trim().toUpperCase());
        const booked = book({
          shipperinfo: {
            tcsaccount: account.tcs_account_id, shippername: account.shipper_name, address1: account.shipper_address,
            mobile: account.shipper_mobile, cityname: account.shipper_city,
          },
          consigneeinfo: { firstname: input.consignee.name, address1: input.consignee.address, mobile: input.consignee.phone, cityname: city?.cityname ?? input.city },
          shipmentinfo: {
            costcentercode: account.cost_center_code, referenceno: input.orderRef, servicecode: 'O', currency: 'PKR', codamount: input.cod,
            weightinkg: input.weightGrams / 1000, pieces: input.pieces, fragile: false,
          },
        }, account, timing);
        return Array.isArray(booked) ? booked.join('; ') : booked;
      };

      const track = (cn: string, clientId: string): SimReply => {
        const s = ctx.store.get(cn);
        const scans = s && s.data.client === clientId ? s.events.filter((e) => e.stage !== BOOKED) : [];
        // No record, or booked with no facility scan yet: the same FAIL answer.
        if (!s || scans.length === 0) {
          return { json: { shipmentinfo: null, deliveryinfo: null, checkpoints: null, shipmentsummary: 'No Data Found/Invalid CN', message: 'FAIL', traceid: trace() } };
        }
        return { json: trackView(s, scans) };
      };

      const trackView = (s: Shipment<Booking>, scans: Shipment<Booking>['events']) => {
        const station = (st: Stage) => (st.location === 'destination' ? s.data.destinationCode : s.data.originCode);
        const newestFirst = [...scans].reverse();
        const current = scans.at(-1)!;
        const delivered = current.stage === DELIVERED;
        return {
          shipmentinfo: [{
            consignmentno: s.trackingNumber,
            bookingdate: tcsDate(s.bookedAt),
            shipper: s.data.shipper,
            consignee: s.data.consignee,
            origin: TCS_CITIES.find((c) => c.citycode === s.data.originCode)!.cityname,
            origincountry: 'PAKISTAN',
            destination: TCS_CITIES.find((c) => c.citycode === s.data.destinationCode)!.cityname,
            destinationcountry: 'PAKISTAN',
            referenceno: s.data.reference,
          }],
          deliveryinfo: newestFirst
            .filter((e) => e.stage.note)
            .map((e) => ({
              consignmentno: s.trackingNumber,
              station: station(e.stage),
              datetime: tcsDateTime(e.at),
              recievedby: e.stage === DELIVERED ? s.data.consignee : '',
              status: e.stage.note,
              code: e.stage.code ?? '',
              allowshow: 'Y',
            })),
          checkpoints: newestFirst.map((e) => ({
            consignmentno: s.trackingNumber,
            datetime: tcsDateTime(e.at),
            recievedby: e.stage === DELIVERED ? s.data.consignee : '',
            status: e.stage.status,
          })),
          shipmentsummary: delivered
            ? `Current Status: DELIVERED\nDelivered On: ${tcsDateTime(current.at)}\nSigned By: ${s.data.consignee}`
            : `Current Status: ${current.stage.status.toUpperCase()}`,
          message: 'SUCCESS',
          traceid: trace(),
        };
      };

      return {
        handle(req) {
          const path = req.path.replace(/\/+$/, '');
          if (path === '/auth/api/auth' && (req.method === 'GET' || req.method === 'POST')) return auth(req);
          if (!path.startsWith('/ecom/') && !path.startsWith('/tracking/')) return { status: 404, json: { message: 'Not Found', traceid: trace() } };
          const bearer = bearerOf(req);
          if (!bearer) return BEARER_INVALID;
          if (req.method === 'GET' && path === '/ecom/api/authentication/token') return ecomToken(req, bearer.clientId);
          if (req.method === 'GET' && path === '/tracking/api/Tracking/GetDynamicTrackDetail') return track(text(req.query.consignee), bearer.clientId);
          if (path.startsWith('/tracking/')) return { status: 404, json: { message: 'Not Found', traceid: trace() } };

          const p = params(req);
          const access = accessTokens.get(text(p.accesstoken));
          if (!access || access.expiresAt <= now() || access.clientId !== bearer.clientId) return ACCESS_INVALID;
          const account = accountOf(access.clientId, access.username)!;
          const key = `${req.method} ${path}`;
          if (key === 'GET /ecom/api/setup/citylistbycountry') {
            const pk = text(req.query.countrycode).toUpperCase() === 'PK';
            return { json: { message: 'SUCCESS', data: pk ? TCS_CITIES : [], traceid: trace() } };
          }
          if (key === 'GET /ecom/inquiry/costcenterinquiry' || key === 'GET /ecom/api/inquiry/costcenterinquiry') {
            return {
              json: {
                detail: [{
                  costcentercode: account.cost_center_code, costcentercity: 'KARACHI', costcentername: 'Main warehouse', phoneno: account.shipper_mobile ?? '',
                  email: 'ops@example.pk', pickupaddress: account.shipper_address ?? '', returnaddress: account.shipper_address ?? '', printonlabel: 'Y',
                }],
                message: 'success',
                traceid: trace(),
              },
            };
          }
          if (key === 'POST /ecom/api/booking/create') return create(p, account);
          if (key === 'POST /ecom/api/booking/cancel') {
            const cn = text(p.consignmentNumber) || text(p.consignmentnumber) || text(p.consignmentno);
            const s = ctx.store.get(cn);
            if (!s || s.data.client !== access.clientId) return { json: { message: 'Failure: No Record Founds', traceid: trace() } };
            const outcome = ctx.store.cancel(cn);
            if (outcome === 'cancelled') return { json: { message: 'SUCCESS', traceid: trace() } };
            if (outcome === 'already-cancelled') return { json: { message: 'Failure: Consignment already cancelled', traceid: trace() } };
            return { json: { message: 'Failure: Consignment cannot be cancelled after pickup', traceid: trace() } };
          }
          if (key === 'GET /ecom/api/print/label') {
            const s = ctx.store.get(text(req.query.consignmentno));
            if (!s || s.data.client !== access.clientId) return { json: { message: 'CN not found', url: '', traceid: trace() } };
            return { bytes: pdfBytes(`TCS label ${s.trackingNumber}`), contentType: 'application/pdf' };
          }
          return { status: 404, json: { message: 'Not Found', traceid: trace() } };
        },
        reject(req) {
          if (req.path.includes('/booking/create')) return validationError(['consigneeinfo cityname is not serviceable at the moment']);
          if (req.path.includes('/booking/cancel')) return { json: { message: 'Failure: Request could not be processed', traceid: trace() } };
          return { status: 400, json: { message: 'Request could not be processed', traceid: trace() } };
        },
        seed,
        control(req) {
          if (req.method === 'POST' && req.path.replace(/\/+$/, '') === '/_sim/expire-tokens') {
            expireTokens();
            return { json: { ok: true } };
          }
          return undefined;
        },
      };
    },
  });

  function expireTokens(): void {
    bearers.clear();
    accessTokens.clear();
  }

  return { ...sim, control: { ...sim.control, expireTokens } };
}

export const tcsSim: CourierSimModule = {
  id: 'TCS', localPort: 8706, demoCredentials: TCS_DEMO_CREDENTIALS, demoAccount: { account_name: 'TCS Overnight', weight: 1000, city: 'Karachi', shipper_city: 'Karachi' }, start: startTcsSim,
};
