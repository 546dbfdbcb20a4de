import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { jobName, queueJobDef, queueJobIds, type QueueJobId } from '@dakiya/shared';
import type { QueueUrls } from '@dakiya/functions/adapters/sqs/job-queue';

export interface LocalSqs {
  url: string;
  stop(): Promise<void>;
}

/** fauxqs in-process (SQS; it keeps no message across a restart, which the job sweeper makes up for). */
export async function startSqs(port: number): Promise<LocalSqs> {
  const server = await startFauxqs({ port, logger: false });
  return { url: server.address, stop: () => server.stop() };
}

export interface JobQueues {
  urls: QueueUrls;
  deadLetterUrls: QueueUrls;
  arns: Partial<Record<QueueJobId, string>>;
}

/**
 * A queue and its dead-letter queue per queue row of the job table, with the row's settings, as CDK
 * creates them. `prefix` keeps test files apart on one emulator.
 */
export async function createJobQueues(sqs: SQSClient, prefix = 'dakiya'): Promise<JobQueues> {
  const out: JobQueues = { urls: {}, deadLetterUrls: {}, arns: {} };
  for (const job of queueJobIds) {
    const def = queueJobDef(job);
    const suffix = def.fifo ? '.fifo' : '';
    const fifo: Record<string, string> = def.fifo ? { FifoQueue: 'true' } : {};
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${prefix}-${jobName(job)}-dlq${suffix}`, Attributes: { ...fifo } }));
    const dlqArn = await queueArn(sqs, dlq.QueueUrl!);
    const queue = await sqs.send(new CreateQueueCommand({
      QueueName: `${prefix}-${jobName(job)}${suffix}`,
      Attributes: {
        ...fifo,
        VisibilityTimeout: String(def.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: def.maxReceiveCount }),
      },
    }));
    out.urls[job] = queue.QueueUrl!;
    out.deadLetterUrls[job] = dlq.QueueUrl!;
    out.arns[job] = await queueArn(sqs, queue.QueueUrl!);
  }
  return out;
}

async function queueArn(sqs: SQSClient, url: string): Promise<string> {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  return Attributes!.QueueArn!;
}
