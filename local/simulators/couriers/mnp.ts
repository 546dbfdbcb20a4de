import { z } from 'zod';
import type { CourierSimModule } from './kit/module';
import type { CourierCredentials } from '../../../functions/domain/ports/courier';
import { pad, pkParts } from './kit/clock';
import { numberSequence } from './kit/ids';
import type { SimReply, SimRequest } from './kit/server';
import type { SeedInput, SeedTiming } from './kit/seed';
import type { Flow, Shipment, Stage } from './kit/shipments';
import { buildSim, MOBILE, num, text, type CourierSim, type CourierSimOptions, type SimContext } from './kit/sim';

/**
 * M&P simulator, per "Simulator contract (MNP)": `/mycodapi/api/...` and the tracking host's
 * `CNTracking` under `/tracking-api/` on the same server. Always HTTP 200 with a one-element array.
 * Credential keys must be cased exactly as each endpoint spells them. An account voids and bulk-tracks
 * only its own consignments; `CNTracking` takes no credentials at all, as on M&P's tracking host.
 */

export const MNP_DEMO_CREDENTIALS = {
  username: 'demo_mnp',
  api_password: 'mnp-demo-pass',
  account_no: '4T154',
} as const satisfies CourierCredentials;

/** Pickup locations of each demo account; the adapter looks them up when the account has none set. */
export const MNP_DEMO_LOCATION = { locationID: '1201', locationName: 'Main Warehouse', locationAddress: 'Shop 4, Saddar, Karachi' };

const BOOKING_CITIES = [
  'KARACHI', 'LAHORE', 'ISLAMABAD', 'RAWALPINDI', 'FAISALABAD', 'MULTAN', 'PESHAWAR', 'QUETTA', 'SIALKOT', 'GUJRANWALA',
  'HYDERABAD', 'SUKKUR', 'D.G KHAN', 'BAHAWALPUR', 'RAHIM YAR KHAN', 'ATTOCK', 'ALI ABAD',
];
// M&P sends names upper-case with a trailing space; adapters must trim.
export const MNP_CITIES = BOOKING_CITIES.map((c) => `${c} `);
const ALL_CITIES = [...MNP_CITIES, 'GILGIT ', 'SKARDU '];

const stage = (status: string, narration: string, location: 'origin' | 'destination'): Stage => ({ status, note: narration, location });
const BOOKED = stage('Booked', 'Consignment booked', 'origin');
const PICKED = stage('Picked From Shipper Facility', 'Shipment picked from shipper', 'origin');
const AT_ORIGIN = stage('Arrived at Origin', 'Arrived at origin facility', 'origin');
const IN_TRANSIT = stage('In-transit', 'Forwarded to destination', 'origin');
const REACHED = stage('Reached at Destination', 'Reached at destination facility', 'destination');
const OUT_FOR_DELIVERY = stage('Out for Delivery', 'Assigned to delivery rider', 'destination');
const DELIVERED = stage('Delivered', 'Delivered to consignee', 'destination');
const ATTEMPT = stage('Unsuccessful Delivery Attempt', 'Consignee not responding', 'destination');
const HOLD = stage('Hold for Advice', 'Awaiting shipper advice', 'destination');
const RETURN_TRANSIT = stage('Return - In Transit', 'Returning to origin', 'destination');
const RETURN_ORIGIN = stage('Return - Reached at Origin', 'Return reached origin', 'origin');
const RETURNED = stage('Return to Vendor/Return to Shipper', 'Returned to shipper', 'origin');
const VOIDED: Stage = { ...stage('Void', 'Consignment voided by shipper', 'origin'), cancels: true };

const FORWARD = [BOOKED, PICKED, AT_ORIGIN, IN_TRANSIT, REACHED, OUT_FOR_DELIVERY];
export const MNP_FLOW: Flow = {
  scenarios: {
    happy: [...FORWARD, DELIVERED],
    attempts: [...FORWARD, ATTEMPT, OUT_FOR_DELIVERY, DELIVERED],
    return: [...FORWARD, ATTEMPT, HOLD, RETURN_TRANSIT, RETURN_ORIGIN, RETURNED],
    'cancel-before-pickup': [BOOKED, VOIDED],
    stuck: [BOOKED, PICKED, AT_ORIGIN, IN_TRANSIT],
  },
  cancelled: VOIDED,
  prePickupStages: 1,
};

const Consignment = z.object({
  /** The account number that booked it: only that account voids or bulk-tracks it. */
  account: z.string(),
  custRefNo: z.string(),
  consigneeName: z.string(),
  consigneeAddress: z.string(),
  consigneeMobNo: z.string(),
  destination: z.string(),
  pieces: z.number(),
  weight: z.number(),
  codAmount: z.number(),
  service: z.string(),
  productDetails: z.string(),
});
type Consignment = z.infer<typeof Consignment>;

type Ctx = SimContext<CourierCredentials, Consignment>;

/** "10/14/2024 13:05:00" (month first) in Pakistan time. */
function mnpDateTime(ms: number): string {
  const p = pkParts(ms);
  return `${pad(p.mo)}/${pad(p.d)}/${p.y} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

const reply = (item: Record<string, unknown>): SimReply => ({ json: [item] });
const failure = (message: string, extra: Record<string, unknown> = {}) => reply({ isSuccess: 'false', message, ...extra });
const INVALID_LOGIN = 'Invalid username or password';

export async function startMnpSim(options: CourierSimOptions & { eventOrder?: 'oldest-first' | 'newest-first' } = {}): Promise<CourierSim<CourierCredentials>> {
  const nextCn = numberSequence(options.seed ?? 1, 11);
  const eventOrder = options.eventOrder ?? 'oldest-first';

  return buildSim<CourierCredentials, Consignment>({
    id: 'MNP',
    options,
    flow: MNP_FLOW,
    demo: [MNP_DEMO_CREDENTIALS],
    data: Consignment,
    baseUrls: (url) => ({ api: `${url}/mycodapi/api/`, tracking: `${url}/tracking-api/` }),
    routes: (ctx: Ctx) => {
      /** `keys` = the exact casing this endpoint uses for user, password and (optionally) account. */
      const login = (p: Record<string, unknown>, user: string, pass: string, account?: string) =>
        ctx.credentials.find((c) => c.username === text(p[user]) && c.api_password === text(p[pass]) && (!account || c.account_no === text(p[account])));
      const locationOk = (set: CourierCredentials, id: unknown) => text(id) === (set.location_id ?? MNP_DEMO_LOCATION.locationID);

      /** One consignment's fields; returns the first problem, as M&P reports one message. */
      const check = (b: Record<string, unknown>, set: CourierCredentials): string | undefined => {
        if (text(b.consigneeName) === '' || text(b.consigneeName).length > 50) return 'Consignee name is required (max 50 characters)';
        if (text(b.consigneeAddress) === '') return 'Consignee address is required';
        if (!MOBILE.test(text(b.consigneeMobNo))) return 'Invalid consignee mobile number, use 03XXXXXXXXX';
        if (!('consigneeEmail' in b)) return 'consigneeEmail is required';
        if (!BOOKING_CITIES.includes(text(b.destinationCityName).toUpperCase())) return 'Invalid destination city';
        const pieces = num(b.pieces);
        if (pieces === undefined || !Number.isInteger(pieces) || pieces < 1 || pieces > 99) return 'Pieces must be between 1 and 99';
        const weight = num(b.weight);
        if (weight === undefined || weight <= 0) return 'Weight (KG) must be greater than 0';
        const cod = num(b.codAmount);
        if (cod === undefined || cod <= 0) return 'COD amount must be greater than 0';
        if (text(b.custRefNo) === '') return 'Customer reference number is required';
        if (text(b.productDetails) === '') return 'Product details are required';
        if (text(b.service) === '') return 'Service is required';
        if (text(b.AccountNo) !== set.account_no) return 'Invalid account number';
        if (!locationOk(set, b.locationID)) return 'Invalid location';
        if (num(b.InsertType) === undefined || typeof b.InsertType !== 'number') return 'InsertType is required';
        if (num(b.ReturnLocation) === undefined) return 'ReturnLocation is required';
        return undefined;
      };

      const store = (b: Record<string, unknown>, set: CourierCredentials, timing?: SeedTiming): Shipment<Consignment> =>
        ctx.store.create(ctx.store.issue(() => `5447${nextCn()}`), {
          account: set.account_no!,
          custRefNo: text(b.custRefNo),
          consigneeName: text(b.consigneeName),
          consigneeAddress: text(b.consigneeAddress),
          consigneeMobNo: text(b.consigneeMobNo),
          destination: text(b.destinationCityName).toUpperCase(),
          pieces: num(b.pieces)!,
          weight: num(b.weight)!,
          codAmount: num(b.codAmount)!,
          service: text(b.service),
          productDetails: text(b.productDetails),
        }, timing);

      const seed = (input: SeedInput, timing: SeedTiming): Shipment<Consignment> | string => {
        const c = input.credentials;
        const set = ctx.credentials.find((x) => x.username === c.username && x.api_password === c.api_password && x.account_no === c.account_no);
        if (!set) return INVALID_LOGIN;
        const location = set.location_id ?? MNP_DEMO_LOCATION.locationID;
        const b = {
          consigneeName: input.consignee.name, consigneeAddress: input.consignee.address, consigneeMobNo: input.consignee.phone,
          consigneeEmail: input.consignee.email ?? '', destinationCityName: input.city.trim(), pieces: input.pieces, weight: input.weightGrams / 1000,
          codAmount: input.cod, custRefNo: input.orderRef, productDetails: 'Seeded parcel', fragile: 'NO', service: 'Overnight',
          AccountNo: set.account_no, locationID: location, InsertType: 19, ReturnLocation: Number(location),
        };
        return check(b, set) ?? store(b, set, timing);
      };

      const detail = (s: Shipment<Consignment>) => {
        const c = s.data;
        const delivered = ctx.store.current(s) === DELIVERED;
        const scans = s.events.map((e, i) => ({
          TrackingTagID: String(100 + i),
          TransactionTime: mnpDateTime(e.at),
          Location: e.stage.location === 'destination' ? c.destination : 'KARACHI',
          TrackingStatus: e.stage.status,
          TrackingNarration: e.stage.note ?? '',
          Event: e.stage.status,
        }));
        return {
          ConsignmentNumber: s.trackingNumber,
          OrderId: c.custRefNo,
          OriginCity: 'KARACHI',
          BookingDate: mnpDateTime(s.bookedAt),
          CODAmount: String(c.codAmount),
          Weight: String(c.weight),
          Pieces: String(c.pieces),
          ConsigneeName: c.consigneeName,
          ConsignerName: 'Demo Store',
          ContactNo: c.consigneeMobNo,
          DestinationCity: c.destination,
          DeliveryAddress: c.consigneeAddress,
          CustomerName: 'Demo Store',
          CustomerAccountNo: c.account,
          HandOverDate: s.events[1] ? mnpDateTime(s.events[1].at) : '',
          ServiceType: c.service,
          DeliveryRider: delivered ? 'Rider 17' : '',
          DeliveryRiderContact: delivered ? '03110000017' : '',
          SpecialInstruction: '',
          InvoiceNumber: '', InvoiceDate: '', AmountInvoiced: '0', RRNo: '', RRDate: '', RRUser: '', RRBranch: '',
          PaymentID: '', InstrumentNumber: '', PaymentDate: '', AmountPaid: '0', AdjustedPaymentID: '', AdjustedPaymentDate: '',
          CNTrackingDetail: eventOrder === 'newest-first' ? scans.reverse() : scans,
          CNTrackingInvDetail: [],
        };
      };

      const routes: Record<string, (req: SimRequest, b: Record<string, unknown>) => SimReply> = {
        'GET Branches/Get_Cities': (req) =>
          login(req.query, 'username', 'password', 'AccountNo') ? reply({ City: MNP_CITIES }) : failure(INVALID_LOGIN),
        'GET Branches/Get_Cities_All': (req) =>
          login(req.query, 'username', 'password', 'AccountNo') ? reply({ City: ALL_CITIES }) : failure(INVALID_LOGIN),
        'GET Locations/Get_locations': (req) => {
          const set = login(req.query, 'username', 'password', 'AccountNo');
          if (!set) return failure(INVALID_LOGIN, { locationList: [] });
          const location = set.location_id ? { ...MNP_DEMO_LOCATION, locationID: set.location_id } : MNP_DEMO_LOCATION;
          return reply({ isSuccess: 'true', message: 'Success', locationList: [location] });
        },
        'POST Booking/InsertBookingData': (_req, b) => {
          const set = login(b, 'username', 'password');
          if (!set) return failure(INVALID_LOGIN, { orderReferenceId: '' });
          const problem = check(b, set);
          if (problem) return failure(problem, { orderReferenceId: '' });
          return reply({ isSuccess: 'true', message: 'Order saved successfully!', orderReferenceId: store(b, set).trackingNumber });
        },
        'POST Booking/InsertBulkBookingData': (_req, b) => {
          const set = login(b, 'username', 'password');
          if (!set) return failure(INVALID_LOGIN, { orderReferenceIdList: [] });
          if (!Array.isArray(b.BulkConsignmentList) || b.BulkConsignmentList.length === 0) return failure('BulkConsignmentList is required');
          const rows = b.BulkConsignmentList.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {}));
          const results = rows.map((row) => {
            const merged = { locationID: b.locationID, InsertType: b.InsertType, AccountNo: b.AccountNo, ...row };
            const problem = check(merged, set);
            return problem
              ? { orderRefNum: text(row.custRefNo), success: 'false', message: problem }
              : { orderRefNum: text(row.custRefNo), success: 'true', message: store(merged, set).trackingNumber };
          });
          const all = results.every((r) => r.success === 'true');
          return reply({ isSuccess: all ? 'true' : 'false', message: all ? 'Orders saved successfully!' : 'Some orders were not saved', orderReferenceIdList: results });
        },
        'POST Booking/VoidConsignment': (_req, b) => {
          const set = login(b, 'Username', 'password');
          if (!set) return failure(INVALID_LOGIN);
          if (!locationOk(set, b.locationID)) return failure('Invalid location');
          const cns = Array.isArray(b.consignmentNumberList) ? b.consignmentNumberList.map(text) : [];
          if (cns.length === 0) return failure('consignmentNumberList is required');
          const results = cns.map((cn) => {
            const s = ctx.store.get(cn);
            if (!s || s.data.account !== set.account_no) return { orderRefNum: cn, success: 'false', message: 'Consignment not found' };
            const outcome = ctx.store.cancel(cn);
            if (outcome === 'cancelled') return { orderRefNum: cn, success: 'true', message: 'Consignment voided successfully' };
            if (outcome === 'already-cancelled') return { orderRefNum: cn, success: 'false', message: 'Consignment is already void' };
            return { orderRefNum: cn, success: 'false', message: 'Consignment cannot be voided after pickup' };
          });
          const all = results.every((r) => r.success === 'true');
          return reply({ isSuccess: all ? 'true' : 'false', message: all ? 'Success' : results.find((r) => r.success !== 'true')!.message, orderReferenceIdList: results });
        },
        'POST Tracking/Bulk_Consignment_Tracking_New': (_req, b) => {
          const set = login(b, 'Username', 'Password', 'AccountNo');
          if (!set) return failure(INVALID_LOGIN, { tracking_Details: [] });
          const cns = Array.isArray(b.Consignments) ? b.Consignments.map(text) : [];
          if (cns.length === 0) return failure('Consignments are required', { tracking_Details: [] });
          if (cns.length > 200) return failure('Maximum 200 consignments are allowed per request', { tracking_Details: [] });
          const found = cns.flatMap((cn) => {
            const s = ctx.store.get(cn);
            return s && s.data.account === set.account_no ? [detail(s)] : [];
          });
          return found.length > 0 ? reply({ isSuccess: 'true', message: 'Success', tracking_Details: found }) : failure('No record found', { tracking_Details: [] });
        },
      };

      const routeOf = (req: SimRequest): string | undefined => {
        const m = /^\/mycodapi\/api\/(.+?)\/?$/.exec(req.path);
        return m ? `${req.method} ${m[1]}` : undefined;
      };

      return {
        handle(req) {
          if (/^\/tracking-api\/CNTracking\/?$/.test(req.path) && req.method === 'GET') {
            if (text(req.query.id) !== '4') return failure('Invalid request', { tracking_Details: [] });
            const s = ctx.store.get(text(req.query.consignment));
            return s ? reply({ isSuccess: 'true', message: 'Success', tracking_Details: [detail(s)] }) : failure('No record found', { tracking_Details: [] });
          }
          const key = routeOf(req);
          const handler = key ? routes[key] : undefined;
          if (!handler) return { status: 404, json: { Message: `No HTTP resource was found that matches the request URI '${req.path}'.` } };
          const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
          return handler(req, body);
        },
        reject(req) {
          if (req.path.includes('InsertBookingData')) return failure('Booking service is temporarily unavailable for this account', { orderReferenceId: '' });
          if (req.path.includes('VoidConsignment')) return failure('Consignment cannot be voided at the moment');
          return failure('Request could not be processed');
        },
        seed,
      };
    },
  });
}

export const mnpSim: CourierSimModule = {
  id: 'MNP', localPort: 8707, demoCredentials: MNP_DEMO_CREDENTIALS, demoAccount: { account_name: 'M&P Main', weight: 500, city: 'Karachi' }, start: startMnpSim,
};
