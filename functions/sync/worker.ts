import '../adapters/dynamo/booking-store/register';
import middy from '@middy/core';
import sqsPartialBatchFailure from '@middy/sqs-partial-batch-failure';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { SYNC_WORKER_NAME, SYNC_WORKER_NEEDS } from '@dakiya/shared';
import type { Deps } from '../domain/ports/deps';
import { SyncBatch, syncBatch } from '../domain/sync/batch';
import { deadlineOf, runInvocation } from '../ground/invocation';
import type { Log } from '../ground/log';
import { defaultDeps } from '../platform/deps';

/**
 * A message fails when its courier call failed or a parcel could not be brought up to date, so SQS
 * retries it (with backoff, into the dead-letter queue after a few receives); what was applied stays,
 * and the retry changes only what is still behind. A body that is not a batch never improves: it goes
 * the same way, where a person can read it.
 */
async function runRecord(record: SQSRecord, deps: Deps, log: Log): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = undefined;
  }
  const parsed = SyncBatch.safeParse(body);
  if (!parsed.success) {
    log.error('status sync: message is not a batch', { messageId: record.messageId });
    throw new Error(`malformed sync message ${record.messageId}`);
  }
  const outcome = await syncBatch(parsed.data, deps);
  if (outcome.errors > 0) throw new Error(`${outcome.errors} of ${outcome.polled} parcels not brought up to date`);
}

/** The SQS handler of the status-sync queue (event source with ReportBatchItemFailures): messages run side by side. */
export function syncWorker(getDeps: () => Deps = defaultDeps) {
  const chain = middy<SQSEvent, SQSBatchResponse, Error, Context>()
    // each failure is logged with its batch; the middleware only builds batchItemFailures
    .use(sqsPartialBatchFailure({ logger: () => undefined }))
    .handler(async (event, context) => {
      const deps = getDeps();
      const log = deps.log.forInvocation(context, { job: SYNC_WORKER_NAME, requestId: context.awsRequestId });
      return Promise.allSettled(event.Records.map((record) => runRecord(record, deps, log.child({ messageId: record.messageId })).catch((error: unknown) => {
        log.warn('status sync: message failed and will be retried', { messageId: record.messageId, error: error instanceof Error ? error.message : String(error) });
        throw error;
      }))) as unknown as SQSBatchResponse;
    });
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    // the invocation's deadline bounds every courier and Shopify call (deps.fetch), so a slow one ends in time
    runInvocation({ name: SYNC_WORKER_NAME, needs: SYNC_WORKER_NEEDS, deadline: deadlineOf(SYNC_WORKER_NEEDS, context) }, async () => {
      try {
        return await chain(event, context);
      } finally {
        getDeps().metrics.flush();
      }
    });
}

export const handler = syncWorker();
