import type { LambdaNeeds } from './needs';

/**
 * The status-sync worker's Lambda (issue 21): the SQS consumer of the sync queue, functions/sync/worker.ts.
 * It reads and writes bookings, opens courier credentials and Shopify tokens (sealing a refreshed
 * token again, with the client secret), and calls couriers and Shopify within its time.
 */
export const SYNC_WORKER_NEEDS: LambdaNeeds = {
  table: 'readWrite',
  sealed: 'openAndSeal',
  shopifySecret: true,
  // one bulk tracking call and up to its batch's writes and Shopify calls per message, a few messages at once
  timeoutSeconds: 120,
  memoryMb: 512,
};

export const SYNC_WORKER_NAME = 'sync-worker';
