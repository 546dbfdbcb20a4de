import { z } from 'zod';
import type { CourierSimModule } from './kit/module';
import type { CourierCredentials } from '../../../functions/domain/ports/courier';
import { pkDate, pkDateTime } from './kit/clock';
import { numberSequence } from './kit/ids';
import { pdfBytes } from './kit/pdf';
import type { SimReply, SimRequest } from './kit/server';
import type { SeedInput, SeedTiming } from './kit/seed';
import type { Flow, Shipment, Stage } from './kit/shipments';
import { buildSim, MOBILE, num, text, type CourierSim, type CourierSimOptions, type SimContext } from './kit/sim';

/**
 * PostEx simulator, per "Simulator contract (POSTEX)": both `/services/integration/api/` and
 * `/service/integration/api/`, `token` header, `{statusCode, statusMessage, dist}` envelopes. A token
 * sees, tracks, cancels and prints only its own orders.
 */

export const POSTEX_DEMO_CREDENTIALS = {
  token: 'POSTEX-DEMO-TOKEN-2C8E55D1',
  address_code: '001',
} as const satisfies CourierCredentials;

export const POSTEX_CITIES = [
  'Karachi', 'Lahore', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Quetta', 'Sialkot', 'Gujranwala',
  'Hyderabad', 'Sukkur', 'Dera Ghazi Khan', 'Bahawalpur', 'Rahim Yar Khan',
];
// Served for pickup only, so the Delivery filter has something to leave out.
const PICKUP_ONLY = ['Gilgit'];

const stage = (status: string, note: string, code?: string, more: Partial<Stage> = {}): Stage => ({ status, note, ...(code ? { code } : {}), ...more });
const UNBOOKED = stage('Unbooked', "At Merchant's Warehouse", '0001');
const BOOKED = stage('Booked', 'Booked');
const PICKED = stage('Picked By PostEx', 'Picked By PostEx');
const EN_ROUTE = stage('En-Route to PostEx warehouse', 'En-Route to PostEx warehouse');
const WAREHOUSE = stage('PostEx WareHouse', 'At PostEx Warehouse', '0003');
const OUT_FOR_DELIVERY = stage('Out For Delivery', 'Package on Root', '0004');
const DELIVERED = stage('Delivered', 'Delivered', '0005');
const ATTEMPTED = stage('Attempted', 'Attempt Made: Customer not available', '0013');
const REVIEW = stage('Delivery Under Review', 'Delivery Under Review', '0008');
const OUT_FOR_RETURN = stage('Out For Return', 'Out For Return');
const RETURNED = stage('Returned', 'Returned', '0006');
const CANCELLED = stage('Un-Assigned By Me', 'Un-Assigned By Me', undefined, { cancels: true });

/** How long an Unbooked order waits before PostEx expires it; the reference leaves the window open. */
export const POSTEX_EXPIRY_MS = 72 * 3600_000;

const FORWARD = [UNBOOKED, BOOKED, PICKED, EN_ROUTE, WAREHOUSE, OUT_FOR_DELIVERY];
/** `expireAfterMs`: when an order left Unbooked becomes Expired (scenario `courier-cancel`). */
export function postexFlow(expireAfterMs = POSTEX_EXPIRY_MS): Flow {
  const expired = stage('Expired', 'Expired', undefined, { cancels: true, afterMs: expireAfterMs });
  return {
    scenarios: {
      happy: [...FORWARD, DELIVERED],
      attempts: [...FORWARD, ATTEMPTED, OUT_FOR_DELIVERY, DELIVERED],
      return: [...FORWARD, ATTEMPTED, REVIEW, OUT_FOR_RETURN, RETURNED],
      'cancel-before-pickup': [UNBOOKED, BOOKED, CANCELLED],
      stuck: [UNBOOKED, BOOKED, PICKED, EN_ROUTE, WAREHOUSE],
      // never booked for pickup: PostEx expires the order itself
      'courier-cancel': [UNBOOKED, expired],
    },
    cancelled: CANCELLED,
    prePickupStages: 2,
  };
}
export const POSTEX_FLOW = postexFlow();

const STATUS_IDS: Record<string, number> = {
  Unbooked: 1, Booked: 2, 'PostEx WareHouse': 3, 'Out For Delivery': 4, Delivered: 5, Returned: 6, 'Un-Assigned By Me': 7,
  Expired: 8, 'Delivery Under Review': 9, 'Picked By PostEx': 15, 'Out For Return': 16, Attempted: 17, 'En-Route to PostEx warehouse': 18,
};

const Order = z.object({
  /** The token that booked it: only that account sees the order. */
  token: z.string(),
  orderRefNumber: z.string(),
  invoicePayment: z.number(),
  orderDetail: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  deliveryAddress: z.string(),
  transactionNotes: z.string(),
  cityName: z.string(),
  items: z.number(),
  pickupAddressCode: z.string(),
  orderType: z.string(),
});
type Order = z.infer<typeof Order>;

type Ctx = SimContext<CourierCredentials, Order>;

const envelope = (statusCode: string, statusMessage: string, dist?: unknown, status = 200): SimReply => ({
  status,
  json: { statusCode, statusMessage, ...(dist !== undefined ? { dist } : {}) },
});

function orderView(s: Shipment<Order>, ctx: Ctx) {
  const o = s.data;
  const current = ctx.store.current(s);
  const picked = s.events.find((e) => e.stage === PICKED);
  return {
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    deliveryAddress: o.deliveryAddress,
    invoicePayment: o.invoicePayment,
    orderDetail: o.orderDetail,
    orderPickupDate: picked ? pkDateTime(picked.at) : null,
    orderDeliveryDate: current === DELIVERED ? pkDateTime(s.events.at(-1)!.at) : null,
    orderRefNumber: o.orderRefNumber,
    transactionTax: 0,
    transactionFee: 0,
    trackingNumber: s.trackingNumber,
    transactionDate: pkDateTime(s.bookedAt),
    upfrontPayment: 0,
    merchantName: 'Demo Store',
    transactionStatus: current.status,
    reversalTax: 0,
    reversalFee: 0,
    reservePayment: 0,
    reservePaymentDate: null,
    balancePayment: 0,
    cityName: o.cityName,
    transactionNotes: o.transactionNotes,
    transactionStatusHistory: s.events.map((e) => ({
      transactionStatusMessage: e.stage.note ?? e.stage.status,
      transactionStatusMessageCode: e.stage.code ?? '',
      updatedAt: pkDateTime(e.at),
    })),
  };
}

export async function startPostexSim(options: CourierSimOptions & { errorStatus?: 200 | 400; expireAfterMs?: number } = {}): Promise<CourierSim<CourierCredentials>> {
  const nextTn = numberSequence(options.seed ?? 1, 11);
  const errorStatus = options.errorStatus ?? 200;
  const PREFIXES = ['/services/integration/api/', '/service/integration/api/'];

  return buildSim<CourierCredentials, Order>({
    id: 'POSTEX',
    options,
    flow: options.expireAfterMs === undefined ? POSTEX_FLOW : postexFlow(options.expireAfterMs),
    demo: [POSTEX_DEMO_CREDENTIALS],
    data: Order,
    baseUrls: (url) => ({ api: `${url}/services/integration/api/` }),
    routes: (ctx) => {
      const fail = (message: string) => envelope('400', message, undefined, errorStatus);
      const own = (token: string) => ctx.store.all().filter((s) => s.data.token === token);
      const addressCodes = (token: string) => {
        const set = ctx.credentials.find((c) => c.token === token);
        return [...new Set(['001', set?.address_code ?? '001'])];
      };

      /** The order PostEx would create, or its refusal's words. */
      const create = (token: string, b: Record<string, unknown>, timing?: SeedTiming): Shipment<Order> | string => {
        const required: [string, string][] = [
          ['orderRefNumber', 'Order Reference Number'], ['customerName', 'Customer Name'], ['customerPhone', 'Customer Phone'],
          ['deliveryAddress', 'Delivery Address'], ['cityName', 'City Name'], ['orderType', 'Order Type'],
        ];
        for (const [key, label] of required) if (text(b[key]) === '') return `${label} is required`;
        const invoice = num(b.invoicePayment);
        if (invoice === undefined || invoice < 0) return 'Invoice Payment is required';
        if (num(b.invoiceDivision) === undefined) return 'Invoice Division is required';
        const items = num(b.items);
        if (items === undefined || !Number.isInteger(items) || items < 1) return 'Items is required';
        if (!MOBILE.test(text(b.customerPhone))) return 'Customer Phone must be in 03xxxxxxxxx format';
        const city = POSTEX_CITIES.find((c) => c.toLowerCase() === text(b.cityName).toLowerCase());
        if (!city) return `City Name ${text(b.cityName)} is not an operational city`;
        if (!['Normal', 'Reversed', 'Reverse', 'Replacement'].includes(text(b.orderType))) return 'Order Type is invalid';
        const pickup = text(b.pickupAddressCode) || text(b.storeAddressCode);
        if (pickup === '') return 'Pickup Address Code is required';
        if (!addressCodes(token).includes(pickup)) return `Pickup Address Code ${pickup} does not exist`;
        // An assumption the reference marks [?]: PostEx refuses a second order with the same reference.
        // (read without moving every parcel on: a seed books thousands)
        if (ctx.store.raw().some((s) => s.data.token === token && s.data.orderRefNumber === text(b.orderRefNumber))) return 'Order Reference Number already exists';
        return ctx.store.create(ctx.store.issue(() => `CX-${nextTn()}`), {
          token,
          orderRefNumber: text(b.orderRefNumber),
          invoicePayment: invoice,
          orderDetail: text(b.orderDetail),
          customerName: text(b.customerName),
          customerPhone: text(b.customerPhone),
          deliveryAddress: text(b.deliveryAddress),
          transactionNotes: text(b.transactionNotes),
          cityName: city,
          items,
          pickupAddressCode: pickup,
          orderType: text(b.orderType),
        }, timing);
      };

      const createOrder = (token: string, b: Record<string, unknown>): SimReply => {
        const s = create(token, b);
        if (typeof s === 'string') return fail(s);
        return envelope('200', 'ORDER HAS BEEN CREATED', { trackingNumber: s.trackingNumber, orderStatus: 'UnBooked', orderDate: pkDateTime(s.bookedAt) });
      };

      const seed = (input: SeedInput, timing: SeedTiming): Shipment<Order> | string => {
        const token = text(input.credentials.token);
        if (!token || !ctx.credentials.find((c) => c.token === token)) return 'Unauthorized: invalid or missing token';
        return create(token, {
          orderRefNumber: input.orderRef, invoicePayment: input.cod, orderDetail: '', customerName: input.consignee.name,
          customerPhone: input.consignee.phone, deliveryAddress: input.consignee.address, transactionNotes: '', cityName: input.city,
          invoiceDivision: 0, items: input.pieces, pickupAddressCode: input.credentials.address_code || '001', orderType: 'Normal',
        }, timing);
      };

      const mine = (token: string, tn: string) => {
        const s = ctx.store.get(tn);
        return s && s.data.token === token ? s : undefined;
      };
      const split = (v: unknown) => text(v).split(',').map((x) => x.trim()).filter(Boolean);

      const route = (req: SimRequest, token: string, path: string): SimReply => {
        const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
        const key = `${req.method} ${path}`;
        if (key === 'GET order/v2/get-operational-city') {
          const type = text(req.query.operationalCityType).toLowerCase();
          const rows = [
            ...POSTEX_CITIES.map((c) => ({ operationalCityName: c, countryName: 'Pakistan', isPickupCity: 'true', isDeliveryCity: true })),
            ...PICKUP_ONLY.map((c) => ({ operationalCityName: c, countryName: 'Pakistan', isPickupCity: true, isDeliveryCity: 'false' })),
          ].filter((r) => (type === 'delivery' ? String(r.isDeliveryCity) === 'true' : type === 'pickup' ? String(r.isPickupCity) === 'true' : true));
          return envelope('200', 'SUCCESSFULLY OPERATED', rows);
        }
        if (key === 'GET order/v1/get-merchant-address') {
          const rows = addressCodes(token).map((code) => ({
            phone1: '03001234567', phone2: '', contactPersonName: 'Demo Warehouse', cityName: 'Lahore', address: `Warehouse ${code}, Gulberg III, Lahore`, addressCode: code,
          }));
          const city = text(req.query.cityName).toLowerCase();
          return envelope('200', 'SUCCESSFULLY OPERATED', city ? rows.filter((r) => r.cityName.toLowerCase() === city) : rows);
        }
        if (key === 'GET order/v1/get-order-types') return envelope('200', 'SUCCESSFULLY OPERATED', ['Normal', 'Reversed', 'Replacement']);
        if (key === 'GET order/v1/get-order-status') return envelope('200', 'SUCCESSFULLY OPERATED', Object.keys(STATUS_IDS));
        if (key === 'POST order/v3/create-order') return createOrder(token, body);
        const one = /^order\/v1\/track-order\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && one) {
          const s = mine(token, decodeURIComponent(one[1]!));
          return s ? envelope('200', 'SUCCESSFULLY OPERATED', orderView(s, ctx)) : envelope('404', 'Order Not Found', undefined, 404);
        }
        if (key === 'GET order/v1/track-bulk-order') {
          const tns = split(req.query.trackingNumber ?? req.query.TrackingNumbers);
          if (tns.length === 0) return fail('Tracking Number is required');
          return envelope('200', 'SUCCESSFULLY OPERATED', tns.map((tn) => {
            const s = mine(token, tn);
            return s
              ? { trackingResponse: orderView(s, ctx), trackingNumber: tn, message: 'SUCCESSFULLY RETRIEVE ORDER' }
              : { trackingResponse: null, trackingNumber: tn, message: 'ORDER NOT FOUND' };
          }));
        }
        if (key === 'GET order/v1/get-all-order') {
          const status = num(req.query.orderStatusID) ?? 0;
          const from = text(req.query.fromDate);
          const to = text(req.query.toDate);
          if (!from || !to) return fail('fromDate and toDate are required');
          const rows = own(token).filter((s) => {
            const day = pkDate(s.bookedAt);
            return day >= from && day <= to && (status === 0 || STATUS_IDS[ctx.store.current(s).status] === status);
          });
          return envelope('200', 'SUCCESSFULLY OPERATED', rows.map((s) => ({ trackingResponse: orderView(s, ctx), trackingNumber: s.trackingNumber, message: 'SUCCESSFULLY RETRIEVE ORDER' })));
        }
        if (key === 'PUT order/v1/cancel-order') {
          const tn = text(body.trackingNumber);
          const s = mine(token, tn);
          if (!s) return envelope('404', 'Order Not Found', undefined, 404);
          const outcome = ctx.store.cancel(tn);
          if (outcome === 'cancelled') return envelope('200', 'Successfully Cancelled');
          if (outcome === 'already-cancelled') return fail('Order is already cancelled');
          return fail(`Order cannot be cancelled after pickup (status ${ctx.store.current(s).status})`);
        }
        if (key === 'GET order/v1/get-invoice') {
          const tns = split(req.query.trackingNumbers);
          if (tns.length === 0) return fail('Tracking Numbers are required');
          if (tns.length > 10) return fail('Maximum 10 tracking numbers are allowed');
          const unknown = tns.find((tn) => !mine(token, tn));
          // PostEx answers 200 with JSON, not a PDF, for a bad number.
          if (unknown) return envelope('400', `Invalid tracking number ${unknown}`);
          return { bytes: pdfBytes(`PostEx airway bill ${tns.join(', ')}`), contentType: 'application/pdf' };
        }
        if (key === 'POST order/v2/generate-load-sheet') {
          const tns = Array.isArray(body.trackingNumbers) ? body.trackingNumbers.map(text) : [];
          if (tns.length === 0) return fail('Tracking Numbers are required');
          const unknown = tns.find((tn) => !mine(token, tn));
          if (unknown) return envelope('400', `Invalid tracking number ${unknown}`);
          return { bytes: pdfBytes(`PostEx load sheet ${tns.join(', ')}`), contentType: 'application/pdf' };
        }
        return envelope('404', 'Resource not found', undefined, 404);
      };

      const split404 = (req: SimRequest) => {
        const prefix = PREFIXES.find((p) => req.path.startsWith(p));
        return prefix ? req.path.slice(prefix.length).replace(/\/+$/, '') : undefined;
      };

      return {
        handle(req) {
          const path = split404(req);
          if (path === undefined) return envelope('404', 'Resource not found', undefined, 404);
          const token = text(req.headers.token);
          if (!token || !ctx.credentials.find((c) => c.token === token)) return envelope('401', 'Unauthorized: invalid or missing token', undefined, 401);
          return route(req, token, path);
        },
        reject(req) {
          const path = split404(req) ?? '';
          if (path.includes('create-order')) return fail('Service is not available for this city at the moment');
          if (path.includes('cancel-order')) return fail('Order cannot be cancelled at the moment');
          return fail('Request could not be processed');
        },
        seed,
      };
    },
  });
}

export const postexSim: CourierSimModule = {
  id: 'POSTEX', localPort: 8705, demoCredentials: POSTEX_DEMO_CREDENTIALS, demoAccount: { account_name: 'PostEx COD', weight: 500, city: 'Karachi' }, start: startPostexSim,
};
