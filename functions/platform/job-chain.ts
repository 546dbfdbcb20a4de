import middy from '@middy/core';
import sqsPartialBatchFailure from '@middy/sqs-partial-batch-failure';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { queueJobDef, jobName, jobNeeds, jobs, z, type JobId, type JobMessage, type QueueJobId, type ScheduledJobId } from '@dakiya/shared';
import { JobEnvelope } from '../adapters/sqs/job-queue';
import type { Deps } from '../domain/ports/deps';
import { defaultDeps } from './deps';
import { AppError } from '../ground/errors';
import { deadlineOf, runInvocation } from '../ground/invocation';
import type { Log } from '../ground/log';

/**
 * The job chain, beside the HTTP chain (STYLE.md §10): the same deps, logging and error catalogue,
 * driven by the job table. A queue worker gets one message at a time; the chain claims the job
 * record first (so a duplicate or late delivery does nothing), marks it done after the worker
 * returns, and reports failed messages only, so SQS retries just those (partial batch failures).
 */
export interface JobContext {
  job: JobId;
  requestId: string;
  log: Log;
  now: Date;
  /** Queue rows: the job record this run works on, its shop, and which run of it this is (1, 2, ...). */
  recordId?: string;
  shopId?: string;
  attempt: number;
}

export type QueueWorker<Id extends QueueJobId> = (message: JobMessage<Id>, ctx: JobContext, deps: Deps) => Promise<void>;
export type ScheduledWorker = (ctx: JobContext, deps: Deps) => Promise<void>;

/** A failure that will not go away by trying again: the record is marked failed and the message dropped. */
export class PermanentJobError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PermanentJobError';
  }
}

/** Refusals from the catalogue (4xx) and messages that no longer match their schema never improve with a retry. */
export function isPermanent(error: unknown): boolean {
  return error instanceof PermanentJobError || error instanceof z.ZodError || (error instanceof AppError && error.status < 500);
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * A recordless row's message is the work itself: parsed and run, a failure retried by SQS into the
 * dead-letter queue, a message that cannot parse dropped (a retry would not mend it).
 */
async function runMessage<Id extends QueueJobId>(job: Id, worker: QueueWorker<Id>, record: SQSRecord, deps: Deps, log: Log): Promise<void> {
  const def = queueJobDef(job);
  const parsed = def.message.safeParse(parseBody(record.body));
  if (!parsed.success) {
    // no record keeps it: SQS retries it into the dead-letter queue, where a person can read it
    log.error('job message does not match its schema', { messageId: record.messageId });
    deps.metrics.count('JobsFailed');
    throw new Error(`malformed ${job} message ${record.messageId}`);
  }
  const receives = Number(record.attributes?.ApproximateReceiveCount ?? '1');
  const ctxLog = log.child({ messageId: record.messageId, attempt: receives });
  const ctx: JobContext = { job, requestId: record.messageId, log: ctxLog, now: deps.now(), attempt: receives };
  try {
    await worker(parsed.data as JobMessage<Id>, ctx, deps);
    deps.metrics.count('JobsDone');
  } catch (error) {
    // a permanent failure too: with no record to mark, the dead-letter queue is where a person sees it
    const last = receives >= def.maxReceiveCount;
    ctxLog[last ? 'error' : 'warn'](last ? 'job out of retries: its message moves to the dead-letter queue' : 'job failed and will be retried', { error: describe(error), receives });
    deps.metrics.count(last ? 'JobsFailed' : 'JobsRetried');
    throw error;
  }
}

async function runRecord<Id extends QueueJobId>(job: Id, worker: QueueWorker<Id>, record: SQSRecord, deps: Deps, log: Log): Promise<void> {
  const def = queueJobDef(job);
  if (def.recordless) return runMessage(job, worker, record, deps, log);
  const envelope = JobEnvelope.safeParse(parseBody(record.body));
  if (!envelope.success) {
    // no record to mark: let SQS retry it into the dead-letter queue, where a person can read it
    log.error('job message is not a pointer to a job record', { messageId: record.messageId });
    throw new Error(`malformed ${job} message ${record.messageId}`);
  }
  const ref = envelope.data;
  const startedAt = deps.now();
  const nowMs = startedAt.getTime();
  const leaseUntil = nowMs + def.timeoutSeconds * 1000;
  const claim = await deps.jobRecords.claim(ref, nowMs, leaseUntil, leaseUntil + def.visibilityTimeoutSeconds * 1000);
  if (claim.outcome !== 'claimed') {
    log.info('job delivery dropped', { jobRecordId: ref.id, outcome: claim.outcome, messageId: record.messageId });
    return;
  }
  const ctxLog = log.child({ jobRecordId: ref.id, ...(ref.shopId ? { shopId: ref.shopId } : {}), attempt: claim.record.attempts });
  const ctx: JobContext = { job, requestId: record.messageId, log: ctxLog, now: startedAt, recordId: ref.id, shopId: ref.shopId, attempt: claim.record.attempts };
  try {
    await worker(def.message.parse(claim.record.message) as JobMessage<Id>, ctx, deps);
  } catch (error) {
    const receives = Number(record.attributes?.ApproximateReceiveCount ?? '1');
    if (isPermanent(error)) {
      ctxLog.warn('job failed and will not be retried', { error: describe(error) });
      deps.metrics.count('JobsFailed');
      await deps.jobRecords.finish(ref, 'failed', deps.now(), describe(error));
      return;
    }
    if (receives >= def.maxReceiveCount) {
      ctxLog.error('job out of retries: its message moves to the dead-letter queue', { error: describe(error), receives });
      deps.metrics.count('JobsFailed');
      await deps.jobRecords.finish(ref, 'dead', deps.now(), describe(error));
    } else {
      ctxLog.warn('job failed and will be retried', { error: describe(error), receives });
      deps.metrics.count('JobsRetried');
      await deps.jobRecords.release(ref, deps.now(), describe(error));
    }
    throw error;
  }
  await deps.jobRecords.finish(ref, 'done', deps.now());
  deps.metrics.count('JobsDone');
  ctxLog.info('job done', { ms: deps.now().getTime() - startedAt.getTime() });
}

/**
 * Runs each call of a job's Lambda as one invocation, like the HTTP chain: the row's declared needs
 * (shared/src/needs.ts) bound what it may touch, and its remaining time bounds outbound calls.
 */
function asInvocation<E, R>(job: JobId, getDeps: () => Deps, chain: (event: E, context: Context) => Promise<R>) {
  const needs = jobNeeds(job);
  return (event: E, context: Context): Promise<R> =>
    runInvocation({ name: jobName(job), needs, deadline: deadlineOf(needs, context) }, async () => {
      try {
        return await chain(event, context);
      } finally {
        getDeps().metrics.flush();
      }
    });
}

/** The worker Lambda of a queue row (SQS event source with ReportBatchItemFailures). */
export function queueHandler<Id extends QueueJobId>(job: Id, worker: QueueWorker<Id>, getDeps: () => Deps = defaultDeps) {
  const def = queueJobDef(job);
  return asInvocation(job, getDeps, middy<SQSEvent, SQSBatchResponse, Error, Context>()
    // the chain logs each failure with its job record; the middleware only builds batchItemFailures
    .use(sqsPartialBatchFailure({ logger: () => undefined }))
    .handler(async (event, context) => {
      const deps = getDeps();
      const log = deps.log.forInvocation(context, { job, requestId: context.awsRequestId });
      if (!def.fifo) {
        return Promise.allSettled(event.Records.map((record) => runRecord(job, worker, record, deps, log))) as unknown as SQSBatchResponse;
      }
      // FIFO: in order, and once one fails the rest of the batch waits for its retry
      const results: PromiseSettledResult<void>[] = [];
      let failed: unknown;
      for (const record of event.Records) {
        if (failed !== undefined) { results.push({ status: 'rejected', reason: failed }); continue; }
        try {
          await runRecord(job, worker, record, deps, log);
          results.push({ status: 'fulfilled', value: undefined });
        } catch (error) {
          failed = error ?? new Error('job failed');
          results.push({ status: 'rejected', reason: failed });
        }
      }
      return results as unknown as SQSBatchResponse;
    }));
}

/** The Lambda of a scheduled row (EventBridge rule in AWS, a timer in the local poller). */
export function scheduleHandler(job: ScheduledJobId, worker: ScheduledWorker, getDeps: () => Deps = defaultDeps) {
  if (jobs[job].kind !== 'schedule') throw new Error(`${job} is not a scheduled row`);
  return asInvocation(job, getDeps, middy<unknown, void, Error, Context>().handler(async (_event, context) => {
    const deps = getDeps();
    const log = deps.log.forInvocation(context, { job, requestId: context.awsRequestId });
    const startedAt = deps.now();
    try {
      await worker({ job, requestId: context.awsRequestId, log, now: startedAt, attempt: 1 }, deps);
      log.info('scheduled job done', { ms: deps.now().getTime() - startedAt.getTime() });
    } catch (error) {
      log.error('scheduled job failed', { error: describe(error) });
      throw error;
    }
  }));
}
