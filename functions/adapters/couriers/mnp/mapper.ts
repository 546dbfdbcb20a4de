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
import { credentialRefusal, isCredentialRefusal, messagesOf, parseBody, truthy } from '../parse';
import { parsePkDateTime } from '../pk-time';
import { statusTable } from '../status-text';
import { notFound, trackingResult } from '../tracking';

/** M&P (mycodapi + tracking host): pure request building and response reading. */

export const MNP_STATUS = statusTable(
  {
    FULFILLED: ['Booked', 'Order Created'],
    INPROCESS: [
      'Pickup',
      'Picked From Shipper Facility',
      'Arrived at Origin',
      'Arrived at OPS Facility',
      'In-transit',
      'In Transit',
      'Forward - In Transit',
      'Reached at Destination',
      'Out for Delivery',
      'Unsuccessful Delivery Attempt',
      'Undelivered',
      'Attempt',
      'Hold for Advice',
      'Hold for Advice - On NCI',
      'Re-Attempt',
      'Re-Attempt (Advice)',
      'Return - In Transit',
      'Return - Reached at Origin',
      'Return - Out for Delivery',
      'Return - Attempt',
      'Unsuccessful Return Attempt',
      'Failed Delivered',
    ],
    DELIVERED: ['Delivered'],
    CANCELLED: ['Void', 'Voided', 'Cancelled'],
    RTS: ['Return to Vendor/Return to Shipper', 'Return to Vendor', 'Return to Shipper'],
  },
  ['Return - In Transit', 'Return - Reached at Origin', 'Return - Out for Delivery', 'Return - Attempt', 'Unsuccessful Return Attempt', 'Failed Delivered'],
);

// Every answer is an array with one object; `isSuccess` is "true"/"false", a boolean, or misspelt `isSucces`.
const Item = z.object({ isSuccess: z.unknown().optional(), isSucces: z.unknown().optional(), message: z.string().nullish() }).loose();
export type MnpItem = z.infer<typeof Item>;

export function firstItem(body: unknown, what: string): MnpItem {
  const parsed = parseBody('MNP', z.union([z.array(Item).min(1), Item]), body, what);
  return Array.isArray(parsed) ? parsed[0]! : parsed;
}

export function isOk(item: MnpItem): boolean {
  return truthy(item.isSuccess ?? item.isSucces);
}

/** What the booking calls need beyond the request, resolved from the account (see adapter). */
export interface MnpAccount {
  locationId: string;
  returnLocation: number;
  subAccountId: number;
}

function consignmentFields(req: BookingRequest, creds: CourierCredentials, account: MnpAccount, phone: string) {
  return {
    consigneeName: req.consignee.name.slice(0, 50),
    consigneeAddress: req.consignee.address.slice(0, 255),
    consigneeMobNo: phone,
    // M&P wants the key present even when empty.
    consigneeEmail: req.consignee.email ?? '',
    destinationCityName: req.destinationCity,
    pieces: req.pieces,
    // Kilograms.
    weight: Math.max(0.001, Math.round(req.weightGrams) / 1000),
    codAmount: req.codAmount,
    custRefNo: req.reference.slice(0, 50),
    productDetails: req.productsDescription,
    fragile: 'NO',
    service: 'Overnight',
    remarks: req.remarks ?? '',
    insuranceValue: '0',
    locationID: account.locationId,
    AccountNo: creds.account_no ?? '',
    // An integer: a string here reportedly makes M&P ignore ReturnLocation.
    InsertType: 19,
    ReturnLocation: account.returnLocation,
    subAccountId: account.subAccountId,
  };
}

export function bookingBody(req: BookingRequest, creds: CourierCredentials, account: MnpAccount, phone: string) {
  return { username: creds.username ?? '', password: creds.api_password ?? '', ...consignmentFields(req, creds, account, phone) };
}

export function bulkBookingBody(rows: { req: BookingRequest; phone: string }[], creds: CourierCredentials, account: MnpAccount) {
  return {
    username: creds.username ?? '',
    password: creds.api_password ?? '',
    locationID: account.locationId,
    InsertType: 19,
    AccountNo: creds.account_no ?? '',
    BulkConsignmentList: rows.map((r, i) => ({ id: i + 1, ...consignmentFields(r.req, creds, account, r.phone) })),
  };
}

export function readCities(body: unknown): CitiesResult {
  const item = firstItem(body, 'city list');
  const list = parseBody('MNP', z.array(z.string()).nullish(), item.City, 'city list');
  if (!list) return { ok: false, messages: messagesOf(item.message, 'M&P refused the city list') };
  // Names come upper-case, some with trailing spaces; M&P matches them case-insensitively.
  const names = [...new Set(list.map((n) => n.trim()).filter(Boolean))];
  return { ok: true, cities: names.map((n) => ({ key: n, name: n })) };
}

export function readLocations(body: unknown): { ok: true; locationIds: string[] } | { ok: false; messages: string[] } {
  const item = firstItem(body, 'locations');
  const list = parseBody('MNP', z.array(z.object({ locationID: z.union([z.string(), z.number()]) }).loose()).nullish(), item.locationList, 'locations');
  if (!list || (!isOk(item) && list.length === 0)) return { ok: false, messages: messagesOf(item.message, 'M&P refused the locations list') };
  return { ok: true, locationIds: list.map((l) => String(l.locationID)) };
}

export function readBooking(body: unknown): BookingResult {
  const item = firstItem(body, 'booking');
  const cn = typeof item.orderReferenceId === 'string' || typeof item.orderReferenceId === 'number' ? String(item.orderReferenceId).trim() : '';
  if (isOk(item) && cn !== '') return { ok: true, trackingNumber: cn };
  return { ok: false, messages: messagesOf(item.message, 'M&P refused the booking') };
}

/** On success a row's `message` is the CN itself. */
export function readBulkBooking(body: unknown, refs: string[]): BookingResult[] {
  const item = firstItem(body, 'bulk booking');
  const rows = parseBody(
    'MNP',
    z.array(z.object({ orderRefNum: z.union([z.string(), z.number()]).nullish(), success: z.unknown(), message: z.string().nullish() }).loose()).nullish(),
    item.orderReferenceIdList,
    'bulk booking',
  );
  if (!rows) return refs.map(() => ({ ok: false, messages: messagesOf(item.message, 'M&P refused the bookings') }));
  return refs.map((ref, i) => {
    const row = rows[i] && String(rows[i]!.orderRefNum ?? '') === ref ? rows[i] : rows.find((r) => String(r.orderRefNum ?? '') === ref);
    if (!row) return { ok: false, messages: ['M&P gave no answer for this order'] };
    const message = row.message?.trim() ?? '';
    if (truthy(row.success) && /^\d{6,}$/.test(message)) return { ok: true, trackingNumber: message };
    return { ok: false, messages: messagesOf(message, 'M&P refused this booking') };
  });
}

export function readCancel(body: unknown): CancelResult {
  const item = firstItem(body, 'void');
  const rows = parseBody('MNP', z.array(z.object({ success: z.unknown(), message: z.string().nullish() }).loose()).nullish(), item.orderReferenceIdList, 'void');
  const rowOk = !rows || rows.length === 0 || rows.every((r) => truthy(r.success));
  if (isOk(item) && rowOk) return { kind: 'cancelled' };
  return { kind: 'refused', messages: messagesOf([item.message, rows?.map((r) => r.message)], 'M&P refused to void the consignment') };
}

const Scan = z.object({
  TrackingTagID: z.union([z.string(), z.number()]).nullish(),
  TransactionTime: z.string().nullish(),
  Location: z.string().nullish(),
  TrackingStatus: z.string().nullish(),
  TrackingNarration: z.string().nullish(),
}).loose();
const Detail = z.object({
  ConsignmentNumber: z.union([z.string(), z.number()]).nullish(), OrderId: z.union([z.string(), z.number()]).nullish(), CNTrackingDetail: z.array(Scan).nullish(),
}).loose();

/** Scan order is not reliable: sort by numeric tag id, then time. */
function readDetail(tn: string, detail: z.infer<typeof Detail>): TrackingResult {
  const scans = [...(detail.CNTrackingDetail ?? [])].sort((a, b) => {
    const byTag = Number(a.TrackingTagID ?? 0) - Number(b.TrackingTagID ?? 0);
    return byTag !== 0 ? byTag : (parsePkDateTime(a.TransactionTime, 'mdy') ?? '').localeCompare(parsePkDateTime(b.TransactionTime, 'mdy') ?? '');
  });
  const events: TrackingEvent[] = scans.flatMap((s) => {
    const at = parsePkDateTime(s.TransactionTime, 'mdy');
    const status = s.TrackingStatus?.trim();
    if (!at || !status) return [];
    const narration = s.TrackingNarration?.trim();
    return [{ status, message: narration || status, at, ...(s.Location?.trim() ? { location: s.Location.trim() } : {}) }];
  });
  const raw = scans.at(-1)?.TrackingStatus?.trim() || null;
  // OrderId is the custRefNo the parcel was booked with
  const reference = String(detail.OrderId ?? '').trim();
  return { ...trackingResult(MNP_STATUS, tn, raw, events), ...(reference ? { reference } : {}) };
}

export function readTracking(body: unknown, asked: string[]): TrackingResult[] {
  const item = firstItem(body, 'tracking');
  if (!isOk(item) && isCredentialRefusal(item.message)) throw credentialRefusal('MNP', 'tracking');
  const details = parseBody('MNP', z.array(Detail).nullish(), item.tracking_Details, 'tracking') ?? [];
  const byNumber = new Map(details.map((d) => [String(d.ConsignmentNumber ?? '').trim(), d]));
  return asked.map((tn) => {
    const detail = byNumber.get(tn) ?? (asked.length === 1 && details.length === 1 ? details[0] : undefined);
    return detail ? readDetail(tn, detail) : notFound(tn);
  });
}
