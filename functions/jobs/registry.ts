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
  'labels.print': printLabels,
};

export const scheduledWorkers: { [Id in ScheduledJobId]: ScheduledWorker } = {
  'jobs.sweep': sweepJobs,
  'bookings.recount': recountBookings,
  'bookings.migrate': migrateBookings,
  'bookings.pointers': backfillOrderPointers,
};
