import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { awsClientConfig } from '../aws-client';
import { z, queueJobDef, type JobMessage, type QueueJobId } from '@dakiya/shared';
import { keyedJobId, type EnqueueOptions, type JobQueue, type JobRecords, type JobRef, type OverdueJob } from '../../domain/ports/jobs';
import { newId } from '../../ground/ids';
import { requireNeed } from '../../ground/invocation';
import type { Log } from '../../ground/log';

/** The SQS message body: only a pointer to the job record, which holds the message itself. */
export const JobEnvelope = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/), shopId: z.string().regex(/^[0-9a-f]{24}$/).optional() });
export type JobEnvelope = z.infer<typeof JobEnvelope>;

export type QueueUrls = Partial<Record<QueueJobId, string>>;

export function createSqsClient(region: string, endpoint?: string): SQSClient {
  return new SQSClient(awsClientConfig(region, endpoint));
}

/** sqs:SendMessage is granted per queue, by job id (shared/src/needs.ts). */
function requireEnqueue(jobId: QueueJobId): void {
  requireNeed((n) => n.enqueue?.includes(jobId) === true, `enqueue ${jobId} (sqs:SendMessage)`);
}

/** Sends the pointer to a job record; FIFO rows deduplicate per send, so a re-send is not swallowed. */
export async function sendJobMessage(
  sqs: SQSClient, urls: QueueUrls, job: QueueJobId, ref: JobRef, send: { group?: string; count: number },
): Promise<void> {
  requireEnqueue(job);
  const url = urls[job];
  if (!url) throw new Error(`no queue URL for job ${job}: this function may not queue it (JOB_QUEUE_URLS)`);
  const envelope: JobEnvelope = ref.shopId ? { id: ref.id, shopId: ref.shopId } : { id: ref.id };
  await sqs.send(new SendMessageCommand({
    QueueUrl: url,
    MessageBody: JSON.stringify(envelope),
    ...(queueJobDef(job).fifo ? { MessageGroupId: send.group, MessageDeduplicationId: `${ref.id}-${send.count}` } : {}),
  }));
}

/**
 * The outbox: the job record is written first and is the truth; the message only says "look at
 * it". A send that fails leaves a pending record the sweeper sends again, so the caller's answer
 * never depends on SQS.
 */
export class SqsJobQueue implements JobQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly urls: QueueUrls,
    private readonly records: JobRecords,
    private readonly now: () => Date,
    private readonly log: Log,
  ) {}

  async enqueue<Id extends QueueJobId>(job: Id, message: JobMessage<Id>, opts: EnqueueOptions = {}): Promise<string> {
    requireEnqueue(job);
    const def = queueJobDef(job);
    if (def.recordless) throw new Error(`job ${job} has no job records: send its messages with send()`);
    const parsed = def.message.parse(message);
    if (!this.urls[job]) throw new Error(`no queue URL for job ${job}: this function may not queue it (JOB_QUEUE_URLS)`);
    if (def.fifo && !opts.group) throw new Error(`job ${job} runs on a FIFO queue: enqueue needs a group`);
    const now = this.now();
    const id = opts.key ? keyedJobId(job, opts.key) : newId(now);
    const created = await this.records.create({
      id, ...(opts.shopId ? { shopId: opts.shopId } : {}), ...(opts.group ? { group: opts.group } : {}),
      job, status: 'pending', message: parsed, attempts: 0, sends: 1,
      createdAt: now.toISOString(), updatedAt: now.toISOString(),
      sweepAt: now.getTime() + firstSweepDelay(job) * 1000,
    });
    if (!created) return id;
    try {
      await sendJobMessage(this.sqs, this.urls, job, { id, shopId: opts.shopId }, { group: opts.group, count: 1 });
    } catch (error) {
      this.log.warn('job queued but its message was not sent; the sweeper will send it', {
        job, jobRecordId: id, error: error instanceof Error ? error.message : String(error),
      });
    }
    return id;
  }

  async send<Id extends QueueJobId>(job: Id, messages: JobMessage<Id>[]): Promise<void> {
    requireEnqueue(job);
    const def = queueJobDef(job);
    if (!def.recordless) throw new Error(`job ${job} keeps job records: queue it with enqueue()`);
    const url = this.urls[job];
    if (!url) throw new Error(`no queue URL for job ${job}: this function may not queue it (JOB_QUEUE_URLS)`);
    const bodies = messages.map((m) => JSON.stringify(def.message.parse(m)));
    for (let i = 0; i < bodies.length; i += 10) {
      let entries = bodies.slice(i, i + 10).map((body, n) => ({ Id: String(n), MessageBody: body }));
      // a batch may half succeed: the failed entries are sent once more, then the caller retries
      for (let tries = 0; entries.length > 0; tries++) {
        if (tries === 2) throw new Error(`${entries.length} ${job} messages could not be sent`);
        const { Failed = [] } = await this.sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
        const failed = new Set(Failed.map((f) => f.Id));
        entries = entries.filter((e) => failed.has(e.Id));
      }
    }
  }

  canSend(job: QueueJobId): boolean {
    return Boolean(this.urls[job]);
  }

  async resend(record: OverdueJob, now: Date): Promise<boolean> {
    if (!(await this.records.markResent(record, now.getTime() + nextSweepDelay(record.job, record.sends) * 1000, now))) return false;
    await sendJobMessage(this.sqs, this.urls, record.job, record, { group: record.group, count: record.sends + 1 });
    return true;
  }
}

/**
 * A message not picked up after two visibility timeouts is presumed lost; each re-send waits twice
 * as long as the one before (a backlog, not a loss, must not snowball into duplicates), at most a day.
 */
export function firstSweepDelay(job: QueueJobId): number {
  return 2 * queueJobDef(job).visibilityTimeoutSeconds;
}

export function nextSweepDelay(job: QueueJobId, sends: number): number {
  return Math.min(firstSweepDelay(job) * 2 ** sends, 86400);
}
