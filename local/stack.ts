import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
// the local stack runs every Lambda in one process, those that book included
import '@dakiya/functions/adapters/dynamo/booking-store/register';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '@dakiya/functions/adapters/dynamo/create-table';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocClient } from '@dakiya/functions/adapters/dynamo/client';
import { migrateToPeople } from '@dakiya/functions/adapters/dynamo/migrate-people';
import { buildDeps } from '@dakiya/functions/platform/deps';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import { parseEnv, type Env } from '@dakiya/functions/ground/env';
import type { LogLevel } from '@dakiya/functions/ground/log';
import { noMetrics } from '@dakiya/functions/ground/metrics';
import { powertoolsLog } from '@dakiya/functions/adapters/powertools/log';
import { ROOT, type LocalConfig } from './config';
import { startDynamo } from './services/dynamo';
import { startSes } from './services/ses';
import { createJobQueues, startSqs, type JobQueues } from './services/sqs';
import { createFilesBucket } from './services/files-bucket';
import { createSqsClient } from '@dakiya/functions/adapters/sqs/job-queue';
import { startJobPoller, type JobPoller } from './job-poller';
import { runNamedSyncPass } from './sync-named';
import { runSyncPass } from './sync-pass';
import { freePort, isPortTaken } from './services/ports';
import { startGateway } from './gateway';
import { startShopifySim } from './simulators/shopify';
import { startCourierSims, type CourierSims } from './simulators/couriers';

export const TABLE_NAME = 'dakiya';
/** The private files bucket on fauxqs's S3 (exports; airway bills next). */
export const FILES_BUCKET = 'dakiya-files';

export interface Stack {
  appUrl: string;
  inboxUrl: string;
  shopifyUrl: string;
  dynamoEndpoint: string;
  sqsUrl: string;
  queues: JobQueues;
  /** Plays the SQS event source and the schedules of the job table. */
  jobs: JobPoller;
  couriers: CourierSims;
  shopify: Awaited<ReturnType<typeof startShopifySim>>;
  env: Env;
  deps: Deps;
  /** The table's client (the bench meters it and writes straight into the table). */
  db: DynamoDBDocumentClient;
  config: LocalConfig;
  stop(): Promise<void>;
}

export interface StackOptions {
  config: LocalConfig;
  /** Keep DynamoDB data on disk in config.dataDir; tests run in memory on random ports. */
  persistent: boolean;
  randomPorts?: boolean;
  webDir?: string;
  logLevel?: LogLevel;
  /**
   * The status sync's hourly slot on a timer, every this many minutes (`./dakiya start`:
   * DAKIYA_SYNC_EVERY_MINUTES). Absent or 0: off, as in tests and the end-to-end world, where a pass
   * would move other tests' parcels; they run one by hand (`runSyncPass`).
   */
  syncEveryMinutes?: number;
  /** Settings of the functions' environment this stack alone needs (see functions/platform/env.ts). */
  env?: Record<string, string>;
}

function secretKey(config: LocalConfig, persistent: boolean): string {
  if (!persistent) return randomBytes(32).toString('base64');
  // the key must outlive restarts or the stored Shopify tokens and courier credentials stop decrypting
  const file = path.join(config.dataDir, 'local-secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** DynamoDB Local, SQS, SES, the simulators and the gateway, on 127.0.0.1; stop() ends every one. */
export async function startStack(opts: StackOptions): Promise<Stack> {
  // A random port is free when chosen and taken a moment later when another run on the machine starts
  // beside this one (two test runs side by side): start again on other ports rather than fail the run.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStackOnce(opts);
    } catch (error) {
      if (!opts.randomPorts || attempt >= 3 || !isPortTaken(error)) throw error;
    }
  }
}

async function startStackOnce(opts: StackOptions): Promise<Stack> {
  const { config } = opts;
  const port = async (p: number) => (opts.randomPorts ? freePort() : p);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => { for (const s of stops.reverse()) await s().catch(() => undefined); };
  try {
    const gatewayPort = await port(config.ports.gateway);
    const appUrl = `http://127.0.0.1:${gatewayPort}`;

    const dynamo = await startDynamo({ port: await port(config.ports.dynamo), dbPath: opts.persistent ? path.join(config.dataDir, 'dynamodb') : undefined });
    stops.push(() => dynamo.stop());
    const raw = new DynamoDBClient({ region: 'us-east-1', endpoint: dynamo.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await ensureTable(raw, TABLE_NAME);

    const sqs = await startSqs(await port(config.ports.sqs));
    stops.push(() => sqs.stop());
    const sqsClient = createSqsClient('us-east-1', sqs.url);
    const queues = await createJobQueues(sqsClient);
    await createFilesBucket(sqs.url, FILES_BUCKET);
    const ses = await startSes(await port(config.ports.ses));
    stops.push(() => ses.stop());

    const shopify = await startShopifySim({
      port: await port(config.ports.shopify),
      clientId: config.shopify.clientId,
      clientSecret: config.shopify.clientSecret,
      redirectUris: [`${appUrl}/api/v1/shopify/callback`],
      appUrl: `${appUrl}/api/v1/shopify/install`,
      webhookUri: `${appUrl}/api/v1/shopify/webhooks`,
    });
    stops.push(() => shopify.stop());
    const couriers = await startCourierSims({
      ports: opts.randomPorts ? undefined : config.ports.couriers,
      // bookings kept in DynamoDB must still be parcels at their courier after a restart
      dataDir: opts.persistent ? path.join(config.dataDir, 'couriers') : undefined,
    });
    stops.push(() => couriers.stop());

    // the gateway stands in for CloudFront: a fresh origin value per start, known to it and the handlers only
    const originSecret = randomBytes(32).toString('base64url');
    const env = parseEnv({
      TABLE_NAME,
      AWS_REGION: 'us-east-1',
      DYNAMO_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqs.url,
      SES_ENDPOINT: ses.url,
      JOB_QUEUE_URLS: JSON.stringify(queues.urls),
      FILES_BUCKET,
      LOCAL_SECRET_KEY: secretKey(config, opts.persistent),
      APP_URL: appUrl,
      SUPPORT_EMAIL: config.supportEmail,
      SHOPIFY_CLIENT_ID: config.shopify.clientId,
      SHOPIFY_CLIENT_SECRET: config.shopify.clientSecret,
      ORIGIN_SECRET: originSecret,
      SHOPIFY_ORIGIN_TEMPLATE: `${shopify.url}/_shops/{shop}`,
      SHOPIFY_APP_BRIDGE_URL: `${shopify.url}/shopifycloud/app-bridge.js`,
      // the simulator's shops are development stores: charges are test charges
      SHOPIFY_BILLING_TEST: 'true',
      COURIER_BASE_URLS: JSON.stringify(couriers.urls),
      LOG_LEVEL: opts.logLevel === 'SILENT' ? 'ERROR' : (opts.logLevel ?? 'WARN'),
      ...opts.env,
    });
    const db = createDocClient({ region: env.AWS_REGION, endpoint: env.DYNAMO_ENDPOINT });
    // local mode logs as Lambda does; the metrics' embedded JSON would only crowd the terminal
    const deps = buildDeps(env, { db, sqs: sqsClient, log: powertoolsLog(opts.logLevel ?? 'WARN'), metrics: noMetrics });
    // data kept on disk by a version from before people (issue 8) moves over once; later starts find nothing
    if (opts.persistent) await migrateToPeople(db, TABLE_NAME, deps.secrets, deps.now);

    // after a start fauxqs holds no message: every job record still pending is sent again
    const jobs = await startJobPoller({
      deps, sqs: sqsClient, queues, background: true, resendPendingOnStart: opts.persistent,
      schedules: { 'sync.schedule': opts.syncEveryMinutes ? { everyMinutes: opts.syncEveryMinutes } : 'off' },
    });
    stops.push(() => jobs.stop());
    // bookings kept on disk from before issue 18 move to its counters and indexes (a single read once done)
    if (opts.persistent) await jobs.runScheduled('bookings.migrate');
    // and bookings kept from before the order pointers get theirs (privacy requests find bookings by them)
    if (opts.persistent) await jobs.runScheduled('bookings.pointers');

    const gateway = await startGateway({
      port: gatewayPort, deps, originSecret, webDir: opts.webDir ?? path.join(ROOT, 'web', 'dist'), runScheduled: (job) => jobs.runScheduled(job),
      runSync: (filter) => (filter.trackingNumbers ? runNamedSyncPass(deps, filter.trackingNumbers) : runSyncPass(deps, jobs)),
    });
    stops.push(() => gateway.stop());

    return {
      appUrl, inboxUrl: ses.url, shopifyUrl: shopify.url, dynamoEndpoint: dynamo.endpoint, sqsUrl: sqs.url, queues, jobs,
      couriers, shopify, env, deps, db, config, stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
