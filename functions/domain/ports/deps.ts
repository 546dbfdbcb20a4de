import type { Clock } from '../../ground/clock';
import type { Env } from '../../ground/env';
import type { Log } from '../../ground/log';
import type { Metrics } from '../../ground/metrics';
import type { AttemptLedger, BookingRepo, BulkRows } from './bookings';
import type { AttentionStore, TrackingAsks } from './attention';
import type { CounterStore } from './counters';
import type { CountersMigration } from './counters-migration';
import type { CourierAdapter, CourierCredentials, CourierId } from './courier';
import type { JobQueue, JobRecords } from './jobs';
import type { ExportStore } from './exports';
import type { FileStore } from './files';
import type { Mailer } from './mailer';
import type {
  AccountRepo, BillingRepo, LinkRepo, MemberRepo, OAuthStateRepo, PeopleRepo, RateLimiter, SessionRepo, SettingsRepo, ShopRepo, WebhookLog,
} from './repos';
import type { OriginSecrets, SecretBox } from './secrets';
import type { SignInCodeStore, SignInTriesStore } from './sign-in';
import type { SyncWorkList } from './sync';
import type { ShopifyAdmin, ShopifySpend, ShopTarget, ShopTokenStore } from './shopify';
import type { UsageStore } from './usage';

/**
 * Everything an operation may touch, as ports: the roof (platform/deps.ts) builds the real ones once
 * per cold start; a test hands in its own, fakes included. No client of AWS is in here: whatever
 * needs one is a port.
 */
export interface Deps {
  env: Env;
  now: Clock;
  log: Log;
  /** Counts by fixed names (never per shop), flushed by the chains at the end of each invocation. */
  metrics: Metrics;
  shops: ShopRepo;
  /** A person's place in each shop: memberships and invitations (the API's staff users). */
  members: MemberRepo;
  /** People: one sign-in each, in one or several shops. */
  people: PeopleRepo;
  sessions: SessionRepo;
  oauthStates: OAuthStateRepo;
  webhooks: WebhookLog;
  links: LinkRepo;
  limiter: RateLimiter;
  /** Sign-in's slow-down and step-up (domain/sign-in-limits.ts), and the sign-ins waiting for an emailed code. */
  signInTries: SignInTriesStore;
  signInCodes: SignInCodeStore;
  accounts: AccountRepo;
  /** The monthly order usage (the free plan's 5000, the usage bar): domain/billing/usage.ts reserves and releases through it. */
  usage: UsageStore;
  /** Store settings (free shipping, discount line, order tags, default weight); defaults for a shop that never saved. */
  settings: SettingsRepo;
  /** The plan state on the shop item and what the last downgrade deactivated. */
  billing: BillingRepo;
  /** The order claims and booking attempts that keep a booking exactly-once. */
  attempts: AttemptLedger;
  /** Bookings, with their pointers and timeline. */
  bookings: BookingRepo;
  /** The status sync's work list: an account's moving parcels by window, and its watched ones. */
  syncWorkList: SyncWorkList;
  /** The bookings' counter items (by day and month, staff, city, deliveries) and the days the recount checks. */
  counters: CounterStore;
  /** What waits for a person ('Needs attention'). */
  attention: AttentionStore;
  /** The tracking modal's asks of the courier, at most one per parcel in ten minutes. */
  trackingAsks: TrackingAsks;
  /** The rows of each bulk booking. */
  bulkRows: BulkRows;
  /** The one-off move of existing bookings to issue 18's counter items and indexes (the bookings.migrate job). */
  countersMigration: CountersMigration;
  /** A courier adapter for one tracking account's credentials; the domain never branches on courier. */
  courier: (company: CourierId, credentials: CourierCredentials) => CourierAdapter;
  mailer: Mailer;
  /** The private files bucket: exports now, airway bills next. */
  files: FileStore;
  /** CSV exports and where each stands. */
  exports: ExportStore;
  /** The outbox: background work is queued here (a job record, then its message). */
  jobs: JobQueue;
  jobRecords: JobRecords;
  secrets: SecretBox;
  /** fetch bounded by the invocation's deadline (ground/invocation.ts): use it for every outbound call. */
  fetch: typeof fetch;
  /** The Shopify client secret, then the previous one during a rotation. */
  shopifySecrets: () => Promise<string[]>;
  /** What CloudFront sends in the origin header (platform/origin.ts): the API's first check. */
  originSecrets: OriginSecrets;
  /** The installed shop's Admin API: token decrypted once per container, refreshed before it lapses, throttle-paced. */
  shopifyFor: (shop: ShopTarget) => ShopifyAdmin;
  shopifyTokens: ShopTokenStore;
  /** What this container spent, for the bench and logs (never a metric dimension per shop). */
  shopifySpend: ShopifySpend;
}
