import { KMSClient } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientConfig } from '../adapters/aws-client';
import { createCourierAdapter } from '../adapters/couriers';
import { KmsSecretBox, LocalSecretBox } from '../adapters/crypto/secret-box';
import { DynamoAccountRepo } from '../adapters/dynamo/account-repo';
import { DynamoAttentionStore, DynamoTrackingAsks } from '../adapters/dynamo/attention-items';
import { DynamoBillingRepo } from '../adapters/dynamo/billing-repo';
import { bookingStoreLoadedOnFirstUse } from '../adapters/dynamo/booking-store/loaded-on-first-use';
import { DynamoSyncWorkList } from '../adapters/dynamo/booking-store/sync-work-list';
import { createDocClient } from '../adapters/dynamo/client';
import { DynamoJobRecords } from '../adapters/dynamo/job-repo';
import { DynamoExportStore } from '../adapters/dynamo/export-repo';
import { createS3Client, S3FileStore } from '../adapters/s3/file-store';
import { DynamoLinkRepo } from '../adapters/dynamo/link-repo';
import { DynamoMemberRepo } from '../adapters/dynamo/member-repo';
import { DynamoOAuthStateRepo, DynamoWebhookLog } from '../adapters/dynamo/oauth-state-repo';
import { DynamoPeopleRepo } from '../adapters/dynamo/people-repo';
import { DynamoRateLimiter } from '../adapters/dynamo/rate-limiter';
import { DynamoSessionRepo } from '../adapters/dynamo/session-repo';
import { DynamoSettingsRepo } from '../adapters/dynamo/settings-repo';
import { DynamoShopRepo } from '../adapters/dynamo/shop-repo';
import { DynamoShopTokens } from '../adapters/dynamo/shop-tokens';
import { DynamoSignInCodes } from '../adapters/dynamo/sign-in-codes';
import { DynamoSignInTries } from '../adapters/dynamo/sign-in-tries';
import { DynamoUsageStore } from '../adapters/dynamo/usage-store';
import { SesMailer, createSesClient } from '../adapters/email/ses-mailer';
import { powertoolsLog } from '../adapters/powertools/log';
import { powertoolsMetrics } from '../adapters/powertools/metrics';
import { createShopifyPort } from '../adapters/shopify';
import { createSqsClient, SqsJobQueue, type QueueUrls } from '../adapters/sqs/job-queue';
import type { Deps } from '../domain/ports/deps';
import type { Env } from '../ground/env';
import { withDeadline } from '../ground/invocation';
import { env as readEnv } from './env';
import { guardFiles, guardMailer, guardSecretBox, guardShopifySecrets, guardTable } from './least-privilege';
import { originSecretsFrom } from './origin';

/** The clients behind the ports, which tests and local mode may hand in (they also read the table and queues themselves). */
export interface DepsOverrides extends Partial<Deps> {
  db?: DynamoDBDocumentClient;
  sqs?: SQSClient;
  /** The queue of each job row this function may send to (JOB_QUEUE_URLS). */
  queueUrls?: QueueUrls;
}

/** The real ports, built once per cold start; tests and local mode override what they need. */
export function buildDeps(env: Env, overrides: DepsOverrides = {}): Deps {
  const { db: givenDb, sqs: givenSqs, queueUrls: givenUrls, ...ports } = overrides;
  const now = ports.now ?? (() => new Date());
  const db = givenDb ?? createDocClient({ region: env.AWS_REGION, endpoint: env.DYNAMO_ENDPOINT });
  const table = env.TABLE_NAME;
  const secrets = ports.secrets ?? (env.LOCAL_SECRET_KEY
    ? new LocalSecretBox(env.LOCAL_SECRET_KEY)
    : new KmsSecretBox(new KMSClient(awsClientConfig(env.AWS_REGION)), env.KMS_KEY_ID ?? ''));
  const log = ports.log ?? powertoolsLog(env.LOG_LEVEL);
  const metrics = ports.metrics ?? powertoolsMetrics(env.AWS_LAMBDA_FUNCTION_NAME);
  const jobRecords = ports.jobRecords ?? new DynamoJobRecords(db, table);
  const sqs = givenSqs ?? createSqsClient(env.AWS_REGION, env.SQS_ENDPOINT);
  const queueUrls = givenUrls ?? (env.JOB_QUEUE_URLS as QueueUrls);
  let secrets$: Promise<string[]> | undefined;
  const shopifyTokens = ports.shopifyTokens ?? new DynamoShopTokens(db, table);
  const shopifySpend = { requests: 0, points: 0, throttled: 0 };
  const fetchFn = ports.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const shopifySecrets = () => (secrets$ ??= loadShopifySecrets(env).catch((error) => { secrets$ = undefined; throw error; }));
  // What each Lambda may touch is enforced here too, from its declared needs (least-privilege.ts),
  // and every outbound call is bounded by the invocation's deadline (invocation.ts).
  const sealedBox = guardSecretBox(secrets);
  const readShopifySecrets = guardShopifySecrets(ports.shopifySecrets ?? shopifySecrets);
  const mailer = guardMailer(ports.mailer ?? new SesMailer(createSesClient(env.AWS_REGION, env.SES_ENDPOINT), env.MAIL_FROM));
  const files = guardFiles(ports.files ?? new S3FileStore(createS3Client(env.AWS_REGION, env.S3_ENDPOINT ?? env.SQS_ENDPOINT), env.FILES_BUCKET));
  const outbound = withDeadline(fetchFn);
  guardTable(db);
  return {
    env,
    now,
    log,
    metrics,
    shops: new DynamoShopRepo(db, table),
    members: new DynamoMemberRepo(db, table),
    people: new DynamoPeopleRepo(db, table),
    sessions: new DynamoSessionRepo(db, table, () => Math.floor(now().getTime() / 1000)),
    oauthStates: new DynamoOAuthStateRepo(db, table),
    webhooks: new DynamoWebhookLog(db, table),
    links: new DynamoLinkRepo(db, table),
    limiter: new DynamoRateLimiter(db, table, () => Math.floor(now().getTime() / 1000)),
    signInTries: new DynamoSignInTries(db, table, () => Math.floor(now().getTime() / 1000)),
    signInCodes: new DynamoSignInCodes(db, table, () => Math.floor(now().getTime() / 1000)),
    accounts: new DynamoAccountRepo(db, table),
    usage: new DynamoUsageStore(db, table),
    settings: new DynamoSettingsRepo(db, table),
    billing: new DynamoBillingRepo(db, table),
    ...bookingStoreLoadedOnFirstUse(db, table),
    attention: new DynamoAttentionStore(db, table),
    trackingAsks: new DynamoTrackingAsks(db, table),
    syncWorkList: new DynamoSyncWorkList(db, table),
    originSecrets: originSecretsFrom(env),
    courier: (company, credentials) => createCourierAdapter(company, credentials, {
      baseUrls: env.COURIER_BASE_URLS?.[company], timeoutMs: env.COURIER_TIMEOUT_MS, fetch: outbound,
    }),
    jobs: new SqsJobQueue(sqs, queueUrls, jobRecords, now, log),
    jobRecords,
    exports: new DynamoExportStore(db, table),
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
        metrics.count('ShopifyRequests');
        metrics.count('ShopifyPoints', cost.actualQueryCost ?? 0);
        // Shopify ran nothing: the answer was THROTTLED (a paced client should seldom see one)
        if (cost.actualQueryCost === null) {
          shopifySpend.throttled += 1;
          metrics.count('ShopifyThrottled');
        }
      },
    }),
    ...ports,
    fetch: withDeadline(ports.fetch ?? globalThis.fetch),
    secrets: sealedBox,
    mailer,
    files,
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
