/**
 * The one courier interface (STYLE.md §5). The domain books, tracks and cancels through this port and
 * never branches on which courier it talks to: differences live in the adapters and are exposed as data
 * (`capabilities`, `{ kind: 'unsupported' }`), never as crashes.
 */

import type { CourierId, CredentialKey } from '@dakiya/shared';

export { COURIER_IDS, type CourierId } from '@dakiya/shared';

/** The order statuses a courier status can move an order to. */
export const NORMALISED_STATUSES = ['FULFILLED', 'INPROCESS', 'DELIVERED', 'CANCELLED', 'RTS'] as const;
export type NormalisedStatus = (typeof NORMALISED_STATUSES)[number];

/**
 * What the product stores per tracking account: the fields of the courier's definition (shared/src/couriers),
 * plus what an adapter may learn and keep (M&P's location ids).
 */
export interface CourierCredentials extends Partial<Record<CredentialKey, string>> {
  /** M&P pickup location (`locationID`); looked up with Locations/Get_locations when absent. */
  location_id?: string;
  /** M&P numeric `ReturnLocation`; defaults to the pickup location. */
  return_location?: string;
  /** M&P numeric `subAccountId`; defaults to 0. */
  sub_account_id?: string;
}

export interface BookingRequest {
  /**
   * Our reference of the booking: the order names and the attempt's own code ("#1001-K7Q2MX",
   * "#1001,#1002-K7Q2MX" for a merge), unique across every store that may share the courier account and
   * every attempt, and still readable on the airway bill. The courier keeps it; where it can, it finds
   * the booking by it.
   */
  reference: string;
  consignee: {
    name: string;
    phone: string;
    phone2?: string;
    phone3?: string;
    email?: string;
    address: string;
  };
  /** The courier's own city key from `listCities()` (Leopards id, TCS code, PostEx/M&P name). */
  destinationCity: string;
  pieces: number;
  /** Grams. Each adapter converts to the courier's unit. */
  weightGrams: number;
  /** Cash to collect in PKR; 0 = prepaid. */
  codAmount: number;
  productsDescription: string;
  remarks?: string;
  shippingType: 'overnight';
}

export type BookingResult =
  | { ok: true; trackingNumber: string; labelUrl?: string }
  | {
      ok: false;
      messages: string[];
      /** The courier's own words, when `messages` says them in plain words (the adapters' message table). */
      raw?: string[];
      /**
       * Only in `bookBatch` answers (where one outage must not hide the other rows' results): the courier
       * was unavailable for this row. `ambiguous` = the booking may exist; do not re-send it blindly.
       */
      unavailable?: { ambiguous: boolean };
    };

export interface TrackingEvent {
  /** The courier's status text for this scan, as sent. */
  status: string;
  /** Extra human text (reason, receiver, narration); may equal `status`. */
  message: string;
  /** ISO 8601, UTC. Couriers send Pakistan local time; adapters convert. */
  at: string;
  location?: string;
}

export interface TrackingResult {
  trackingNumber: string;
  /** False when the courier has no record (or, for TCS, no scan yet). Not an error. */
  found: boolean;
  /** Null when the courier's status is unknown to us: unknown strings never move an order. */
  status: NormalisedStatus | null;
  /** True while a return leg is still moving (status stays INPROCESS until RTS). */
  returning: boolean;
  /** The courier's current status text, verbatim. */
  rawStatus: string | null;
  /** Oldest first. */
  events: TrackingEvent[];
  deliveredAt?: string;
  returnedAt?: string;
  /** The reference the parcel was booked with, where the tracking answer carries it (TCS, M&P). */
  reference?: string;
}

export interface CourierCity {
  /** What goes into `BookingRequest.destinationCity`. */
  key: string;
  name: string;
}

export type Unsupported = { kind: 'unsupported' };
/** A business "no" from the courier, as plain messages a person can read. */
export type Refused = { kind: 'refused'; messages: string[]; raw?: string[] };

export type CredentialCheck = { ok: true } | { ok: false; messages: string[] };
export type CitiesResult = { ok: true; cities: CourierCity[] } | { ok: false; messages: string[] };
/** `already`: the courier refused because the parcel was cancelled before (a first try whose answer was lost). */
export type CancelResult = { kind: 'cancelled'; already?: true } | Refused | Unsupported;
export type LabelResult =
  | { kind: 'pdf'; contentType: string; bytes: Uint8Array }
  | { kind: 'url'; url: string }
  | Refused
  | Unsupported;
export type LoadSheetResult = { kind: 'pdf'; contentType: string; bytes: Uint8Array } | Refused | Unsupported;
export type ReferenceLookup = { kind: 'found'; trackingNumber: string } | { kind: 'not-found' } | Unsupported;

/**
 * What a parcel found by our reference must match to be the one we booked: the reference, the
 * consignee's phone and the COD. An account may be shared by several stores (each numbers its orders
 * from #1001) and an old reference may name another order: a parcel that differs in any of them is not ours.
 */
export interface ReferenceMatch {
  reference: string;
  /** The consignee's phone as booked (03XXXXXXXXX). */
  phone: string;
  /** Rupees; compared in whole rupees, as couriers keep it. */
  codAmount: number;
}

export interface CourierCapabilities {
  /** 'native' = one courier call books many; 'looped' = one call per order. */
  bookBatch: 'native' | 'looped';
  cancel: boolean;
  /** 'url-at-booking': the label link comes back in `BookingResult.labelUrl` only. */
  label: 'pdf' | 'url-at-booking' | 'none';
  /** Most parcels one label call takes (PostEx 10, TCS and a Leopards slip one); 0 where there is no label. */
  labelBatchSize: number;
  loadSheet: boolean;
  /** The courier can find a booking by our reference (used after an ambiguous booking); the courier definition's `findByReference`. */
  findByReference: boolean;
  /** Most tracking numbers one courier tracking call accepts. */
  trackBatchSize: number;
}

export interface CourierAdapter {
  readonly courier: CourierId;
  readonly capabilities: CourierCapabilities;
  checkCredentials(): Promise<CredentialCheck>;
  listCities(): Promise<CitiesResult>;
  /**
   * Never retried: if the response is lost the booking may exist. The adapter then throws
   * `CourierUnavailableError` with `ambiguous: true`; the caller resolves it with `findByReference`
   * where the courier allows, or asks a person, instead of booking again.
   */
  book(request: BookingRequest): Promise<BookingResult>;
  /**
   * Several bookings in one go (the courier's batch endpoint, or one call each); not the bulk route,
   * which books each order on its own, exactly once. Results in input order. Never throws
   * `CourierUnavailableError`: rows hit by an outage come back with `unavailable`, so rows already
   * booked are never lost (and never re-booked).
   */
  bookBatch(requests: BookingRequest[]): Promise<BookingResult[]>;
  /** Results in input order, one per tracking number; batched the way the courier allows. */
  track(trackingNumbers: string[]): Promise<TrackingResult[]>;
  cancel(trackingNumber: string): Promise<CancelResult>;
  /**
   * The courier's own label of these parcels, as one PDF. `labelUrls` are the links the booking answers gave,
   * in the same order ('url-at-booking' couriers: a parcel booked without one has no label of its own).
   */
  label(trackingNumbers: string[], labelUrls?: string[]): Promise<LabelResult>;
  loadSheet(trackingNumbers: string[]): Promise<LoadSheetResult>;
  /** The parcel this account booked with `match.reference` for this consignee and COD, newest first; never another's. */
  findByReference(match: ReferenceMatch): Promise<ReferenceLookup>;
}

/** 'auth': the courier refused our credentials on a call whose answer has no place for a refusal (tracking). */
export type UnavailableReason = 'timeout' | 'network' | 'http' | 'unparseable' | 'auth';

/**
 * The courier could not be reached or answered with something we cannot read. Business rejections are
 * never thrown; they come back as data. The message never contains credentials or query strings.
 */
export class CourierUnavailableError extends Error {
  override readonly name = 'CourierUnavailableError';
  constructor(
    readonly courier: CourierId,
    readonly reason: UnavailableReason,
    message: string,
    readonly details: {
      httpStatus?: number;
      /** The request may have been carried out (a booking whose answer was lost). */
      ambiguous?: boolean;
    } = {},
  ) {
    super(message);
  }

  get ambiguous(): boolean {
    return this.details.ambiguous === true;
  }
}

export function isCourierUnavailable(error: unknown): error is CourierUnavailableError {
  return error instanceof CourierUnavailableError;
}
