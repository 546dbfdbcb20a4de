import { z } from 'zod';
import type { CourierSimModule } from './kit/module';
import type { CourierCredentials } from '../../../functions/domain/ports/courier';
import { pad, pkDate, pkDateTime, pkParts } from './kit/clock';
import { numberSequence } from './kit/ids';
import { pdfBytes } from './kit/pdf';
import type { SimReply, SimRequest } from './kit/server';
import type { SeedInput, SeedTiming } from './kit/seed';
import type { Flow, Shipment, Stage } from './kit/shipments';
import { buildSim, num, params, text, type CourierSim, type CourierSimOptions, type SimContext } from './kit/sim';
import { createLeopardPush, type LeopardPushControl } from './leopard-push';

/**
 * Leopards (LCS) simulator, per "Simulator contract (LEOPARD)" in the courier reference: endpoints
 * `<endpoint>/format/json/` under a base ending in `/api/`, JSON or form bodies, GET with query
 * parameters, always HTTP 200 with `{status, error, …}`. An account (its api_key) sees, tracks and
 * cancels only the packets it booked, as the real API answers only the asking merchant's own.
 */

export const LEOPARD_DEMO_CREDENTIALS = {
  api_key: 'LEOPARD-DEMO-KEY-7F3A91',
  api_password: 'leopard-demo-pass',
} as const satisfies CourierCredentials;

export const LEOPARD_CITIES = [
  { id: 475, name: 'Karachi' },
  { id: 789, name: 'Lahore' },
  { id: 202, name: 'Islamabad' },
  { id: 628, name: 'Rawalpindi' },
  { id: 280, name: 'Faisalabad' },
  { id: 520, name: 'Multan' },
  { id: 593, name: 'Peshawar' },
  { id: 612, name: 'Quetta' },
  { id: 685, name: 'Sialkot' },
  { id: 291, name: 'Gujranwala' },
  { id: 323, name: 'Hyderabad' },
  { id: 711, name: 'Sukkur' },
  { id: 243, name: 'Dera Ghazi Khan' },
  { id: 95, name: 'Bahawalpur' },
  { id: 619, name: 'Rahim Yar Khan' },
] as const;

const stage = (status: string, code?: string, note?: string, more: Partial<Stage> = {}): Stage => ({
  status, ...(code ? { code } : {}), ...(note ? { note } : {}), ...more,
});
const NOT_SENT = stage('Pickup Request not Send');
const SENT = stage('Pickup Request Sent');
const PICKED = stage('Shipment Picked', 'SP');
const BOOKED = stage('Consignment Booked', 'RC');
const DISPATCHED = stage('Dispatched', 'DP');
const ARRIVED = stage('Arrived at Station', 'AR');
const ASSIGNED = stage('Assign to Courier', 'AC');
const DELIVERED = stage('Delivered', 'DV');
const PENDING = stage('Pending', 'PN1', 'Consignee not available');
const READY = stage('Ready for Return', 'NR', 'Refused by consignee');
const BEING = stage('Being Return', 'RO');
const RETURNED = stage('Returned to shipper', 'RS');
const CANCELLED = stage('Cancelled', undefined, undefined, { cancels: true });
// Leopards cancels a packet itself when no pickup happened within 48 hours of booking.
const AUTO_CANCELLED = stage('48 Hours Auto Canceled', undefined, 'No pickup within 48 hours', { cancels: true, afterMs: 48 * 3600_000 });

const FORWARD = [NOT_SENT, SENT, PICKED, BOOKED, DISPATCHED, ARRIVED, ASSIGNED];
export const LEOPARD_FLOW: Flow = {
  scenarios: {
    happy: [...FORWARD, DELIVERED],
    attempts: [...FORWARD, PENDING, ASSIGNED, DELIVERED],
    return: [...FORWARD, PENDING, READY, BEING, RETURNED],
    'cancel-before-pickup': [NOT_SENT, SENT, CANCELLED],
    stuck: [NOT_SENT, SENT, PICKED, BOOKED, DISPATCHED],
    'courier-cancel': [NOT_SENT, SENT, AUTO_CANCELLED],
  },
  cancelled: CANCELLED,
  prePickupStages: 2,
};

const CityRef = z.union([z.number().int(), z.literal('self')]);
const Packet = z.object({
  /** The api_key that booked it: only that account sees the packet. */
  account: z.string(),
  orderId: z.string(),
  weight: z.number(),
  pieces: z.number(),
  cod: z.number(),
  origin: CityRef,
  destination: CityRef,
  shipper: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  consignee: z.object({ name: z.string(), email: z.string(), phone: z.string(), phone2: z.string(), phone3: z.string(), address: z.string() }),
  instructions: z.string(),
  shipmentType: z.string(),
});
type Packet = z.infer<typeof Packet>;

type Ctx = SimContext<CourierCredentials, Packet>;

const REQUIRED: [string, string][] = [
  ['booked_packet_weight', 'Packet Weight'],
  ['booked_packet_no_piece', 'No of Pieces'],
  ['booked_packet_collect_amount', 'Collect Amount'],
  ['origin_city', 'Origin City'],
  ['destination_city', 'Destination City'],
  ['shipment_name_eng', 'Shipper Name'],
  ['shipment_phone', 'Shipper Phone'],
  ['shipment_address', 'Shipper Address'],
  ['consignment_name_eng', 'Consignee Name'],
  ['consignment_phone', 'Consignee Phone'],
  ['consignment_address', 'Consignee Address'],
  ['special_instructions', 'Special Instructions'],
];

const cityIds = new Set<number>(LEOPARD_CITIES.map((c) => c.id));
const cityName = (id: number | 'self') => (id === 'self' ? 'Lahore' : (LEOPARD_CITIES.find((c) => c.id === id)?.name ?? ''));

function cityRef(value: unknown): number | 'self' | undefined {
  if (text(value).toLowerCase() === 'self') return 'self';
  const n = num(value);
  return n !== undefined && Number.isInteger(n) && cityIds.has(n) ? n : undefined;
}

/** Field → message, in Leopards' "<Field> is required" wording; empty when the packet is valid. */
function validatePacket(p: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, label] of REQUIRED) {
    if (text(p[key]) === '') errors[key] = `${label} is required`;
  }
  const weight = num(p.booked_packet_weight);
  if (!errors.booked_packet_weight && (weight === undefined || !Number.isInteger(weight) || weight <= 0)) {
    errors.booked_packet_weight = 'Packet Weight must be a positive whole number of grams';
  }
  const pieces = num(p.booked_packet_no_piece);
  if (!errors.booked_packet_no_piece && (pieces === undefined || !Number.isInteger(pieces) || pieces < 1)) {
    errors.booked_packet_no_piece = 'No of Pieces must be at least 1';
  }
  const cod = num(p.booked_packet_collect_amount);
  if (!errors.booked_packet_collect_amount && (cod === undefined || cod < 0)) errors.booked_packet_collect_amount = 'Collect Amount is invalid';
  if (!errors.origin_city && cityRef(p.origin_city) === undefined) errors.origin_city = 'Invalid Origin City';
  if (!errors.destination_city && cityRef(p.destination_city) === undefined) errors.destination_city = 'Invalid Destination City';
  return errors;
}

function toPacket(p: Record<string, unknown>, account: string): Packet {
  return {
    account,
    orderId: text(p.booked_packet_order_id),
    weight: num(p.booked_packet_weight)!,
    pieces: num(p.booked_packet_no_piece)!,
    cod: num(p.booked_packet_collect_amount)!,
    origin: cityRef(p.origin_city)!,
    destination: cityRef(p.destination_city)!,
    shipper: { name: text(p.shipment_name_eng), email: text(p.shipment_email), phone: text(p.shipment_phone), address: text(p.shipment_address) },
    consignee: {
      name: text(p.consignment_name_eng),
      email: text(p.consignment_email),
      phone: text(p.consignment_phone),
      phone2: text(p.consignment_phone_two),
      phone3: text(p.consignment_phone_three),
      address: text(p.consignment_address),
    },
    instructions: text(p.special_instructions),
    shipmentType: text(p.shipment_type) || 'overnight',
  };
}

function bookingDate(ms: number): string {
  const p = pkParts(ms);
  return `${pad(p.d)}/${pad(p.mo)}/${p.y}`;
}

function packetView(s: Shipment<Packet>, ctx: Ctx) {
  const current = ctx.store.current(s);
  const last = s.events.at(-1)!;
  const p = s.data;
  return {
    booking_date: bookingDate(s.bookedAt),
    track_number: s.trackingNumber,
    track_number_short: s.trackingNumber.slice(2),
    booked_packet_weight: String(p.weight),
    booked_packet_vol_weight_w: '',
    booked_packet_vol_weight_h: '',
    booked_packet_vol_weight_l: '',
    booked_packet_no_piece: String(p.pieces),
    booked_packet_collect_amount: String(p.cod),
    booked_packet_order_id: p.orderId,
    origin_city_name: cityName(p.origin),
    destination_city_name: cityName(p.destination),
    invoice_number: '',
    invoice_date: '',
    shipment_name_eng: p.shipper.name,
    shipment_email: p.shipper.email,
    shipment_phone: p.shipper.phone,
    shipment_address: p.shipper.address,
    consignment_name_eng: p.consignee.name,
    consignment_email: p.consignee.email,
    consignment_phone: p.consignee.phone,
    consignment_phone_two: p.consignee.phone2,
    consignment_phone_three: p.consignee.phone3,
    consignment_address: p.consignee.address,
    special_instructions: p.instructions,
    booked_packet_status: current.status,
    activity_date: pkDateTime(last.at),
    status_remarks: current === DELIVERED ? p.consignee.name : (current.note ?? ''),
    'Tracking Detail': s.events.map((e) => ({
      Status: e.stage.status,
      Reciever_Name: e.stage === DELIVERED ? p.consignee.name : '',
      Activity_Date: pkDate(e.at),
      Activity_Time: pkDateTime(e.at).slice(11),
      Activity_datetime: pkDateTime(e.at),
      Reason: e.stage.note ?? '',
    })),
  };
}

function splitCns(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return list.map((s) => s.trim()).filter(Boolean);
}

export type LeopardSim = CourierSim<CourierCredentials> & { push: LeopardPushControl };

export async function startLeopardSim(options: CourierSimOptions & { basePath?: string } = {}): Promise<LeopardSim> {
  const base = options.basePath ?? '/api/';
  const nextCn = numberSequence(options.seed ?? 1, 9);
  const loadSheets = new Map<number, { account: string; cns: string[] }>();
  let nextLoadSheet = 1000;
  let everyParcel: () => void = () => undefined;
  const push = createLeopardPush(DELIVERED.status, () => everyParcel());

  const sim = await buildSim<CourierCredentials, Packet>({
    id: 'LEOPARD',
    options,
    flow: LEOPARD_FLOW,
    demo: [LEOPARD_DEMO_CREDENTIALS],
    data: Packet,
    baseUrls: (url) => ({ api: `${url}${base}` }),
    onReset: () => {
      loadSheets.clear();
      push.reset();
    },
    // parcels move when read: after the clock moves, every one is read so their pushes go now
    onAdvance: () => everyParcel(),
    routes: (ctx) => {
      ctx.store.onMoved = (shipment, reached) => push.moved(shipment, reached);
      everyParcel = () => void ctx.store.all();
      const accountOf = (p: Record<string, unknown>) =>
        ctx.credentials.find((c) => c.api_key === text(p.api_key) && c.api_password === text(p.api_password))?.api_key;

      const create = (p: Record<string, unknown>, account: string, timing?: SeedTiming) =>
        ctx.store.create(ctx.store.issue(() => `KI${nextCn()}`), toPacket(p, account), timing);
      const book = (p: Record<string, unknown>, account: string) => {
        const cn = create(p, account).trackingNumber;
        return { track_number: cn, slip_link: `${ctx.url()}/slip/${cn}.pdf` };
      };
      /** The account's own packet; another account's number reads as unknown. */
      const own = (cn: string, account: string) => {
        const s = ctx.store.get(cn);
        return s && s.data.account === account ? s : undefined;
      };
      const ownAll = (account: string) => ctx.store.all().filter((s) => s.data.account === account);

      const seed = (input: SeedInput, timing: SeedTiming): Shipment<Packet> | string => {
        const account = accountOf(input.credentials);
        if (!account) return 'Invalid API Key or Password';
        const city = LEOPARD_CITIES.find((c) => c.name.toLowerCase() === input.city.trim().toLowerCase() || String(c.id) === input.city.trim());
        if (!city) return 'Invalid Destination City';
        const p = {
          booked_packet_weight: input.weightGrams, booked_packet_no_piece: input.pieces, booked_packet_collect_amount: input.cod,
          booked_packet_order_id: input.orderRef, origin_city: 'self', destination_city: city.id,
          shipment_name_eng: 'self', shipment_email: 'self', shipment_phone: 'self', shipment_address: 'self',
          consignment_name_eng: input.consignee.name, consignment_email: input.consignee.email ?? '', consignment_phone: input.consignee.phone,
          consignment_address: input.consignee.address, special_instructions: 'None',
        };
        const problem = Object.values(validatePacket(p))[0];
        return problem ?? create(p, account, timing);
      };

      const endpoints: Record<string, (p: Record<string, unknown>, req: SimRequest, account: string) => SimReply> = {
        getAllCities: () => ({
          json: {
            status: 1,
            error: '0',
            city_list: LEOPARD_CITIES.map((c) => ({ id: c.id, name: c.name, shipment_type: ['overnight', 'overland', 'detain'], allow_as_origin: true, allow_as_destination: true })),
          },
        }),

        bookPacket: (p, _req, account) => {
          const errors = validatePacket(p);
          const first = Object.values(errors)[0];
          if (first) return { json: { status: 0, error: first, track_number: null, slip_link: null } };
          return { json: { status: 1, error: 0, ...book(p, account) } };
        },

        batchBookPacket: (p, _req, account) => {
          // JSON only: a form-encoded `packets` list arrives as a string and is not read.
          if (!Array.isArray(p.packets) || p.packets.length === 0) return { json: { status: 0, error: 'Packets are required' } };
          const packets = p.packets.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {}));
          const errors: Record<string, Record<string, string>> = {};
          packets.forEach((packet, i) => {
            const e = validatePacket(packet);
            if (Object.keys(e).length > 0) errors[`bookPacket - ${i}`] = e;
          });
          // All or nothing (an assumption the reference marks [?]).
          if (Object.keys(errors).length > 0) return { json: { status: 0, error: errors } };
          return { json: { status: 1, error: 0, data: packets.map((packet) => ({ ...book(packet, account), booked_packet_order_id: text(packet.booked_packet_order_id) })) } };
        },

        trackBookedPacket: (p, _req, account) => {
          const found = splitCns(p.track_numbers).flatMap((cn) => {
            const s = own(cn, account);
            return s ? [packetView(s, ctx)] : [];
          });
          if (found.length === 0) return { json: { status: 0, error: 'No record found against this tracking number', packet_list: null } };
          return { json: { status: 1, error: 0, packet_list: found } };
        },

        getBookedPacketLastStatus: (p, _req, account) => {
          const from = text(p.from_date);
          const to = text(p.to_date);
          if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) {
            return { json: { status: 0, error: 'from_date and to_date are required (YYYY-MM-DD)', packet_list: null } };
          }
          const list = ownAll(account).filter((s) => pkDate(s.bookedAt) >= from && pkDate(s.bookedAt) <= to);
          return {
            json: {
              status: 1,
              error: 0,
              packet_list: list.map((s) => ({
                booking_date: bookingDate(s.bookedAt),
                delivery_date: ctx.store.current(s) === DELIVERED ? pkDateTime(s.events.at(-1)!.at) : '',
                tracking_number: s.trackingNumber,
                booked_packet_weight: String(s.data.weight),
                arival_dispatch_weight: String(s.data.weight),
                booked_packet_order_id: s.data.orderId,
                origin_city: cityName(s.data.origin),
                destination_city: cityName(s.data.destination),
                consignment_name_eng: s.data.consignee.name,
                consignment_phone: s.data.consignee.phone,
                consignment_address: s.data.consignee.address,
                booked_packet_status: ctx.store.current(s).status,
                cod_value: String(s.data.cod),
              })),
            },
          };
        },

        getShipmentDetailsByOrderID: (p, _req, account) => {
          const ids = splitCns(p.shipment_order_id);
          const rows = ownAll(account).filter((s) => ids.includes(s.data.orderId));
          if (rows.length === 0) return { json: { status: 0, error: 'No record found', data: null } };
          return {
            json: {
              status: 1,
              error: 0,
              data: rows.map((s) => ({
                track_number: s.trackingNumber,
                booked_packet_order_id: s.data.orderId,
                booked_packet_status: ctx.store.current(s).status,
                delivery_date: ctx.store.current(s) === DELIVERED ? pkDateTime(s.events.at(-1)!.at) : '',
                return_date: ctx.store.current(s) === RETURNED ? pkDateTime(s.events.at(-1)!.at) : '',
              })),
            },
          };
        },

        cancelBookedPackets: (p, _req, account) => {
          const cns = splitCns(p.cn_numbers);
          if (cns.length === 0) return { json: { status: 0, error: 'CN Numbers are required' } };
          const errors: Record<string, string> = {};
          for (const cn of cns) {
            const outcome = own(cn, account) ? ctx.store.cancel(cn) : 'not-found';
            if (outcome === 'not-found') errors[cn] = 'Invalid CN Number';
            if (outcome === 'already-cancelled') errors[cn] = 'Packet is already cancelled';
            if (outcome === 'too-late') errors[cn] = 'Packet cannot be cancelled after pickup';
          }
          return Object.keys(errors).length > 0 ? { json: { status: 0, error: errors } } : { json: { status: '1', error: 'null' } };
        },

        generateLoadSheet: (p, _req, account) => {
          const cns = splitCns(p.cn_numbers);
          if (cns.length === 0) return { json: { status: 0, error: 'CN Numbers are required' } };
          const errors: Record<string, string> = {};
          for (const cn of cns) if (!own(cn, account)) errors[cn] = 'Invalid CN Number';
          if (Object.keys(errors).length > 0) return { json: { status: 0, error: errors } };
          const id = nextLoadSheet++;
          loadSheets.set(id, { account, cns });
          return { json: { status: '1', error: 'null', load_sheet_id: String(id) } };
        },

        downloadLoadSheet: (p, req, account) => {
          const sheet = loadSheets.get(num(p.load_sheet_id) ?? -1);
          if (!sheet || sheet.account !== account) return { json: { status: 0, error: 'Invalid Load Sheet ID' } };
          const cns = sheet.cns;
          const asJson = req.path.includes('/format/json') || text(p.response_type).toUpperCase() === 'JSON';
          if (!asJson) return { bytes: pdfBytes(`LCS load sheet ${String(p.load_sheet_id)}: ${cns.join(', ')}`), contentType: 'application/pdf' };
          return {
            json: {
              status: 1,
              error: 0,
              data: cns.map((cn) => {
                const s = ctx.store.get(cn)!;
                return { track_number: cn, origin_city_id: s.data.origin, destination_city_id: s.data.destination, shipment_type_id: 10, shipment_type_name: s.data.shipmentType };
              }),
            },
          };
        },
      };
      endpoints.batchBookPacketv2 = endpoints.batchBookPacket!;
      endpoints.batchBookPacketsv2 = endpoints.batchBookPacket!;

      const endpointOf = (path: string): string | undefined => {
        if (!path.startsWith(base)) return undefined;
        const rest = path.slice(base.length);
        // `<name>/format/json/` (slash optional at the end); downloadLoadSheet also answers bare.
        const m = /^([A-Za-z0-9]+)(?:\/format\/json)?\/?$/.exec(rest);
        return m?.[1];
      };

      return {
        control(req) {
          // POST /_sim/push {api_key, url?}: the account's callback address (none: its pushes stop); GET /_sim/pushes
          const route = `${req.method} ${req.path.replace(/\/+$/, '')}`;
          if (route === 'GET /_sim/pushes') return { json: { pushes: push.control.deliveries() } };
          if (route !== 'POST /_sim/push') return undefined;
          const body = params(req);
          const apiKey = text(body.api_key);
          if (!ctx.credentials.find((c) => c.api_key === apiKey)) return { status: 400, json: { error: 'api_key must name a known account' } };
          const url = text(body.url);
          push.control.setUrl(apiKey, url || undefined);
          return { json: { ok: true } };
        },
        handle(req) {
          const slip = /^\/slip\/([A-Z0-9]+)\.pdf$/.exec(req.path);
          if (slip && req.method === 'GET') {
            return ctx.store.get(slip[1]!) ? { bytes: pdfBytes(`LCS slip ${slip[1]}`), contentType: 'application/pdf' } : { status: 404, json: { status: 0, error: 'Not found' } };
          }
          const name = endpointOf(req.path);
          const handler = name ? endpoints[name] : undefined;
          if (!handler || !['GET', 'POST'].includes(req.method)) {
            return { status: 404, json: { status: 0, error: 'Unknown method.' } };
          }
          if (name !== 'downloadLoadSheet' && !req.path.includes('/format/json')) {
            return { status: 404, json: { status: 0, error: 'Unknown method.' } };
          }
          const p = params(req);
          const account = accountOf(p);
          if (!account) {
            const nullKey = name === 'getAllCities' ? { city_list: null } : name === 'trackBookedPacket' ? { packet_list: null } : name === 'bookPacket' ? { track_number: null, slip_link: null } : {};
            return { json: { status: 0, error: 'Invalid API Key or Password', ...nullKey } };
          }
          return handler(p, req, account);
        },
        reject(req) {
          const name = endpointOf(req.path);
          if (name === 'bookPacket') return { json: { status: 0, error: 'Booking is temporarily blocked for this account', track_number: null, slip_link: null } };
          if (name === 'cancelBookedPackets') {
            const cns = splitCns(params(req).cn_numbers);
            return { json: { status: 0, error: Object.fromEntries(cns.map((cn) => [cn, 'Cancellation is not allowed for this packet'])) } };
          }
          return { json: { status: 0, error: 'Request could not be processed' } };
        },
        seed,
      };
    },
  });
  return Object.assign(sim, { push: push.control });
}

export const leopardSim: CourierSimModule = {
  id: 'LEOPARD', localPort: 8704, demoCredentials: LEOPARD_DEMO_CREDENTIALS, demoAccount: { account_name: 'Leopards Karachi', weight: 500, city: 'Karachi' }, start: startLeopardSim,
};
