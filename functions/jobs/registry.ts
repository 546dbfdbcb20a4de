import type { QueueJobId, ScheduledJobId } from '@dakiya/shared';
import type { QueueWorker, ScheduledWorker } from '../platform/job-chain';
import { sendMail } from './mail-send/send-mail';
import { sweepJobs } from './jobs-sweep/sweep';
import { bookBulk } from './bookings-bulk/run-bulk';
import { recountBookings } from './bookings-recount/recount';
import { migrateBookings } from './bookings-migrate/migrate';
import { redactShop } from './shops-redact/redact-shop';
import { backfillOrderPointers } from './bookings-pointers/backfill';
import { exportOrders } from './orders-export/write-export';
import { scheduleSync } from './sync-schedule/queue-slot';
import { listPaidShops } from './shops-paid/list-paid';
import { queueBatches } from './sync-accounts/queue-batches';
import { trackBatch } from './sync-parcels/track-batch';
import { printLabels } from './labels-print/print-labels';

/**
 * Every row of the job table and its worker: the local poller and the tests read this (each row's
 * Lambda entry, functions/jobs/<name>/handler.ts, wraps the same worker). The compiler checks no row
 * is missing; a test checks the entries.
 */
export const queueWorkers: { [Id in QueueJobId]: QueueWorker<Id> } = {
  'mail.send': sendMail,
  'bookings.bulk': bookBulk,
  'shops.redact': redactShop,
  'orders.export': exportOrders,
  'sync.accounts': queueBatches,
  'sync.parcels': trackBatch,
  'labels.print': printLabels,
};

export const scheduledWorkers: { [Id in ScheduledJobId]: ScheduledWorker } = {
  'jobs.sweep': sweepJobs,
  'bookings.recount': recountBookings,
  'bookings.migrate': migrateBookings,
  'bookings.pointers': backfillOrderPointers,
  'sync.schedule': scheduleSync,
  'shops.paid': listPaidShops,
};
