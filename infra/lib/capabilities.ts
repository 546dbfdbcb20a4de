import { queueJobIds, type QueueJobId } from '@dakiya/shared';

/**
 * What each function may do beyond the baseline every function gets (read/write items in the table,
 * encrypt/decrypt with the app key). Least privilege is decided here, per function name (an endpoint
 * group, or a job row's name such as `mail-send`), in one table: a function not listed gets the
 * baseline only. Adding a group to GROUPS needs no change here unless it sends mail, queues jobs or
 * talks to Shopify.
 */
export type Capability =
  /** ses:SendEmail as the sender domain: only the mail outbox's worker sends mail. */
  | 'mail'
  /**
   * Read the Shopify client secret: OAuth callback and webhook HMACs, and refreshing expiring
   * offline tokens, which any function calling the Admin API may need.
   */
  | 'shopifySecret';

export const CAPABILITIES: Readonly<Record<string, readonly Capability[]>> = {
  'mail-send': ['mail'],
  shopify: ['shopifySecret'],
  orders: ['shopifySecret'],
  booking: ['shopifySecret'],
  billing: ['shopifySecret'],
};

/**
 * The job rows each function may queue (sqs:SendMessage on those queues, their URLs in
 * JOB_QUEUE_URLS). The sweeper sends again whatever was lost, so it may send to every queue.
 */
export const ENQUEUES: Readonly<Record<string, readonly QueueJobId[]>> = {
  // forgot password
  auth: ['mail.send'],
  // verification links of new and changed staff emails
  users: ['mail.send'],
  // the owner's create-password link at install
  shopify: ['mail.send'],
  'jobs-sweep': queueJobIds,
};

export function capabilitiesOf(name: string): readonly Capability[] {
  return Object.hasOwn(CAPABILITIES, name) ? (CAPABILITIES[name] ?? []) : [];
}

export function enqueuesOf(name: string): readonly QueueJobId[] {
  return Object.hasOwn(ENQUEUES, name) ? (ENQUEUES[name] ?? []) : [];
}
