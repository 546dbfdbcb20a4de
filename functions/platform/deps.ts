import { KMSClient } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocClient } from '../adapters/dynamo/client';
import { DynamoShopRepo } from '../adapters/dynamo/shop-repo';
import { DynamoUserRepo } from '../adapters/dynamo/user-repo';
import { DynamoPeopleRepo } from '../adapters/dynamo/people-repo';
import { DynamoSessionRepo } from '../adapters/dynamo/session-repo';
import { DynamoOAuthStateRepo, DynamoWebhookLog } from '../adapters/dynamo/oauth-state-repo';
import { DynamoLinkRepo } from '../adapters/dynamo/link-repo';
import { SesMailer, createSesClient } from '../adapters/email/ses-mailer';
import { DynamoStaffRepo } from '../adapters/dynamo/staff-repo';
import { DynamoRateLimiter } from '../adapters/dynamo/rate-limiter';
import { DynamoSignInCodes } from '../adapters/dynamo/sign-in-codes';
import { DynamoSignInTries } from '../adapters/dynamo/sign-in-tries';
import type { SignInCodeStore, SignInTriesStore } from '../domain/ports/sign-in';
import { DynamoAccountRepo } from '../adapters/dynamo/account-repo';
import { DynamoUsageStore } from '../adapters/dynamo/usage-store';
import { DynamoBillingRepo } from '../adapters/dynamo/billing-repo';
import type { DynamoBookingStore } from '../adapters/dynamo/booking-repo';
import { lazyBookingStore } from './booking-store-slot';
import { createUsage, type Usage } from '../domain/billing/usage';
import { DynamoSettingsRepo } from '../adapters/dynamo/settings-repo';
import { createCourierAdapter } from '../adapters/couriers';
import { DynamoShopTokens } from '../adapters/dynamo/shop-tokens';
import { createShopifyPort, type ShopifyClient, type ShopTarget } from '../adapters/shopify';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoJobRecords } from '../adapters/dynamo/job-repo';
import { createSqsClient, SqsJobQueue, type QueueUrls } from '../adapters/sqs/job-queue';
import type { JobQueue, JobRecords } from '../domain/ports/jobs';
import type { CourierAdapter, CourierCredentials, CourierId } from '../domain/ports/courier';
import type {
  AccountRepo, BillingRepo, LinkRepo, OAuthStateRepo, PeopleRepo, RateLimiter, SessionRepo, SettingsRepo, ShopRepo, StaffRepo, UserRepo, WebhookLog,
} from '../domain/ports/repos';
import type { Mailer } from '../domain/ports/mailer';
import { awsClientConfig } from '../adapters/aws-client';
import { env as readEnv, type Env } from './env';
import { originSecretsFrom, type OriginSecrets } from './origin';
import { withDeadline } from './invocation';
import { guardMailer, guardSecretBox, guardShopifySecrets, guardTable } from './least-privilege';
import { createLog, type Log } from './log';
import { KmsSecretBox, LocalSecretBox, type SecretBox } from './secret-box';

/** Everything an operation may touch. Built once per cold start; tests build their own. */
export interface Deps {
  env: Env;
  now: () => Date;
  log: Log;
  db: DynamoDBDocumentClient;
  shops: ShopRepo;
  /** Memberships and invitations of shops (the API's staff users). */
  users: UserRepo;
  /** People: one sign-in each, in one or several shops. */
  people: PeopleRepo;
  sessions: SessionRepo;
  oauthStates: OAuthStateRepo;
  webhooks: WebhookLog;
  links: LinkRepo;
  staff: StaffRepo;
  limiter: RateLimiter;
  /** Sign-in's slow-down and step-up (domain/sign-in-limits.ts), and the sign-ins waiting for an emailed code. */
  signInTries: SignInTriesStore;
  signInCodes: SignInCodeStore;
  accounts: AccountRepo;
  /** The monthly order usage (the free plan's 5000, the usage bar): booking reserves, a courier's refusal releases. */
  usage: Usage;
  /** Store settings (free shipping, discount line, order tags, default weight); defaults for a shop that never saved. */
  settings: SettingsRepo;
  /** The plan state on the shop item and what the last downgrade deactivated. */
  billing: BillingRepo;
  /** Bookings, their order claims and attempts, pointers, timeline and per-day counters. */
  bookingStore: DynamoBookingStore;
  /** A courier adapter for one tracking account's credentials; the domain never branches on courier. */
  courier: (company: CourierId, credentials: CourierCredentials) => CourierAdapter;
  mailer: Mailer;
  /** The outbox: background work is queued here (a job record, then its SQS message). */
  jobs: JobQueue;
  jobRecords: JobRecords;
  sqs: SQSClient;
  /** The queue of each job row this function may send to (JOB_QUEUE_URLS). */
  queueUrls: QueueUrls;
  secrets: SecretBox;
  /** fetch bounded by the invocation's deadline (platform/invocation.ts): use it for every outbound call. */
  fetch: typeof fetch;
  /** The Shopify client secret, then the previous one during a rotation. */
  shopifySecrets: () => Promise<string[]>;
  /** What CloudFront sends in the origin header (platform/origin.ts): the API's first check. */
  originSecrets: OriginSecrets;
  /** The installed shop's Admin API: token decrypted once per container, refreshed before it lapses, throttle-paced. */
  shopifyFor: (shop: ShopTarget) => ShopifyClient;
  shopifyTokens: DynamoShopTokens;
  /** What this container spent, for the bench and logs (never a metric dimension per shop). */
  shopifySpend: { requests: number; points: number; throttled: number };
}

export function buildDeps(env: Env, overrides: Partial<Deps> = {}): Deps {
  const now = overrides.now ?? (() => new Date());
  const db = overrides.db ?? createDocClient({ region: env.AWS_REGION, endpoint: env.DYNAMO_ENDPOINT });
  const table = env.TABLE_NAME;
  const secrets = overrides.secrets ?? (env.LOCAL_SECRET_KEY
    ? new LocalSecretBox(env.LOCAL_SECRET_KEY)
    : new KmsSecretBox(new KMSClient(awsClientConfig(env.AWS_REGION)), env.KMS_KEY_ID ?? ''));
  const log = overrides.log ?? createLog(env.LOG_LEVEL);
  const jobRecords = overrides.jobRecords ?? new DynamoJobRecords(db, table);
  const sqs = overrides.sqs ?? createSqsClient(env.AWS_REGION, env.SQS_ENDPOINT);
  const queueUrls = overrides.queueUrls ?? (env.JOB_QUEUE_URLS as QueueUrls);
  let secrets$: Promise<string[]> | undefined;
  const shopifyTokens = overrides.shopifyTokens ?? new DynamoShopTokens(db, table);
  const shopifySpend = { requests: 0, points: 0, throttled: 0 };
  const fetchFn = overrides.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const shopifySecrets = () => (secrets$ ??= loadShopifySecrets(env).catch((error) => { secrets$ = undefined; throw error; }));
  // What each Lambda may touch is enforced here too, from its declared needs (least-privilege.ts),
  // and every outbound call is bounded by the invocation's deadline (invocation.ts).
  const sealedBox = guardSecretBox(secrets);
  const readShopifySecrets = guardShopifySecrets(overrides.shopifySecrets ?? shopifySecrets);
  const mailer = guardMailer(overrides.mailer ?? new SesMailer(createSesClient(env.AWS_REGION, env.SES_ENDPOINT), env.MAIL_FROM));
  const outbound = withDeadline(fetchFn);
  guardTable(db);
  return {
    env,
    now,
    log,
    db,
    shops: new DynamoShopRepo(db, table),
    users: new DynamoUserRepo(db, table),
    people: new DynamoPeopleRepo(db, table),
    sessions: new DynamoSessionRepo(db, table, () => Math.floor(now().getTime() / 1000)),
    oauthStates: new DynamoOAuthStateRepo(db, table),
    webhooks: new DynamoWebhookLog(db, table),
    links: new DynamoLinkRepo(db, table),
    staff: new DynamoStaffRepo(db, table),
    limiter: new DynamoRateLimiter(db, table, () => Math.floor(now().getTime() / 1000)),
    signInTries: new DynamoSignInTries(db, table, () => Math.floor(now().getTime() / 1000)),
    signInCodes: new DynamoSignInCodes(db, table, () => Math.floor(now().getTime() / 1000)),
    accounts: new DynamoAccountRepo(db, table),
    usage: createUsage(new DynamoUsageStore(db, table)),
    settings: new DynamoSettingsRepo(db, table),
    billing: new DynamoBillingRepo(db, table),
    bookingStore: lazyBookingStore(db, table),
    originSecrets: originSecretsFrom(env),
    courier: (company, credentials) => createCourierAdapter(company, credentials, {
      baseUrls: env.COURIER_BASE_URLS?.[company], timeoutMs: env.COURIER_TIMEOUT_MS, fetch: outbound,
    }),
    jobs: new SqsJobQueue(sqs, queueUrls, jobRecords, now, log),
    jobRecords,
    sqs,
    queueUrls,
    shopifyTokens,
    shopifySpend,
    shopifyFor: createShopifyPort({
      origin: env.SHOPIFY_ORIGIN_TEMPLATE, apiVersion: env.SHOPIFY_API_VERSION, clientId: env.SHOPIFY_CLIENT_ID,
      clientSecrets: readShopifySecrets, fetch: outbound, store: shopifyTokens,
      decrypt: (blob, shopId) => sealedBox.decrypt(blob, shopId), encrypt: (plain, shopId) => sealedBox.encrypt(plain, shopId),
      nowMs: () => now().getTime(),
      onCost: (_shop, cost) => {
        shopifySpend.requests += 1;
        shopifySpend.points += cost.actualQueryCost ?? 0;
        // Shopify ran nothing: the answer was THROTTLED (a paced client should seldom see one)
        if (cost.actualQueryCost === null) shopifySpend.throttled += 1;
      },
    }),
    ...overrides,
    fetch: withDeadline(overrides.fetch ?? globalThis.fetch),
    secrets: sealedBox,
    mailer,
    shopifySecrets: readShopifySecrets,
  };
}

/**
 * In AWS the secret lives in Secrets Manager, read once per container. Its value is the secret
 * itself, or JSON `{ "current": "...", "previous": "..." }` while a rotation is under way.
 */
async function loadShopifySecrets(env: Env): Promise<string[]> {
  const previous = env.SHOPIFY_PREVIOUS_CLIENT_SECRET ? [env.SHOPIFY_PREVIOUS_CLIENT_SECRET] : [];
  if (env.SHOPIFY_CLIENT_SECRET) return [env.SHOPIFY_CLIENT_SECRET, ...previous];
  // only the functions that declare `shopifySecret` in shared/src/needs.ts are given the secret
  if (!env.SHOPIFY_CLIENT_SECRET_ARN) throw new Error('this function has no Shopify client secret (SHOPIFY_CLIENT_SECRET or SHOPIFY_CLIENT_SECRET_ARN)');
  const client = new SecretsManagerClient(awsClientConfig(env.AWS_REGION));
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: env.SHOPIFY_CLIENT_SECRET_ARN }));
  if (!SecretString) throw new Error('the Shopify client secret is empty');
  if (SecretString.trim().startsWith('{')) {
    const value = JSON.parse(SecretString) as { current?: string; previous?: string };
    return [value.current ?? '', value.previous ?? ''].filter(Boolean);
  }
  return [SecretString.trim(), ...previous];
}

let shared: Deps | undefined;
/** The Lambda's deps: clients live across invocations of one container. */
export function defaultDeps(): Deps {
  shared ??= buildDeps(readEnv());
  return shared;
}
