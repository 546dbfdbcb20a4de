import { randomBytes } from 'node:crypto';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { jobs, nextRun, queueJobDef, queueJobIds, scheduledJobIds, type QueueJobId, type Schedule, type ScheduledJobId } from '@dakiya/shared';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import { queueHandler, scheduleHandler } from '@dakiya/functions/platform/job-chain';
import { queueWorkers, scheduledWorkers } from '@dakiya/functions/jobs/registry';
import { resendOverdue } from '@dakiya/functions/jobs/jobs-sweep/sweep';
import type { JobQueues } from './services/sqs';

/**
 * The local stand-in for the Lambda SQS event source and for EventBridge (fauxqs has neither): per
 * queue row it long-polls the queue, hands a batch to the same worker handler Lambda runs, deletes
 * the messages the handler did not report as failed and leaves those to come back after the
 * visibility timeout, up to the row's maximum concurrency; scheduled rows run on a timer.
 */
export interface JobPoller {
  /** Receives and runs until every queue is empty (tests and the seed wait for mail this way). */
  drain(opts?: { maxRounds?: number; only?: QueueJobId[] }): Promise<void>;
  /** Runs a scheduled row now, as its rule would. */
  runScheduled(job: ScheduledJobId): Promise<void>;
  stop(): Promise<void>;
}

export interface PollerOptions {
  deps: Deps;
  /** Receives from the queues (the functions' deps send through their own port). */
  sqs: SQSClient;
  queues: JobQueues;
  /** Poll continuously and run the schedules (local mode); tests drain by hand instead. */
  background: boolean;
  /** Tests: how long a failed message stays hidden before its retry (default: the row's visibility timeout). */
  retryAfterSeconds?: number;
  /** A scheduled row's own cadence here, or 'off' (the status sync: off in tests and the end-to-end world, which run a pass by hand). */
  schedules?: { [J in ScheduledJobId]?: Schedule | 'off' };
  /** Local mode after a start: fauxqs lost every message, so every pending job record is sent again. */
  resendPendingOnStart?: boolean;
}

const context = (): Context => ({ awsRequestId: randomBytes(8).toString('hex') }) as Context;

export async function startJobPoller(opts: PollerOptions): Promise<JobPoller> {
  const { deps, sqs, queues } = opts;
  const handlers = new Map(queueJobIds.map((job) => [job, queueHandler(job, queueWorkers[job] as never, () => deps)]));
  let stopped = false;
  const aborter = new AbortController();
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();

  /** One receive and one batch, as one Lambda invocation; answers how many messages it got. */
  async function pollOnce(job: QueueJobId, waitSeconds: number): Promise<number> {
    const def = queueJobDef(job);
    const url = queues.urls[job]!;
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({
      QueueUrl: url,
      MaxNumberOfMessages: def.batchSize,
      WaitTimeSeconds: waitSeconds,
      MessageSystemAttributeNames: ['All'],
      ...(opts.retryAfterSeconds !== undefined ? { VisibilityTimeout: opts.retryAfterSeconds } : {}),
    }), { abortSignal: aborter.signal });
    if (Messages.length === 0) return 0;
    const response = (await handlers.get(job)!(toEvent(Messages, queues.arns[job]!), context())) as SQSBatchResponse | undefined;
    const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    const done = Messages.filter((m) => !failed.has(m.MessageId!));
    if (done.length) {
      await sqs.send(new DeleteMessageBatchCommand({
        QueueUrl: url, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
      }));
    }
    return Messages.length;
  }

  async function loop(job: QueueJobId) {
    while (!stopped) {
      try {
        await pollOnce(job, 1);
      } catch (error) {
        if (stopped) return;
        deps.log.error('local job poller: receive failed', { job, error: error instanceof Error ? error.message : String(error) });
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  async function runScheduled(job: ScheduledJobId) {
    await scheduleHandler(job, scheduledWorkers[job], () => deps)({}, context());
  }

  function schedule(job: ScheduledJobId) {
    const cadence = opts.schedules?.[job] ?? jobs[job].schedule;
    if (cadence === 'off') return;
    const delay = Math.max(0, nextRun(cadence, new Date()).getTime() - Date.now());
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const run = runScheduled(job).catch(() => undefined).finally(() => running.delete(run));
      running.add(run);
      schedule(job);
    }, delay);
    timers.add(timer);
  }

  if (opts.resendPendingOnStart) {
    const now = new Date();
    await resendOverdue(deps, deps.log, now.getTime() + 10 * 365 * 86400 * 1000, now);
  }
  if (opts.background) {
    for (const job of queueJobIds) {
      // Lambda runs up to maxConcurrency batches at once; two loops are plenty on one machine
      for (let i = 0; i < Math.min(queueJobDef(job).maxConcurrency, 2); i++) {
        const run = loop(job);
        running.add(run);
      }
    }
    for (const job of scheduledJobIds) schedule(job);
  }

  return {
    async drain({ maxRounds = 100, only } = {}) {
      for (let round = 0; round < maxRounds; round++) {
        let got = 0;
        for (const job of only ?? queueJobIds) got += await pollOnce(job, 0);
        if (got === 0) return;
      }
      throw new Error(`job queues did not drain in ${maxRounds} rounds`);
    },
    runScheduled,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      aborter.abort();
      await Promise.allSettled([...running]);
    },
  };
}

/** The event the Lambda SQS event source hands a worker. */
function toEvent(messages: Message[], arn: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: m.Attributes?.SenderId ?? 'local',
        ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        ...(m.Attributes?.MessageGroupId ? { MessageGroupId: m.Attributes.MessageGroupId } : {}),
        ...(m.Attributes?.MessageDeduplicationId ? { MessageDeduplicationId: m.Attributes.MessageDeduplicationId } : {}),
        ...(m.Attributes?.SequenceNumber ? { SequenceNumber: m.Attributes.SequenceNumber } : {}),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: arn,
      awsRegion: 'us-east-1',
    })),
  };
}
