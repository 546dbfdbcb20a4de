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
import type { ParcelFacts } from '../reference-match';

/** Leopards (LCS) eCom Merchant API V2: pure request building and response reading. */

// `status` arrives as 1, "1", 0 or "0"; `error` as 0, "0", "", "null", a string or an object.
const Envelope = z.object({ status: z.union([z.number(), z.string()]), error: z.unknown().optional() }).loose();

export const LEOPARD_STATUS = statusTable(
  {
    FULFILLED: ['Pickup Request not Send', 'Pickup Request Sent'],
    INPROCESS: [
      'Drop Off at Express Center',
      'Shipment Picked',
      // Leopards defines it as "scanned in LCS facility": the parcel is already with the courier.
      'Consignment Booked',
      'Dispatched',
      'Arrived at Station',
      'Missroute',
      'Assign to Courier',
      'Pending',
      'In Transit',
      'Undelivered',
      'Ready for Return',
      'Being Return',
    ],
    DELIVERED: ['Delivered'],
    CANCELLED: ['Cancelled', '48 Hours Auto Canceled'],
    RTS: ['Returned to shipper'],
  },
  ['Ready for Return', 'Being Return'],
);

/** Push API short codes; DW/DR are ambiguous (integrators disagree) and stay unknown. */
export const LEOPARD_PUSH_CODES = statusTable(
  {
    FULFILLED: [],
    INPROCESS: ['SP', 'RC', 'DP', 'AR', 'AC', 'PN1', 'PN2', 'NR', 'RO', 'RN1', 'RN2'],
    DELIVERED: ['DV'],
    CANCELLED: [],
    RTS: ['RS', 'RW'],
  },
  ['NR', 'RO', 'RN1', 'RN2'],
);

export function isOk(body: { status: number | string }): boolean {
  return truthy(body.status);
}

export function readEnvelope(body: unknown, what: string) {
  return parseBody('LEOPARD', Envelope, body, what);
}

export function bookPacketBody(req: BookingRequest, creds: CourierCredentials, phone: string) {
  return {
    // Grams, integer: sending kilograms silently books a 1–2 g parcel.
    booked_packet_weight: Math.max(1, Math.round(req.weightGrams)),
    booked_packet_no_piece: req.pieces,
    booked_packet_collect_amount: Math.round(req.codAmount),
    booked_packet_order_id: req.reference,
    origin_city: 'self',
    destination_city: /^\d+$/.test(req.destinationCity) ? Number(req.destinationCity) : req.destinationCity,
    shipment_name_eng: creds.shipper_name || 'self',
    shipment_email: 'self',
    shipment_phone: creds.shipper_mobile || 'self',
    shipment_address: creds.shipper_address || 'self',
    consignment_name_eng: req.consignee.name,
    consignment_email: req.consignee.email ?? '',
    consignment_phone: phone,
    consignment_phone_two: req.consignee.phone2 ?? '',
    consignment_phone_three: req.consignee.phone3 ?? '',
    consignment_address: req.consignee.address,
    // Required by Leopards even when there is nothing special to say.
    special_instructions: [req.remarks?.trim(), req.productsDescription.trim()].filter(Boolean).join(' | ') || 'None',
    shipment_type: req.shippingType,
  };
}

export function readCities(body: unknown): CitiesResult {
  const env = readEnvelope(body, 'city list');
  if (!isOk(env)) return { ok: false, messages: messagesOf(env.error, 'Leopards refused the city list') };
  const list = parseBody(
    'LEOPARD',
    z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string(), allow_as_destination: z.unknown().optional() }).loose()),
    env.city_list ?? env.data,
    'city list',
  );
  return {
    ok: true,
    cities: list
      .filter((c) => c.allow_as_destination === undefined || truthy(c.allow_as_destination))
      .map((c) => ({ key: String(c.id), name: c.name.trim() })),
  };
}

export function readBooking(body: unknown): BookingResult {
  const env = readEnvelope(body, 'booking');
  if (!isOk(env)) return { ok: false, messages: messagesOf(env.error, 'Leopards refused the booking') };
  const ok = parseBody('LEOPARD', z.object({ track_number: z.union([z.string(), z.number()]), slip_link: z.string().nullish() }).loose(), env, 'booking');
  return { ok: true, trackingNumber: String(ok.track_number), ...(ok.slip_link ? { labelUrl: ok.slip_link } : {}) };
}

/** All-or-nothing: on failure `error` is keyed "bookPacket - <index>"; each row gets its own messages. */
export function readBatchBooking(body: unknown, count: number): BookingResult[] {
  const env = readEnvelope(body, 'batch booking');
  if (!isOk(env)) {
    const errors = env.error && typeof env.error === 'object' ? (env.error as Record<string, unknown>) : undefined;
    return Array.from({ length: count }, (_, i) => {
      const own = errors?.[`bookPacket - ${i}`];
      if (own !== undefined) return { ok: false, messages: messagesOf(own, 'Leopards refused this packet') };
      return {
        ok: false,
        messages: errors ? ['Not booked: another packet in the same batch was refused'] : messagesOf(env.error, 'Leopards refused the batch'),
      };
    });
  }
  const rows = parseBody(
    'LEOPARD',
    z.array(z.object({ track_number: z.union([z.string(), z.number()]), slip_link: z.string().nullish() }).loose()).length(count),
    env.data,
    'batch booking',
  );
  return rows.map((r) => ({ ok: true, trackingNumber: String(r.track_number), ...(r.slip_link ? { labelUrl: r.slip_link } : {}) }));
}

const Detail = z.record(z.string(), z.unknown());
const Packet = z.object({ track_number: z.union([z.string(), z.number()]), booked_packet_status: z.string().nullish() }).loose();

function str(record: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const v = record[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return undefined;
}

/** The doc's samples disagree on event keys (`Staus`, `Reciever Name`, `Activity_datetime` …): read them all. */
export function readEvent(detail: Record<string, unknown>): TrackingEvent | undefined {
  const status = str(detail, 'Status', 'Staus', 'status');
  const when =
    str(detail, 'Activity_datetime', 'Activity_DateTime') ??
    [str(detail, 'Activity_Date', 'Activity Date'), str(detail, 'Activity_Time', 'Activity Time')].filter(Boolean).join(' ');
  const at = parsePkDateTime(when, 'dmy');
  if (!status || !at) return undefined;
  const reason = str(detail, 'Reason', 'reason');
  const receiver = str(detail, 'Reciever_Name', 'Reciever Name', 'Receiver_Name', 'Receiver Name');
  return { status, message: [status, receiver && `Received by ${receiver}`, reason].filter(Boolean).join(' - '), at };
}

export function readTracking(body: unknown, asked: string[]): TrackingResult[] {
  const env = readEnvelope(body, 'tracking');
  // Leopards answers status 0 when none of the numbers is known (and when the credentials are wrong).
  if (!isOk(env)) {
    if (isCredentialRefusal(env.error)) throw credentialRefusal('LEOPARD', 'tracking');
    return asked.map(notFound);
  }
  const packets = parseBody('LEOPARD', z.array(Packet), env.packet_list ?? [], 'tracking');
  const byNumber = new Map(packets.map((p) => [String(p.track_number).trim(), p]));
  return asked.map((tn) => {
    const packet = byNumber.get(tn);
    if (!packet) return notFound(tn);
    const details = parseBody('LEOPARD', z.array(Detail).nullish(), packet['Tracking Detail'], 'tracking detail') ?? [];
    const events = details.map(readEvent).filter((e): e is TrackingEvent => e !== undefined);
    return trackingResult(LEOPARD_STATUS, tn, packet.booked_packet_status?.trim() || null, events);
  });
}

export function readCancel(body: unknown): CancelResult {
  const env = readEnvelope(body, 'cancel');
  if (isOk(env)) return { kind: 'cancelled' };
  return { kind: 'refused', messages: messagesOf(env.error, 'Leopards refused to cancel') };
}

/** `getShipmentDetailsByOrderID`: every CN the account booked under the asked order ids (the doc's rows carry `track_number`). */
export function readOrderLookup(body: unknown): string[] {
  const env = readEnvelope(body, 'order lookup');
  if (!isOk(env)) return [];
  const rows = parseBody('LEOPARD', z.array(z.record(z.string(), z.unknown())).nullish(), env.data, 'order lookup') ?? [];
  return rows.flatMap((row) => {
    const cn = row.track_number ?? row.tracking_number;
    return typeof cn === 'string' || typeof cn === 'number' ? [String(cn)] : [];
  });
}

/**
 * The packets `trackBookedPacket` answers, as a lookup by reference compares them: the order id they were
 * booked under, the consignee's phone and the COD (the doc's keys). Unknown numbers are simply absent.
 */
export function readPacketFacts(body: unknown): (ParcelFacts & { trackingNumber: string })[] {
  const env = readEnvelope(body, 'tracking');
  if (!isOk(env)) {
    if (isCredentialRefusal(env.error)) throw credentialRefusal('LEOPARD', 'tracking');
    return [];
  }
  const packets = parseBody('LEOPARD', z.array(Packet), env.packet_list ?? [], 'tracking');
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  return packets.map((p) => ({
    trackingNumber: String(p.track_number).trim(),
    reference: text(p.booked_packet_order_id),
    phone: text(p.consignment_phone),
    cod: text(p.booked_packet_collect_amount),
  }));
}
