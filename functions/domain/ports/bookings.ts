import type { BookingAttention, BookingStatus, CourierId, LineItemView, PaymentStatus } from '@dakiya/shared';
import type { UsageReservation } from '../billing/usage';

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
