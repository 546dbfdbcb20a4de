import { z } from '@dakiya/shared';
import type {
  BookingRequest,
  BookingResult,
  CancelResult,
  CitiesResult,
  CourierCredentials,
  TrackingEvent,
  TrackingResult,
} from '../../../domain/ports/courier';
import { messagesOf, parseBody } from '../parse';
import { parsePkDateTime } from '../pk-time';
import { classifyStatus, normaliseStatusText, statusTable } from '../status-text';
import { notFound, trackingResult } from '../tracking';

/** TCS OCI Connect / ECOM (API User Guide v1.0): pure request building and response reading. */

export const TCS_STATUS = statusTable(
  {
    FULFILLED: ['Booked'],
    INPROCESS: [
      'Shipment Picked Up',
      'Arrived at TCS Facility',
      'Departed From TCS Facility',
      'Departed From Origin',
      'In Transit',
      'Out For Delivery',
      'Awaiting Receiver Collection',
      'Delivery Attempted',
      'Receiver Not Available',
      'Recipient Refused',
      'Return In Process',
    ],
    DELIVERED: ['Delivered', 'Shipment Delivered'],
    CANCELLED: ['Cancelled'],
    RTS: ['Return To Origin', 'Shipment Returned To Origin', 'Return to Shipper'],
  },
  ['Return In Process'],
);

/** `deliveryinfo[].code`: OK delivered, SC awaiting collection, RO return to origin, RT returning, CN cancelled. */
export const TCS_CODES = statusTable(
  { FULFILLED: [], INPROCESS: ['SC', 'RT'], DELIVERED: ['OK'], CANCELLED: ['CN'], RTS: ['RO'] },
  ['RT'],
);

export const TokenAnswer = z.object({
  result: z.object({ accessToken: z.string().min(1), expiry: z.string().nullish() }).loose().nullish(),
  status: z.union([z.boolean(), z.string()]).nullish(),
}).loose();

export const AccessTokenAnswer = z.object({ accesstoken: z.string().nullish(), expiry: z.string().nullish(), message: z.string().nullish() }).loose();

/** TCS requires names of at least three characters; short real names are padded rather than refused. */
function atLeast3(text: string): string {
  const t = text.trim();
  return t.length >= 3 ? t : t.padEnd(3, '.');
}

export function weightKg(grams: number): number {
  return Math.max(0.5, Math.round(grams) / 1000);
}

export function bookingBody(req: BookingRequest, creds: CourierCredentials, phone: string, shipperPhone: string, accesstoken: string) {
  const kg = weightKg(req.weightGrams);
  return {
    accesstoken,
    consignmentno: '',
    shipperinfo: {
      tcsaccount: creds.tcs_account_id ?? '',
      shippername: atLeast3(creds.shipper_name ?? ''),
      address1: atLeast3(creds.shipper_address ?? ''),
      countrycode: 'PK',
      countryname: 'Pakistan',
      cityname: creds.shipper_city ?? '',
      mobile: shipperPhone,
    },
    consigneeinfo: {
      firstname: atLeast3(req.consignee.name),
      middlename: '',
      lastname: '',
      address1: req.consignee.address,
      countrycode: 'PK',
      countryname: 'Pakistan',
      cityname: req.destinationCity,
      email: req.consignee.email ?? '',
      mobile: phone,
    },
    vendorinfo: {},
    shipmentinfo: {
      costcentercode: creds.cost_center_code ?? '',
      referenceno: req.reference,
      contentdesc: req.productsDescription,
      servicecode: 'O',
      currency: 'PKR',
      codamount: Math.round(req.codAmount),
      weightinkg: kg,
      pieces: req.pieces,
      fragile: false,
      remarks: req.remarks ?? '',
      skus: [{ description: req.productsDescription, quantity: req.pieces, weight: kg, uom: 'KG', unitprice: Math.round(req.codAmount) }],
    },
  };
}

export function readCities(body: unknown): CitiesResult {
  const parsed = parseBody('TCS', z.object({ message: z.string().nullish(), data: z.array(z.object({ citycode: z.string(), cityname: z.string() }).loose()).nullish() }).loose(), body, 'city list');
  if (!parsed.data) return { ok: false, messages: messagesOf(parsed.message, 'TCS refused the city list') };
  // Bookings need `cityname`; the 3-letter code is optional, so the name is the key.
  return { ok: true, cities: parsed.data.map((c) => ({ key: c.cityname.trim(), name: c.cityname.trim() })) };
}

export function readBooking(status: number, body: unknown): BookingResult {
  const parsed = parseBody('TCS', z.object({
    consignmentNo: z.union([z.string(), z.number()]).nullish(),
    consignmentno: z.union([z.string(), z.number()]).nullish(),
    error: z.array(z.object({ errorname: z.string() }).loose()).nullish(),
    message: z.string().nullish(),
  }).loose(), body, 'booking');
  const cn = parsed.consignmentNo ?? parsed.consignmentno;
  if (status < 300 && cn != null && String(cn).trim() !== '') return { ok: true, trackingNumber: String(cn).trim() };
  const messages = parsed.error?.map((e) => e.errorname.trim()).filter(Boolean) ?? [];
  return { ok: false, messages: messages.length > 0 ? messages : messagesOf(parsed.message, 'TCS refused the booking') };
}

export function readCancel(body: unknown): CancelResult {
  const parsed = parseBody('TCS', z.object({ message: z.string().nullish() }).loose(), body, 'cancel');
  if (normaliseStatusText(parsed.message ?? '') === 'success') return { kind: 'cancelled' };
  return { kind: 'refused', messages: messagesOf(parsed.message, 'TCS refused to cancel') };
}

const Checkpoint = z.object({ datetime: z.string().nullish(), status: z.string().nullish(), recievedby: z.string().nullish() }).loose();
const Delivery = Checkpoint.extend({ code: z.string().nullish(), station: z.string().nullish() });
const Track = z.object({
  message: z.string().nullish(),
  checkpoints: z.array(Checkpoint).nullish(),
  deliveryinfo: z.array(Delivery).nullish(),
  shipmentsummary: z.string().nullish(),
  shipmentinfo: z.array(z.object({ referenceno: z.string().nullish() }).loose()).nullish(),
}).loose();

/** Several checkpoints can share the newest minute; the most significant one is the current status. */
function significance(text: string): number {
  const verdict = classifyStatus(TCS_STATUS, text);
  if (verdict.status === 'DELIVERED' || verdict.status === 'RTS' || verdict.status === 'CANCELLED') return 4;
  const norm = normaliseStatusText(text);
  if (/attempt|refused|not available|undelivered/.test(norm)) return 3;
  if (norm.includes('out for delivery')) return 2;
  return 1;
}

export function readTracking(trackingNumber: string, body: unknown): TrackingResult {
  const parsed = parseBody('TCS', Track, body, 'tracking');
  // FAIL is also what a freshly booked CN gives before its first scan: no change, not an error.
  if (normaliseStatusText(parsed.message ?? '') !== 'success') return notFound(trackingNumber);
  const events: TrackingEvent[] = (parsed.checkpoints ?? []).flatMap((c) => {
    const at = parsePkDateTime(c.datetime);
    const status = c.status?.trim();
    if (!at || !status) return [];
    return [{ status, message: c.recievedby?.trim() ? `${status} - Received by ${c.recievedby.trim()}` : status, at }];
  });
  const newestAt = events.reduce((max, e) => (e.at > max ? e.at : max), '');
  const current = events.filter((e) => e.at === newestAt).sort((a, b) => significance(b.status) - significance(a.status))[0];
  const summary = /current status:\s*([^\n]+)/i.exec(parsed.shipmentsummary ?? '')?.[1]?.trim();
  const raw = current?.status ?? summary ?? null;
  const reference = parsed.shipmentinfo?.[0]?.referenceno?.trim();
  const result = { ...trackingResult(TCS_STATUS, trackingNumber, raw, events), ...(reference ? { reference } : {}) };
  if (result.status !== null) return result;
  // Unknown checkpoint text: fall back to the delivery code, which TCS keeps to a short fixed list.
  const code = parsed.deliveryinfo?.[0]?.code;
  const byCode = classifyStatus(TCS_CODES, code);
  return byCode.status ? { ...result, status: byCode.status, returning: byCode.returning } : result;
}

export function readLabelFailure(body: unknown): { url?: string; messages: string[] } {
  const parsed = parseBody('TCS', z.object({ message: z.string().nullish(), url: z.string().nullish() }).loose(), body, 'label');
  return { ...(parsed.url ? { url: parsed.url } : {}), messages: messagesOf(parsed.message, 'TCS did not return the label') };
}
