import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { courierDefinition, type SyncBatchMessage } from '@dakiya/shared';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import { trackBatch } from '@dakiya/functions/jobs/sync-parcels/track-batch';
import { queueHandler } from '@dakiya/functions/platform/job-chain';
import type { SyncMove, SyncPassReport } from './sync-pass';

/**
 * A pass over named parcels only, for the end-to-end flows: `./dakiya sync` passes over every paid
 * shop, which in the shared world would move other flows' parcels. The named parcels' batches (per
 * account, of the courier's tracking limit) go to the worker's own handler as one SQS event, as Lambda
 * hands them over, rather than through the queue: a batch that fails is answered as failed here and
 * never waits in the queue to be retried during a later flow. Parcels of FREE shops are skipped by the
 * worker as on AWS.
 */
export async function runNamedSyncPass(deps: Deps, trackingNumbers: string[]): Promise<SyncPassReport> {
  const started = Date.now();
  const groups = new Map<string, SyncBatchMessage>();
  const before = new Map<string, string>();
  for (const trackingNumber of new Set(trackingNumbers)) {
    for (const shopId of await deps.bookings.shopsOfParcel(trackingNumber)) {
      const booking = await deps.bookings.get(shopId, trackingNumber);
      if (!booking) continue;
      before.set(`${shopId}/${trackingNumber}`, booking.status);
      const key = `${shopId}#${booking.accountId}`;
      const group = groups.get(key) ?? { shopId, accountId: booking.accountId, courier: booking.company, trackingNumbers: [] };
      group.trackingNumbers.push(trackingNumber);
      groups.set(key, group);
    }
  }
  const batches = [...groups.values()].flatMap((g) => {
    const size = courierDefinition(g.courier).booking.trackBatchSize;
    return Array.from({ length: Math.ceil(g.trackingNumbers.length / size) }, (_, i) => ({ ...g, trackingNumbers: g.trackingNumbers.slice(i * size, i * size + size) }));
  });
  const event = {
    Records: batches.map((b, i) => ({
      messageId: `named-${i}`, receiptHandle: 'local', body: JSON.stringify(b), attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {},
      md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:local:000000000000:sync-parcels', awsRegion: 'local',
    })),
  } as unknown as SQSEvent;
  const context = { awsRequestId: `named-${started}`, getRemainingTimeInMillis: () => 60_000 } as unknown as Context;
  const answer = batches.length ? (await queueHandler('sync.parcels', trackBatch, () => deps)(event, context)) as SQSBatchResponse | undefined : undefined;
  const moved: SyncMove[] = [];
  for (const [key, from] of before) {
    const [shopId, trackingNumber] = key.split('/') as [string, string];
    const to = (await deps.bookings.get(shopId, trackingNumber))?.status;
    if (to && to !== from) moved.push({ shopId, trackingNumber, from, to });
  }
  return { accounts: groups.size, asked: before.size, moved, failedBatches: answer?.batchItemFailures?.length ?? 0, ms: Date.now() - started };
}
