import { startFauxqs } from 'fauxqs';

export interface LocalSqs {
  url: string;
  statusQueueUrl: string;
  deadLetterQueueUrl: string;
  stop(): Promise<void>;
}

export const STATUS_QUEUE = 'dakiya-status-sync';
export const STATUS_DLQ = 'dakiya-status-sync-dlq';

/** fauxqs in-process, with the status-sync queue and its dead-letter queue as CDK creates them. */
export async function startSqs(port: number): Promise<LocalSqs> {
  const server = await startFauxqs({ port, logger: false });
  const dlq = server.createQueue(STATUS_DLQ);
  const queue = server.createQueue(STATUS_QUEUE, {
    attributes: {
      VisibilityTimeout: '120',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.queueArn, maxReceiveCount: 5 }),
    },
  });
  return {
    url: server.address,
    statusQueueUrl: queue.queueUrl,
    deadLetterQueueUrl: dlq.queueUrl,
    stop: () => server.stop(),
  };
}
