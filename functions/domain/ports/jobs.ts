import type { JobMessage, QueueJobId } from '@dakiya/shared';
import { sha256 } from '../../ground/tokens';

/** A record id from an idempotency key: the same key for the same job names the same record. */
export function keyedJobId(job: QueueJobId, key: string): string {
  return sha256(`${job}\n${key}`).slice(0, 24);
}

/** Where a job record lives: under its shop when it has one, on its own otherwise. */
export interface JobRef {
  id: string;
  shopId?: string;
}

export type JobStatus = 'pending' | 'done' | 'failed' | 'dead';

/**
 * The truth about one piece of background work. The SQS message only points at it, so a message lost
 * on the way (or a send that failed) is found again by the sweeper, and a duplicate delivery finds
 * the record done and does nothing.
 */
export interface JobRecord extends JobRef {
  job: QueueJobId;
  status: JobStatus;
  message: unknown;
  /** Runs started (claims), across every delivery of every message of this record. */
  attempts: number;
  /** Messages sent for it: 1 when queued, +1 for each re-send by the sweeper. */
  sends: number;
  createdAt: string;
  updatedAt: string;
  /** While pending: when its message counts as lost if the record has not moved since (epoch ms). */
  sweepAt?: number;
  /** A run holds the record until then (epoch ms, like a booking attempt's lease); a second delivery meanwhile is dropped. */
  leaseUntil?: number;
  lastError?: string;
  /** FIFO rows: the message group, kept for a re-send. */
  group?: string;
}

export interface EnqueueOptions {
  shopId?: string;
  /** Idempotency: the same key for the same job makes one record and one message, however often queued. */
  key?: string;
  /** FIFO rows: the message group (order is kept within it). */
  group?: string;
}

/** The outbox: record first, then the message. */
export interface JobQueue {
  /** Answers the record id. */
  enqueue<Id extends QueueJobId>(job: Id, message: JobMessage<Id>, opts?: EnqueueOptions): Promise<string>;
  /**
   * A recordless row's messages (the message is the work, no record behind it), sent in batches of
   * ten. Throws when some could not be sent, so the caller's own retry sends them again.
   */
  send<Id extends QueueJobId>(job: Id, messages: JobMessage<Id>[]): Promise<void>;
  /** Whether this function may send the job's messages (it was given its queue). */
  canSend(job: QueueJobId): boolean;
  /**
   * Sends again the message of a pending record presumed lost, after moving its sweep time on (so two
   * sweeps at once cannot both send it). False when the record moved meanwhile and nothing was sent.
   */
  resend(record: OverdueJob, now: Date): Promise<boolean>;
}

/** What the sweeper reads of a pending record (the index projects just this). */
export type OverdueJob = JobRef & Pick<JobRecord, 'job' | 'sends' | 'group'> & { sweepAt: number };

export type ClaimResult =
  | { outcome: 'claimed'; record: JobRecord }
  /** Done, failed or dead already, or gone: a duplicate or late delivery. */
  | { outcome: 'finished' }
  /** Another delivery holds it right now. */
  | { outcome: 'busy' };

export interface JobRecords {
  /** False when a record with this id exists already (an idempotent enqueue). */
  create(record: JobRecord): Promise<boolean>;
  get(ref: JobRef): Promise<JobRecord | undefined>;
  /** Times are epoch ms: the run holds the record until `leaseUntil`, its message counts as lost after `sweepAt`. */
  claim(ref: JobRef, nowMs: number, leaseUntil: number, sweepAt: number): Promise<ClaimResult>;
  /** The run ended for good: done, failed (will never work) or dead (out of retries). */
  finish(ref: JobRef, status: Exclude<JobStatus, 'pending'>, now: Date, error?: string): Promise<void>;
  /** The run failed and its message will come back: free the record for the next delivery. */
  release(ref: JobRef, now: Date, error: string): Promise<void>;
  /** The record deleted: only shops.redact's, whose records name a shop that must leave no trace. */
  remove(ref: JobRef): Promise<void>;
  /** Pending records of a job whose sweep time has passed (read from the sparse index), oldest first. */
  overdue(job: QueueJobId, untilMs: number, limit: number): Promise<OverdueJob[]>;
  /** Moves a record's sweep time on before its message is sent again; false if it moved meanwhile. */
  markResent(record: OverdueJob, sweepAt: number, now: Date): Promise<boolean>;
}
