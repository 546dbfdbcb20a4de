import { z } from '@dakiya/shared';
import type {
  BookingRequest,
  BookingResult,
  CitiesResult,
  CourierCredentials,
  ReferenceMatch,
  TrackingEvent,
  TrackingResult,
} from '../../../domain/ports/courier';
import { parseBody, truthy } from '../parse';
import { isOurParcel } from '../reference-match';
import { parsePkDateTime } from '../pk-time';
import { classifyStatus, normaliseStatusText, statusTable, type StatusVerdict } from '../status-text';
import { notFound, trackingResult } from '../tracking';

/** PostEx Merchant API v4.1.9: pure request building and response reading. */

// statusCode is "200" in the guide; clients also see 200 and "0200".
const Envelope = z.object({ statusCode: z.union([z.string(), z.number()]), statusMessage: z.string().nullish(), dist: z.unknown().optional() }).loose();
export type PostexEnvelope = z.infer<typeof Envelope>;

export const POSTEX_STATUS = statusTable(
  {
    FULFILLED: ['Unbooked', 'Booked', "At Merchant's Warehouse"],
    INPROCESS: [
      'Picked By PostEx',
      'En-Route to PostEx warehouse',
      'PostEx WareHouse',
      'At PostEx Warehouse',
      'Package on Root',
      'Package on Route',
      'Out For Delivery',
      'Attempted',
      'Delivery Under Review',
      'Out For Return',
    ],
    DELIVERED: ['Delivered'],
    // Merchant-side cancel and never-picked expiry.
    CANCELLED: ['Un-Assigned By Me', 'Expired'],
    RTS: ['Returned'],
  },
  ['Out For Return'],
);

/** History message codes (`transactionStatusMessageCode`). */
const CODES: Record<string, StatusVerdict> = {
  '0001': { status: 'FULFILLED', returning: false },
  '0002': { status: 'RTS', returning: false },
  '0003': { status: 'INPROCESS', returning: false },
  '0004': { status: 'INPROCESS', returning: false },
  '0005': { status: 'DELIVERED', returning: false },
  '0006': { status: 'RTS', returning: false },
  '0007': { status: 'RTS', returning: false },
  '0008': { status: 'INPROCESS', returning: false },
  '0013': { status: 'INPROCESS', returning: false },
};

export function classifyPostex(text: string | null | undefined, code?: string | null): StatusVerdict {
  const byCode = code ? CODES[code.trim().padStart(4, '0')] : undefined;
  if (byCode) return byCode;
  // Merchants' own labels read "At <Brand> Warehouse" for the pre-pickup state.
  if (text) {
    const norm = normaliseStatusText(text);
    if (/^at .+ warehouse$/.test(norm) && !norm.includes('postex')) return { status: 'FULFILLED', returning: false };
  }
  return classifyStatus(POSTEX_STATUS, text);
}

export function isOk(env: PostexEnvelope): boolean {
  return Number(env.statusCode) === 200;
}

export function readEnvelope(body: unknown, what: string): PostexEnvelope {
  return parseBody('POSTEX', Envelope, body, what);
}

export function refusal(env: PostexEnvelope, fallback: string): string[] {
  return [env.statusMessage?.trim() || fallback];
}

export function createOrderBody(req: BookingRequest, creds: CourierCredentials, phone: string) {
  return {
    orderRefNumber: req.reference,
    invoicePayment: Math.round(req.codAmount),
    orderDetail: req.productsDescription,
    customerName: req.consignee.name,
    customerPhone: phone,
    deliveryAddress: req.consignee.address,
    transactionNotes: req.remarks ?? '',
    cityName: req.destinationCity,
    invoiceDivision: 0,
    items: req.pieces,
    pickupAddressCode: creds.address_code ?? '',
    orderType: 'Normal',
  };
}

export function readCities(body: unknown): CitiesResult {
  const env = readEnvelope(body, 'city list');
  if (!isOk(env)) return { ok: false, messages: refusal(env, 'PostEx refused the city list') };
  const rows = parseBody(
    'POSTEX',
    z.array(z.object({ operationalCityName: z.string(), isDeliveryCity: z.unknown().optional() }).loose()),
    env.dist,
    'city list',
  );
  return {
    ok: true,
    cities: rows
      .filter((r) => r.isDeliveryCity === undefined || truthy(r.isDeliveryCity))
      .map((r) => ({ key: r.operationalCityName, name: r.operationalCityName.trim() })),
  };
}

export function readAddressCodes(body: unknown): string[] {
  const env = readEnvelope(body, 'merchant address');
  if (!isOk(env)) return [];
  const rows = parseBody('POSTEX', z.array(z.object({ addressCode: z.union([z.string(), z.number()]).nullish() }).loose()), env.dist, 'merchant address');
  return rows.flatMap((r) => (r.addressCode == null ? [] : [String(r.addressCode)]));
}

export function readBooking(status: number, body: unknown): BookingResult {
  const env = readEnvelope(body, 'booking');
  if (!isOk(env) || status >= 400) return { ok: false, messages: refusal(env, 'PostEx refused the order') };
  const dist = parseBody('POSTEX', z.object({ trackingNumber: z.string().min(1) }).loose(), env.dist, 'booking');
  return { ok: true, trackingNumber: dist.trackingNumber };
}

const History = z.object({
  transactionStatusMessage: z.string().nullish(),
  transactionStatusMessageCode: z.union([z.string(), z.number()]).nullish(),
  updatedAt: z.string().nullish(),
}).loose();
const Order = z.object({
  trackingNumber: z.string().nullish(),
  orderRefNumber: z.string().nullish(),
  customerPhone: z.string().nullish(),
  invoicePayment: z.union([z.number(), z.string()]).nullish(),
  transactionStatus: z.string().nullish(),
  transactionStatusHistory: z.array(History).nullish(),
}).loose();

function readOrder(trackingNumber: string, order: z.infer<typeof Order>): TrackingResult {
  const events: TrackingEvent[] = (order.transactionStatusHistory ?? []).flatMap((h) => {
    const at = parsePkDateTime(h.updatedAt, 'dmy');
    const status = h.transactionStatusMessage?.trim();
    if (!at || !status) return [];
    const code = h.transactionStatusMessageCode == null ? undefined : String(h.transactionStatusMessageCode);
    return [{ status, message: code ? `${status} (${code})` : status, at }];
  });
  const raw = order.transactionStatus?.trim() || null;
  const result = trackingResult(POSTEX_STATUS, trackingNumber, raw, events);
  const verdict = classifyPostex(raw);
  return { ...result, status: verdict.status, returning: verdict.returning };
}

/** Single track: unknown numbers come back as HTTP 404 or a non-200 statusCode. */
export function readTrackOne(trackingNumber: string, status: number, body: unknown): TrackingResult {
  const env = readEnvelope(body, 'tracking');
  if (status === 404 || !isOk(env) || env.dist == null) return notFound(trackingNumber);
  return readOrder(trackingNumber, parseBody('POSTEX', Order, env.dist, 'tracking'));
}

export function readTrackBulk(asked: string[], body: unknown): TrackingResult[] {
  const env = readEnvelope(body, 'bulk tracking');
  if (!isOk(env)) return asked.map(notFound);
  const rows = parseBody(
    'POSTEX',
    z.array(z.object({ trackingNumber: z.string().nullish(), trackingResponse: Order.nullish() }).loose()),
    env.dist ?? [],
    'bulk tracking',
  );
  const byNumber = new Map<string, z.infer<typeof Order>>();
  for (const row of rows) {
    const tn = (row.trackingNumber ?? row.trackingResponse?.trackingNumber ?? '').trim();
    if (tn && row.trackingResponse) byNumber.set(tn, row.trackingResponse);
  }
  return asked.map((tn) => {
    const order = byNumber.get(tn);
    return order ? readOrder(tn, order) : notFound(tn);
  });
}

/** `get-all-order` rows: ours by reference, consignee phone and COD; the newest booking wins when several are. */
export function findTrackingNumberByRef(body: unknown, match: ReferenceMatch): string | undefined {
  const env = readEnvelope(body, 'order list');
  if (!isOk(env)) return undefined;
  const rows = parseBody('POSTEX', z.array(z.object({ trackingNumber: z.string().nullish(), trackingResponse: Order.nullish() }).loose()), env.dist ?? [], 'order list');
  const matches = rows.filter((r) => r.trackingResponse && isOurParcel({
    reference: r.trackingResponse.orderRefNumber, phone: r.trackingResponse.customerPhone, cod: r.trackingResponse.invoicePayment,
  }, match));
  const last = matches.at(-1);
  return last ? (last.trackingNumber ?? last.trackingResponse?.trackingNumber ?? undefined) : undefined;
}
