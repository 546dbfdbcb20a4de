import { z } from './zod';
import { BulkBookingMessage, MailMessage, ShopRedactMessage } from './schemas/jobs';
import { ExportOrdersMessage } from './schemas/exports';
import { SyncAccountMessage, SyncBatchMessage } from './schemas/sync';
import { PrintLabelsMessage } from './schemas/labels';

/**
 * Background work, declared like the route table (STYLE.md §10): CDK builds a queue, its dead-letter
 * queue and a worker Lambda per queue row, and an EventBridge rule per scheduled row; the local
 * poller plays the SQS event source and the schedule; a test checks every row has its worker.
 */
export interface QueueJobDef {
  kind: 'queue';
  description: string;
  /** What the job record holds and the worker receives; checked when queued and when run. */
  message: z.ZodType;
  /** FIFO queues keep order within a message group (enqueue then needs a group). */
  fifo: boolean;
  /** How long a received message stays hidden; a failed message comes back after it. At least 6x the timeout (AWS). */
  visibilityTimeoutSeconds: number;
  /** Receives of one message before SQS moves it to the dead-letter queue. */
  maxReceiveCount: number;
  /** The worker Lambda's timeout. */
  timeoutSeconds: number;
  /** Messages per worker invocation (1-10). */
  batchSize: number;
  /** Most worker invocations at once (the SQS event source's maximum concurrency, at least 2). */
  maxConcurrency: number;
  memoryMb?: number;
  /**
   * The message is the work itself, with no job record behind it: for work made again by a schedule
   * (the status sync), where a record per message would cost more than the work and a lost message is
   * made again by the next pass. A duplicate delivery must be harmless by itself.
   */
  recordless?: true;
}

export type Schedule = { everyMinutes: number } | { dailyAtUtc: `${number}:${number}` };

export interface ScheduledJobDef {
  kind: 'schedule';
  description: string;
  schedule: Schedule;
  timeoutSeconds: number;
  memoryMb?: number;
}

export type JobDef = QueueJobDef | ScheduledJobDef;

export const jobs = {
  'mail.send': {
    kind: 'queue',
    description: 'Sends every email of the app (verification, password reset, create-password, sign-in code): the mail outbox',
    message: MailMessage,
    fifo: false,
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 5,
    timeoutSeconds: 20,
    batchSize: 5,
    maxConcurrency: 2,
  },
  'bookings.bulk': {
    kind: 'queue',
    description: 'Books the orders of one bulk booking, in parallel within each courier\'s limit, writing a result item per order as it goes',
    message: BulkBookingMessage,
    fifo: false,
    // 250 orders one at a time (M&P, TCS) at a few seconds each; a retry resumes with the orders not yet done
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    timeoutSeconds: 900,
    batchSize: 1,
    maxConcurrency: 5,
    memoryMb: 1024,
  },
  'shops.redact': {
    kind: 'queue',
    description: 'shop/redact: erases everything of one uninstalled shop a page at a time, its items under other partitions too; a run that nears its deadline queues the next',
    message: ShopRedactMessage,
    fifo: false,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 5,
    timeoutSeconds: 900,
    batchSize: 1,
    maxConcurrency: 2,
  },
  'orders.export': {
    kind: 'queue',
    description: 'Writes one CSV export: pages through the orders list\'s query, puts the file in the files bucket and marks the export done',
    message: ExportOrdersMessage,
    fifo: false,
    // 100,000 bookings take about a minute here; a retry starts the file again
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    timeoutSeconds: 900,
    batchSize: 1,
    maxConcurrency: 2,
    memoryMb: 1024,
  },
  'sync.accounts': {
    kind: 'queue',
    description: 'Status sync, first stage: reads one tracking account\'s parcels due in a slot from the moving-parcels index and queues them in batches of the courier\'s tracking limit; a pass near its deadline queues its own continuation',
    message: SyncAccountMessage,
    fifo: false,
    recordless: true,
    visibilityTimeoutSeconds: 1800,
    maxReceiveCount: 3,
    // a pass stops a minute before this and queues the rest with its cursor
    timeoutSeconds: 300,
    batchSize: 1,
    maxConcurrency: 5,
  },
  'sync.parcels': {
    kind: 'queue',
    description: 'Status sync, second stage: one bulk tracking call for a batch of one account\'s parcels, and what moved written through the status-change function',
    message: SyncBatchMessage,
    fifo: false,
    recordless: true,
    visibilityTimeoutSeconds: 720,
    // a courier down for a few tries: the batch rests in the dead-letter queue, and the next slot asks again anyway
    maxReceiveCount: 4,
    // one bulk call and up to a batch's writes and Shopify steps
    timeoutSeconds: 120,
    batchSize: 5,
    // bounds the calls in flight to every courier at once
    maxConcurrency: 10,
    // its time is spent waiting on the couriers and Shopify, and Lambda bills that time by memory
    memoryMb: 256,
  },
  'sync.schedule': {
    kind: 'schedule',
    description: 'Status sync, the hourly slot: reads the list of paid shops and each shop\'s tracking accounts and queues one first-stage message per active account',
    schedule: { everyMinutes: 60 },
    timeoutSeconds: 300,
  },
  'shops.paid': {
    kind: 'schedule',
    description: 'Puts the shops already on a paid plan before the paid list existed onto it, once: resumable, and a single read once done',
    schedule: { everyMinutes: 15 },
    timeoutSeconds: 300,
  },
  'labels.print': {
    kind: 'queue',
    description: 'Builds the airway bills of a print too large for one request (more than 50) and puts the PDF in the files bucket',
    message: PrintLabelsMessage,
    fifo: false,
    // 500 bills take a few seconds; a retry builds the file again
    visibilityTimeoutSeconds: 720,
    maxReceiveCount: 3,
    timeoutSeconds: 120,
    batchSize: 1,
    maxConcurrency: 2,
    memoryMb: 1024,
  },
  'bookings.recount': {
    kind: 'schedule',
    description: 'Recounts the per-day booking counters of the days just past from the bookings themselves and repairs any drift',
    // 02:30 in Pakistan: after the day closed in every shop's time zone east of UTC
    schedule: { dailyAtUtc: '21:30' },
    timeoutSeconds: 600,
  },
  'bookings.migrate': {
    kind: 'schedule',
    description: 'Moves bookings written before issue 18 to its counter items and indexes, once: resumable, and a single read once done',
    // its first run comes within minutes of the deploy; later runs finish what one left (a busy day, its deadline)
    schedule: { everyMinutes: 15 },
    timeoutSeconds: 600,
    memoryMb: 1024,
  },
  'bookings.pointers': {
    kind: 'schedule',
    description: 'Writes the order pointers (every booking ever made of a Shopify order, which privacy requests read) of bookings saved before they existed, once: resumable, and a single read once done',
    schedule: { everyMinutes: 15 },
    timeoutSeconds: 600,
  },
  'jobs.sweep': {
    kind: 'schedule',
    description: 'Sends again the messages of job records still pending long after their message should have run (a message lost on the way)',
    schedule: { everyMinutes: 5 },
    timeoutSeconds: 60,
  },
} as const satisfies Record<string, JobDef>;

export type Jobs = typeof jobs;
export type JobId = keyof Jobs;
export type QueueJobId = { [K in JobId]: Jobs[K]['kind'] extends 'queue' ? K : never }[JobId];
export type ScheduledJobId = { [K in JobId]: Jobs[K]['kind'] extends 'schedule' ? K : never }[JobId];
export type JobMessage<Id extends QueueJobId> = Jobs[Id] extends { message: infer M extends z.ZodType } ? z.infer<M> : never;

// pure: the web bundle imports shared too and must be able to drop these
export const jobIds = /* @__PURE__ */ Object.keys(jobs) as JobId[];
export const queueJobIds = /* @__PURE__ */ jobIds.filter((id) => jobs[id].kind === 'queue') as QueueJobId[];
export const scheduledJobIds = /* @__PURE__ */ jobIds.filter((id) => jobs[id].kind === 'schedule') as ScheduledJobId[];

export function jobDef(id: JobId): JobDef {
  return jobs[id];
}

export function queueJobDef(id: QueueJobId): QueueJobDef {
  return jobs[id];
}

/** `mail.send` -> `mail-send`: the worker's folder (functions/jobs/<name>/handler.ts), Lambda and queue names. */
export function jobName(id: JobId): string {
  return id.replace(/\./g, '-');
}

/** The next run of a schedule strictly after `after` (the local poller's timer). */
export function nextRun(schedule: Schedule, after: Date): Date {
  if ('everyMinutes' in schedule) return new Date(after.getTime() + schedule.everyMinutes * 60_000);
  const [hour, minute] = schedule.dailyAtUtc.split(':').map(Number) as [number, number];
  const next = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hour, minute));
  if (next.getTime() <= after.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
