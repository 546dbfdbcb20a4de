import { jobDef, queueJobDef, queueJobIds, type JobId, type QueueJobId } from './jobs';
import type { Group } from './routes';

/**
 * What one Lambda does beyond its own code, declared next to the route table. CDK derives the
 * function's role (least privilege), timeout, memory, alarms and reserved concurrency from it; in
 * local mode the chain refuses anything undeclared the way IAM would in AWS (an undeclared table
 * write, KMS open or seal, mail, Shopify-secret read or enqueue fails the request), so the
 * declaration is proven by every handler and end-to-end test.
 */
export interface LambdaNeeds {
  /** The app table: `read` = GetItem, BatchGetItem, Query; `readWrite` adds item writes. No Scan here. */
  table: 'none' | 'read' | 'readWrite';
  /**
   * Scan of the whole table: only a one-off job that must go through every shop (a migration), never
   * an API group.
   */
  scanTable?: true;
  /**
   * Values sealed with the app's KMS key through `deps.secrets` (Shopify tokens, courier
   * credentials, TOTP secrets): `open` = kms:Decrypt, `seal` = kms:Encrypt.
   */
  sealed?: 'open' | 'seal' | 'openAndSeal';
  /** Sends email through SES as the sender domain. */
  mail?: true;
  /** Reads the Shopify client secret (OAuth, HMAC of launches and webhooks, token refresh). */
  shopifySecret?: true;
  /**
   * The private files bucket, only under each shop's `<prefix>/` (keys `shop/<id>/<prefix>/...`): `put` writes files there, `sign` signs
   * links to read them (a signed link acts with the signer's rights, so the signer needs s3:GetObject).
   */
  files?: { readonly prefix: FilePrefix; readonly access: 'put' | 'sign' | 'putAndSign' };
  /** Queue rows of the job table it sends messages to (sqs:SendMessage on those queues only). */
  enqueue?: readonly QueueJobId[];
  /**
   * Lambda timeout. An API group's must stay under API Gateway's 30 s; every outbound call of the
   * function gets a deadline from the time left (functions/ground/invocation.ts).
   */
  timeoutSeconds: number;
  /**
   * Draws PDFs (airway bills, load sheets): the build copies the Noto Naskh Arabic font files beside the
   * bundle (`fonts/`), which has no node_modules to read them from.
   */
  pdfFonts?: true;
  /** Lambda memory; CPU grows with it (password hashing wants more). */
  memoryMb: number;
  /** Concurrency reserved for the function when the stage turns `reserveConcurrency` on. */
  reservedConcurrency?: number;
}

/** What the files bucket holds under each shop (`shop/<id>/<prefix>/...`). */
export const FILE_PREFIXES = ['exports', 'labels'] as const;
export type FilePrefix = (typeof FILE_PREFIXES)[number];

/** One entry per endpoint group (the compiler makes a new group declare one). */
export const GROUP_NEEDS: { readonly [G in Group]: LambdaNeeds } = {
  system: { table: 'none', timeoutSeconds: 3, memoryMb: 256, reservedConcurrency: 2 },
  // scrypt password checks are CPU-bound: more memory is more CPU and a faster sign-in
  // forgot password queues its mail (mail.send); the two-factor step opens the sealed TOTP secret
  auth: { table: 'readWrite', sealed: 'open', enqueue: ['mail.send'], timeoutSeconds: 10, memoryMb: 1024, reservedConcurrency: 20 },
  // verification links of new and changed staff emails
  users: { table: 'readWrite', enqueue: ['mail.send'], timeoutSeconds: 10, memoryMb: 1024, reservedConcurrency: 5 },
  profile: { table: 'readWrite', sealed: 'openAndSeal', timeoutSeconds: 10, memoryMb: 1024, reservedConcurrency: 5 },
  // creating or editing an account checks the credentials with the courier (up to two calls)
  accounts: { table: 'readWrite', sealed: 'openAndSeal', timeoutSeconds: 25, memoryMb: 512, reservedConcurrency: 10 },
  // OAuth code exchange and shop query at install (and the owner's create-password mail); webhooks come in bursts
  // one item read or written per call
  settings: { table: 'readWrite', timeoutSeconds: 5, memoryMb: 256, reservedConcurrency: 2 },
  // app_subscriptions/update asks Shopify for the shop's plan (the shop's token is opened, and sealed again when refreshed)
  shopify: { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, enqueue: ['mail.send', 'shops.redact'], timeoutSeconds: 25, memoryMb: 512, reservedConcurrency: 20 },
  // reads the store's orders on Shopify: the token is opened, and sealed again when a refresh rotates it
  'store-orders': { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, timeoutSeconds: 25, memoryMb: 512, reservedConcurrency: 10 },
  // every call asks Shopify with the shop's token (opened, sealed again when refreshed: the refresh needs the client secret)
  billing: { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, timeoutSeconds: 20, memoryMb: 512, reservedConcurrency: 5 },
  // a booking opens the courier credentials and the Shopify token (and refreshes it: seal, client secret);
  // a courier call and a few Shopify calls: the whole of API Gateway's time
  booking: { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, enqueue: ['bookings.bulk'], timeoutSeconds: 29, memoryMb: 512, reservedConcurrency: 20 },
  // the list reads only; the tracking modal opens the courier account's keys to ask the courier, and
  // writes what moved (the booking, its counters and timeline) and the expiring item that spaces the asks
  // and queues the consignee's tracking-link mail (send-email)
  // and signs the links of CSV exports (orders.export writes them); a cancel the courier made, read there,
  // cancels the Shopify fulfillment (the shop's token opened, and sealed again when a refresh rotates it)
  orders: { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, enqueue: ['mail.send', 'orders.export'], files: { prefix: 'exports', access: 'sign' }, timeoutSeconds: 20, memoryMb: 512, reservedConcurrency: 10 },
  // dashboard analytics and the scorecard read counter items (a lookup or a delivered walk reads bookings): never a write
  analytics: { table: 'read', timeoutSeconds: 10, memoryMb: 512, reservedConcurrency: 5 },
  // the public tracking page and its API: as the modal, the courier asked about a stale status (its keys
  // opened) and what moved written, a courier's own cancel finished on Shopify as the modal does; plus the
  // per-address counter. A courier that hangs is given up on in time. A move it writes may queue the consignee's notice (mail.send)
  tracking: { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, enqueue: ['mail.send'], timeoutSeconds: 15, memoryMb: 512, reservedConcurrency: 10 },
  // airway bills: builds up to 50 in the request and puts them in the files bucket, then signs the link; more go to
  // labels.print. The courier's own labels and load sheets open the account's keys; a sheet keeps its time on the account
  labels: { table: 'readWrite', sealed: 'open', enqueue: ['labels.print'], files: { prefix: 'labels', access: 'putAndSign' }, pdfFonts: true, timeoutSeconds: 29, memoryMb: 1024, reservedConcurrency: 10 },
};

/** A job's needs; its timeout and memory are the job row's own (shared/src/jobs.ts). */
export type JobNeeds = Omit<LambdaNeeds, 'timeoutSeconds' | 'memoryMb' | 'reservedConcurrency'>;

/** One entry per row of the job table (the compiler makes a new row declare one). */
export const JOB_NEEDS: { readonly [J in JobId]: JobNeeds } = {
  // the only function that talks to SES: claims the job record, issues the link, sends
  'mail.send': { table: 'readWrite', mail: true },
  // sends again the messages of job records still pending long after they should have run
  'jobs.sweep': { table: 'readWrite', enqueue: queueJobIds.filter((id) => !queueJobDef(id).recordless) },
  // books with the couriers and fulfils on Shopify, like the booking group
  'bookings.bulk': { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true },
  // deletes a shop's items page by page, and queues its own next run when its time runs short
  'shops.redact': { table: 'readWrite', enqueue: ['shops.redact'] },
  // pages through the orders list's query and puts the CSV under the shop's exports prefix
  'orders.export': { table: 'readWrite', files: { prefix: 'exports', access: 'put' } },
  // the status sync: the slot reads the paid list and accounts and queues a message per account;
  // the first stage reads the moving index and queues batches (and its own continuation);
  // the second asks the courier (its keys opened) and writes what moved, with the fulfillment event on Shopify
  'sync.schedule': { table: 'read', enqueue: ['sync.accounts'] },
  'sync.accounts': { table: 'read', enqueue: ['sync.accounts', 'sync.parcels'] },
  // (and the consignee's notice of a move, through the mail outbox)
  'sync.parcels': { table: 'readWrite', sealed: 'openAndSeal', shopifySecret: true, enqueue: ['mail.send'] },
  // scans the table once for shop items on a paid plan and writes their place on the paid list
  'shops.paid': { table: 'readWrite', scanTable: true },
  // builds a print too large for one request and puts it under the shop's labels prefix (the poll signs its link);
  // its writes are its job record's
  'labels.print': { table: 'readWrite', files: { prefix: 'labels', access: 'put' }, pdfFonts: true },
  // reads bookings and ADDs the counters' drift
  'bookings.recount': { table: 'readWrite' },
  // scans the table once, rewrites bookings' index keys and rebuilds the counters
  'bookings.migrate': { table: 'readWrite', scanTable: true },
  // scans the table once for bookings saved before the order pointers and writes theirs
  'bookings.pointers': { table: 'readWrite', scanTable: true },
};

export const DEFAULT_JOB_MEMORY_MB = 512;

/** Everything a job's Lambda needs, its row's timeout and memory included. */
export function jobNeeds(job: JobId): LambdaNeeds {
  const def = jobDef(job);
  return { ...JOB_NEEDS[job], timeoutSeconds: def.timeoutSeconds, memoryMb: def.memoryMb ?? DEFAULT_JOB_MEMORY_MB };
}

/** API Gateway HTTP APIs give up on an integration after 30 s. */
export const API_TIMEOUT_LIMIT_SECONDS = 29;

/**
 * Lambda refuses a synchronous invocation whose event (the request body with its headers and
 * context, as JSON) exceeds 6 MiB, below API Gateway's own 10 MB: the real limit of a request body.
 */
export const LAMBDA_REQUEST_LIMIT_BYTES = 6 * 1024 * 1024;
