import type { BookingAttention, BookingStatus, CourierId, LineItemView, PaymentStatus } from '@dakiya/shared';
import type { UsageReservation } from './usage';

/** One booking: one tracking number, covering one Shopify order or several merged (tag MERGED). */
export interface BookingRecord {
  shopId: string;
  trackingNumber: string;
  bookingId: string;
  orderIds: string[];
  orderNames: string[];
  tag: string;
  accountId: string;
  accountName: string;
  company: CourierId;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  bookedAt: string;
  bookedDay: string;
  bookedBy: string;
  bookedByTag: string;
  lastStatusAt: string;
  consignee: { name: string; email?: string; phone: string; phone2?: string; phone3?: string; address: string };
  destinationCity: string;
  cod: number;
  weight: number;
  pieces: number;
  productsList: string;
  remarks: string;
  lineItems: LineItemView[];
  fulfillments: { orderId: string; fulfillmentId: string }[];
  attention: BookingAttention[];
  deliveredAt?: string;
  cancelledAt?: string;
  /** The courier's own status text as last read (the tracking modal's current courier status). */
  courierStatus?: string;
}

/** One courier scan of a parcel, as its timeline keeps it. */
export interface TimelineEvent {
  at: string;
  /** The courier's status text (or BOOKED, Dakiya's own first event). */
  status: string;
  message: string;
  location?: string;
}

/**
 * The order's claim, which is also its pointer to its live booking: `booking` while an attempt is
 * under way, `booked` with the tracking number once saved, `free` after a cancel (or a refusal).
 * `attempt` counts the attempts ever made, so a cancelled order is booked again as a new attempt.
 */
export interface OrderClaim {
  orderId: string;
  state: 'booking' | 'booked' | 'free';
  attempt: number;
  attemptId?: string;
  trackingNumber?: string;
}

/** Saved is not a stage: the orders' claims say `booked` once the booking is written. */
export type AttemptStage = 'claimed' | 'calling' | 'courier-booked' | 'released';

/** What the courier was sent, kept so a resumed attempt saves exactly what was booked. */
export interface BookingPlan extends Pick<BookingRecord,
  'accountId' | 'orderIds' | 'orderNames' | 'consignee' | 'destinationCity' | 'cod' | 'weight' | 'pieces' | 'productsList' | 'remarks'> {
  /** What the courier keeps to find the booking again (BookingRequest.reference). */
  reference: string;
  /** The courier's own key of the destination city (the record keeps the city as a person reads it). */
  destinationKey: string;
}

/** The progress of one attempt to book a set of orders: a retry resumes from its stage. */
export interface BookingAttempt {
  attemptId: string;
  shopId: string;
  orderIds: string[];
  /** Per order, the attempt number this attempt is for that order. */
  attempts: Record<string, number>;
  stage: AttemptStage;
  userId: string;
  createdAt: string;
  /** Epoch ms; another request may take the attempt over only after it. */
  leaseUntil: number;
  plan?: BookingPlan;
  reservations?: UsageReservation[];
  trackingNumber?: string;
}

export interface DayCounterKey {
  day: string;
  dimension: 'status' | 'account' | 'city' | 'by' | 'payment';
  value: string;
}

/** One order of a bulk booking and its outcome (BulkRow on the wire). */
export type BulkRowReason = 'plan_limit' | 'not_found';

export interface BulkRowRecord {
  bulkId: string;
  index: number;
  orderId: string;
  orderName: string;
  accountId: string;
  state: 'queued' | 'booked' | 'failed' | 'check';
  trackingNumber?: string;
  message?: string;
  /** Why a failed row failed, when the web acts on it: `plan_limit` links to Plans, `not_found` offers nothing to book. */
  reason?: BulkRowReason;
  createdAt: string;
  updatedAt?: string;
  /** TTL: results stay a month. */
  expiresAt: number;
}

/** The attempt ledger: which attempt holds each order (its claim), and how far each attempt got. */
export interface AttemptLedger {
  /** The orders' claims, read consistently; an order never claimed is absent. */
  claims(shopId: string, orderIds: string[]): Promise<Map<string, OrderClaim>>;
  /**
   * Claims every order for a new attempt and writes the attempt, all or nothing: each order must be
   * unclaimed, or free at the attempt count `seen`. False when another booking got there first.
   */
  start(attempt: BookingAttempt, seen: Map<string, OrderClaim>, nowMs: number): Promise<boolean>;
  get(shopId: string, attemptId: string): Promise<BookingAttempt | undefined>;
  /** Takes over an attempt whose lease ran out (its request died or gave up); undefined while it is held. */
  takeOver(shopId: string, attemptId: string, nowMs: number, leaseUntil: number): Promise<BookingAttempt | undefined>;
  /** Records a step of the attempt, only while this request holds its lease (`leaseUntil` is the holder's). */
  advance(shopId: string, attemptId: string, leaseUntil: number, patch: Partial<BookingAttempt>): Promise<void>;
  /** Lets a retry take the attempt over at once (this request stopped with the attempt's state recorded). */
  releaseLease(shopId: string, attemptId: string, leaseUntil: number): Promise<void>;
  /** The attempt ended without a booking (refused, over the limit): its orders are free to book again. */
  abandon(attempt: BookingAttempt, nowMs: number): Promise<void>;
  /** The booking is saved: the attempt's orders' claims say `booked` with its tracking number. */
  markBooked(attempt: BookingAttempt, trackingNumber: string, nowMs: number): Promise<void>;
  /** A cancelled booking's orders go free, so they can be booked again as a new attempt. */
  freeOrders(booking: Pick<BookingRecord, 'shopId' | 'orderIds' | 'trackingNumber'>, nowMs: number): Promise<void>;
}

/** The fields of a booking its day counters count by. */
export type CountedBooking = Pick<BookingRecord, 'bookedDay' | 'status' | 'accountId' | 'destinationCity' | 'bookedBy' | 'paymentStatus'>;

/** Bookings, one per tracking number, with the pointers that find one and its courier timeline. */
export interface BookingRepo {
  /**
   * The booking's own conditional write, then its pointers and its first timeline event (idempotent,
   * so a resumed attempt may write them again), with `alongside` run beside them when this call
   * created the booking. False when the booking existed already (a resumed attempt had saved it).
   */
  save(record: BookingRecord, alongside?: () => Promise<void>): Promise<boolean>;
  get(shopId: string, trackingNumber: string): Promise<BookingRecord | undefined>;
  /** The tracking number of a booking's own id (`delete-order` names a booking by it). */
  trackingNumberOf(shopId: string, bookingId: string): Promise<string | undefined>;
  /** The courier cancelled the parcel: recorded before Shopify is told, so a retry does not ask the courier again. */
  setCourierCancelled(booking: BookingRecord, at: string): Promise<void>;
  /** A status change, only from the status the booking has in hand (its indexes follow). */
  setStatus(booking: BookingRecord, status: BookingStatus, at: string, extra?: Partial<Pick<BookingRecord, 'cancelledAt' | 'deliveredAt'>>): Promise<BookingRecord>;
  addAttention(booking: BookingRecord, mark: BookingRecord['attention'][number]): Promise<void>;
  /** The parcel's timeline, oldest first. */
  timeline(shopId: string, trackingNumber: string): Promise<TimelineEvent[]>;
  /** Removes a cancelled booking with its pointers and timeline. */
  remove(booking: BookingRecord): Promise<void>;
  /** A page of a shop's bookings, newest first, with an opaque cursor to the next. */
  listByDate(shopId: string, limit: number, cursor?: string): Promise<{ items: BookingRecord[]; cursor?: string }>;
  /** The bookings of a shop's day (its own time zone), only the fields the counters count by. */
  ofDay(shopId: string, day: string): Promise<CountedBooking[]>;
}

/** Per-day counters of a shop's bookings, by status, account, city, staff member and payment status. */
export interface DayCounters {
  /** Adds `delta` to each counter; a shop's first count of a day marks the day for the nightly recount. */
  count(shopId: string, counters: DayCounterKey[], delta: number): Promise<void>;
  ofDay(shopId: string, day: string): Promise<(DayCounterKey & { n: number })[]>;
  /** Shops with counters of this day (marked by their first count of it). */
  shopsToRecount(day: string): Promise<string[]>;
  /** Deletes one counter (tests and the bench inject drift with it). */
  remove(shopId: string, counter: DayCounterKey): Promise<void>;
}

/** The rows of a bulk booking: one per order, each written on its own as its outcome is known. */
export interface BulkRows {
  put(shopId: string, bulkId: string, rows: BulkRowRecord[]): Promise<void>;
  list(shopId: string, bulkId: string): Promise<BulkRowRecord[]>;
  settle(shopId: string, bulkId: string, index: number, patch: Partial<BulkRowRecord>): Promise<void>;
}
