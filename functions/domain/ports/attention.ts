import type { AttentionReason, CourierId } from '@dakiya/shared';

/** What a booking attempt waiting for a courier check shows as a row (it has no booking yet). */
export interface AttemptSummary {
  attemptId: string;
  orderNames: string[];
  accountId: string;
  accountName: string;
  company: CourierId;
  userId: string;
  cod: number;
  destinationCity: string;
  createdAt: string;
}

/**
 * One thing a person must act on (issue 18 §7 'Needs attention'): about a booking (by tracking
 * number) or an attempt (by its id). Kept until it is resolved, then deleted.
 */
export interface AttentionItem {
  subject: { kind: 'booking'; trackingNumber: string } | { kind: 'attempt'; attemptId: string };
  reason: AttentionReason;
  message: string;
  at: string;
  orderName: string;
  attempt?: AttemptSummary;
}

export interface AttentionStore {
  /** Idempotent: the same subject and reason is one item. */
  raise(shopId: string, item: AttentionItem): Promise<void>;
  /** Deletes the subject's items (only `reason`'s when given). */
  resolve(shopId: string, subject: AttentionItem['subject'], reason?: AttentionReason): Promise<void>;
  /** Everything of a shop that waits for a person (a Query under the shop: tens, not thousands). */
  list(shopId: string): Promise<AttentionItem[]>;
  /** How many of the shop's items have this reason (the dashboard's count: the same Query, counted, no items returned). */
  count(shopId: string, reason: AttentionReason): Promise<number>;
}

/** The tracking modal's asks of a courier, at most one per parcel in a gap (an expiring item). */
export interface TrackingAsks {
  /**
   * Takes the parcel's next ask if the last one is older than `gapMs` (a conditional write, so two
   * modals opened at once ask once). Answers whether this call may ask, and when it was last asked.
   */
  claim(shopId: string, trackingNumber: string, nowMs: number, gapMs: number): Promise<{ claimed: boolean; lastAskedAt?: number; lastAskFailed?: boolean }>;
  /**
   * The ask just claimed got no answer: the last answered ask is put back (`lastAskedAt`, from the
   * claim) and the next ask is allowed after `retryMs`, so everyone who looks meanwhile is told the
   * courier is not answering, not shown an ask that never happened.
   */
  failed(shopId: string, trackingNumber: string, nowMs: number, retryMs: number, lastAskedAt?: number): Promise<void>;
  /** When the courier was last asked about the parcel (epoch ms), if it was. */
  lastAsked(shopId: string, trackingNumber: string): Promise<number | undefined>;
}
