import type { BookingAttention, BookingStatus, BulkRowReason, ConsigneeNoticeEvent, CourierId, LineItemView, PaymentStatus } from '@dakiya/shared';
import type { UsageReservation } from './usage';
import type { FulfillmentEventStatus } from './shopify';

/** A parcel's step as Shopify shows it: a fulfillment event's status, or its fulfillment cancelled. */
export type ShopifyStep = FulfillmentEventStatus | 'CANCELLED';
export const SHOPIFY_STEPS = ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'ATTEMPTED_DELIVERY', 'DELIVERED', 'FAILURE', 'CANCELLED'] as const satisfies readonly ShopifyStep[];

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
  /** The cancel's first step: the courier cancelled the parcel (or said it was cancelled already). */
  cancelledAt?: string;
  /** The cancel's second step: the booking's Shopify fulfillments are cancelled. */
  fulfillmentsCancelledAt?: string;
  /**
   * Written with the status CANCELLED and removed once the cancel's last steps (orders freed, counters
   * moved from this status) are done: while it is there the cancel is unfinished and a retry finishes it.
   */
  cancelPendingFrom?: BookingStatus;
  /** The courier's own status text as last read (the tracking modal's current courier status). */
  courierStatus?: string;
  /** When the parcel reached the consignee (DELIVERED) or came back to the shipper (RTS): deliveredAt. Whole days from the booking day to the delivery day (DELIVERED). */
  deliveryDays?: number;
  /** The time of the newest courier scan kept in the timeline: later scans are new. */
  lastScanAt?: string;
  /** The last change of a counted field (status, payment, delivery): the recount waits until it is minutes old. */
  changedAt?: string;
  /**
   * The parcel's step last shown on Shopify by the status sync (its fulfillment event and status tag);
   * absent is none, the fulfillment alone. A step of the booking other than this one is the Shopify
   * half still to do (domain/sync/on-shopify.ts).
   */
  shopifyStep?: ShopifyStep;
  /**
   * A consignee notice written with the move that makes it and removed once the notice is in the outbox:
   * while it is there the notice is still to be queued, and the next reading of the parcel queues it
   * (domain/notices/consignee-notice.ts).
   */
  noticeDue?: ConsigneeNoticeEvent;
  /**
   * The courier's own label link as its booking answer gave it (Leopards' `slip_link`): the courier has no
   * later label call, so a booking saved without it prints Dakiya's bill.
   */
  labelUrl?: string;
}

/**
 * The fields of a booking a change and the counters read: its key, what the counters count it by, and
 * the parts of its indexes a change rewrites. An import of payment status reads only these.
 */
export const COUNTED_FIELDS = [
  'shopId', 'trackingNumber', 'bookedDay', 'status', 'paymentStatus', 'accountId', 'company', 'destinationCity', 'bookedBy', 'cod', 'tag',
  'lastStatusAt', 'deliveredAt', 'deliveryDays',
] as const satisfies readonly (keyof BookingRecord)[];
export type CountedBooking = Pick<BookingRecord, (typeof COUNTED_FIELDS)[number]>;

/** What one change of a booking writes (the status-change function's, a cancel's); only the fields given change. */
export type BookingChange = Partial<Pick<BookingRecord,
  'status' | 'paymentStatus' | 'lastStatusAt' | 'deliveredAt' | 'deliveryDays' | 'cancelledAt' | 'cancelPendingFrom' | 'courierStatus' | 'lastScanAt' | 'changedAt'
  | 'shopifyStep' | 'noticeDue'>> & {
  /** Removes `deliveryDays` (a courier's correction from delivered to returned). */
  clearDeliveryDays?: true;
  /** Removes `noticeDue` (the notice is in the outbox). */
  clearNoticeDue?: true;
};

/** Which index a page of bookings is read from, and the value it is keyed on. */
export type BookingIndex =
  | { index: 'byDate' }
  | { index: 'byStatus'; value: BookingStatus }
  | { index: 'byPayment'; value: PaymentStatus }
  | { index: 'byAccount'; value: string }
  | { index: 'byBookedBy'; value: string }
  | { index: 'byCity'; value: string }
  | { index: 'merged' }
  /** Sorted by the time the parcel arrived, not by booking time; `value` DELIVERED or RTS. */
  | { index: 'delivered'; value: 'DELIVERED' | 'RTS' };

/**
 * A window of an index, newest first: sort values (ISO instants, or `<instant>#<tracking number>`
 * from a page before) from `from` (inclusive) up to `below` (exclusive).
 */
export interface IndexWindow {
  from?: string;
  below?: string;
}

/** One booking as an index lists it: its number and its place in the index's order. */
export interface IndexedBooking {
  trackingNumber: string;
  sort: string;
}

/** One courier scan of a parcel, as its timeline keeps it. */
export interface TimelineEvent {
  at: string;
  /** Its place in the courier's answer, so two scans of one time are two events and the same scan written twice is one. */
  seq?: number;
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
  /** The courier's label link from its booking answer (BookingResult.labelUrl), kept until the booking is saved. */
  labelUrl?: string;
  /** A person's answer to an attempt whose courier answer was lost and cannot be asked for: who, what, when. */
  resolution?: { choice: 'booked' | 'not-booked'; by: string; at: string };
}

/** One order of a bulk booking and its outcome (BulkRow on the wire). */

export interface BulkRowRecord {
  bulkId: string;
  index: number;
  orderId: string;
  orderName: string;
  accountId: string;
  state: 'queued' | 'booked' | 'failed' | 'check';
  trackingNumber?: string;
  message?: string;
  /** Why a failed row failed, when the web acts on it (the shared `BulkRow`'s reason). */
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
  /** Every attempt still kept of a Shopify order, by id (written with the attempt, so none is missed). */
  findByOrder(shopId: string, orderId: string): Promise<string[]>;
  /** Every attempt still kept whose plan went to this phone (as stored) or email: by id, to be checked against the plan. */
  findByContact(shopId: string, contact: string): Promise<string[]>;
  /** customers/redact: the consignee of the attempt's plan replaced and its contact pointers gone; an attempt without a plan or no longer kept is left. */
  redactConsignee(attempt: BookingAttempt, replacement: BookingRecord['consignee']): Promise<void>;
}

export type OrderPointersProgress = { done: boolean; cursor?: string };

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
  /**
   * A step of a cancel (the courier's, then Shopify's), recorded as soon as it is done, so a retry
   * resumes after it and asks neither again.
   */
  recordCancelStep(booking: BookingRecord, step: Partial<Pick<BookingRecord, 'cancelledAt' | 'fulfillmentsCancelledAt'>>): Promise<void>;
  /** A status change, only from the status the booking has in hand (its indexes follow). */
  setStatus(
    booking: BookingRecord, status: BookingStatus, at: string, extra?: Partial<Pick<BookingRecord, 'cancelledAt' | 'deliveredAt' | 'cancelPendingFrom'>>,
  ): Promise<BookingRecord>;
  /** The cancel's last steps are done: the booking no longer says it is unfinished. */
  finishCancel(booking: BookingRecord): Promise<BookingRecord>;
  /**
   * Writes a change only while the stored status and payment status are still the ones `booking` has
   * (the counted fields the counters move from; its indexes follow);
   * the booking as written, or undefined when another change got there first.
   */
  change(booking: CountedBooking, change: BookingChange): Promise<BookingRecord | undefined>;
  /** Adds courier scans to the timeline (idempotent: a scan is keyed by its time and place in the answer). */
  addEvents(shopId: string, trackingNumber: string, events: TimelineEvent[]): Promise<void>;
  /** The shops that booked a tracking number (the public tracking page knows only the number). */
  shopsOfParcel(trackingNumber: string): Promise<string[]>;
  /** Several bookings by tracking number, in one BatchGet per hundred; absent ones are left out. */
  getMany(shopId: string, trackingNumbers: string[], opts?: { consistent?: boolean }): Promise<BookingRecord[]>;
  /**
   * The same, but only each booking's counted fields (a projection): a booking's line items, consignee
   * and timeline marks are most of its size, and a reader that only changes and counts does not need them.
   */
  getCounted(shopId: string, trackingNumbers: string[]): Promise<CountedBooking[]>;
  /**
   * Up to `limit` keys of an index, newest first, within a window. `more` says whether the index
   * holds more in the window. Indexes lag their items on AWS: a reader checks the items it gets.
   */
  indexPage(shopId: string, index: BookingIndex, window: IndexWindow, limit: number): Promise<{ keys: IndexedBooking[]; more: boolean }>;
  /**
   * One read of an index, newest first, within a window: up to `limit` keys from the window's newest
   * end, or from just after `after` (a key an earlier read handed back), and not one entry more, so a
   * reader pays only for what it asks. `done` says the window holds nothing more; a read that stops at
   * `limit` cannot tell and says not done.
   */
  indexRead(shopId: string, index: BookingIndex, window: IndexWindow, limit: number, after?: IndexedBooking): Promise<{ keys: IndexedBooking[]; done: boolean }>;
  /**
   * About how many entries of an index one read unit's 4 KB hold (keys only, so their size is known
   * but for the tracking number's length), for a reader that asks whole blocks.
   */
  keysPerRead(shopId: string, index: BookingIndex): number;
  /** A page of a shop's bookings, newest first, with an opaque cursor to the next. */
  listByDate(shopId: string, limit: number, cursor?: string): Promise<{ items: BookingRecord[]; cursor?: string }>;
  /** Bookings found by a pointer: by order name (exactly as stored), or by consignee phone. */
  findByOrderName(shopId: string, name: string): Promise<string[]>;
  findByPhone(shopId: string, phone: string): Promise<string[]>;
  /** Bookings by their consignee's email (any case), to be checked against the booking: the pointer's text is not unique. */
  findByEmail(shopId: string, email: string): Promise<string[]>;
  /** Every booking ever made of a Shopify order, cancelled and deleted ones aside. */
  findByOrder(shopId: string, orderId: string): Promise<string[]>;
  /** customers/redact: the consignee's fields replaced, and the pointers that name them (phone, email, order name) deleted. */
  redactConsignee(booking: BookingRecord, replacement: BookingRecord['consignee']): Promise<void>;
  /**
   * One page of the backfill of order pointers for bookings and attempts saved before they were written (a Scan:
   * only the job that declares it may). `cursor` is opaque; none when the table is done.
   */
  backfillOrderPointers(cursor: string | undefined, limit: number): Promise<{ cursor?: string; written: number }>;
  /** Where the backfill stands: its saved cursor, or done. */
  orderPointersProgress(): Promise<OrderPointersProgress>;
  saveOrderPointersProgress(progress: OrderPointersProgress): Promise<void>;
  addAttention(booking: BookingRecord, mark: BookingRecord['attention'][number]): Promise<void>;
  /** The parcel's timeline, oldest first. */
  timeline(shopId: string, trackingNumber: string): Promise<TimelineEvent[]>;
  /** Removes a cancelled booking with its pointers and timeline. */
  remove(booking: BookingRecord): Promise<void>;
}

/** The rows of a bulk booking: one per order, each written on its own as its outcome is known. */
export interface BulkRows {
  put(shopId: string, bulkId: string, rows: BulkRowRecord[]): Promise<void>;
  list(shopId: string, bulkId: string): Promise<BulkRowRecord[]>;
  settle(shopId: string, bulkId: string, index: number, patch: Partial<BulkRowRecord>): Promise<void>;
}
