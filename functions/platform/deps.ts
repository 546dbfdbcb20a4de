import { KMSClient } from '@aws-sdk/client-kms';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocClient } from '../adapters/dynamo/client';
import { DynamoShopRepo } from '../adapters/dynamo/shop-repo';
import { DynamoUserRepo } from '../adapters/dynamo/user-repo';
import { DynamoSessionRepo } from '../adapters/dynamo/session-repo';
import { DynamoOAuthStateRepo, DynamoWebhookLog } from '../adapters/dynamo/oauth-state-repo';
import { DynamoLinkRepo } from '../adapters/dynamo/link-repo';
import { SesMailer, createSesClient } from '../adapters/email/ses-mailer';
import { DynamoStaffRepo } from '../adapters/dynamo/staff-repo';
import { DynamoRateLimiter } from '../adapters/dynamo/rate-limiter';
import type { LinkRepo, OAuthStateRepo, RateLimiter, SessionRepo, ShopRepo, StaffRepo, UserRepo, WebhookLog } from '../domain/ports/repos';
import type { Mailer } from '../domain/ports/mailer';
import { env as readEnv, type Env } from './env';
import { createLog, type Log } from './log';
import { KmsSecretBox, LocalSecretBox, type SecretBox } from './secret-box';

/** Everything an operation may touch. Built once per cold start; tests build their own. */
export interface Deps {
  env: Env;
  now: () => Date;
  log: Log;
  db: DynamoDBDocumentClient;
  shops: ShopRepo;
  users: UserRepo;
  sessions: SessionRepo;
  oauthStates: OAuthStateRepo;
  webhooks: WebhookLog;
  links: LinkRepo;
  staff: StaffRepo;
  limiter: RateLimiter;
  mailer: Mailer;
  secrets: SecretBox;
  fetch: typeof fetch;
}

export function buildDeps(env: Env, overrides: Partial<Deps> = {}): Deps {
  const now = overrides.now ?? (() => new Date());
  const db = overrides.db ?? createDocClient({ region: env.AWS_REGION, endpoint: env.DYNAMO_ENDPOINT });
  const table = env.TABLE_NAME;
  const secrets = overrides.secrets ?? (env.LOCAL_SECRET_KEY
    ? new LocalSecretBox(env.LOCAL_SECRET_KEY)
    : new KmsSecretBox(new KMSClient({ region: env.AWS_REGION }), env.KMS_KEY_ID ?? ''));
  return {
    env,
    now,
    log: createLog(env.LOG_LEVEL),
    db,
    shops: new DynamoShopRepo(db, table),
    users: new DynamoUserRepo(db, table),
    sessions: new DynamoSessionRepo(db, table, () => Math.floor(now().getTime() / 1000)),
    oauthStates: new DynamoOAuthStateRepo(db, table),
    webhooks: new DynamoWebhookLog(db, table),
    links: new DynamoLinkRepo(db, table),
    staff: new DynamoStaffRepo(db, table),
    limiter: new DynamoRateLimiter(db, table, () => Math.floor(now().getTime() / 1000)),
    mailer: overrides.mailer ?? new SesMailer(createSesClient(env.AWS_REGION, env.SES_ENDPOINT), env.MAIL_FROM),
    secrets,
    fetch: globalThis.fetch,
    ...overrides,
  };
}

let shared: Deps | undefined;
/** The Lambda's deps: clients live across invocations of one container. */
export function defaultDeps(): Deps {
  shared ??= buildDeps(readEnv());
  return shared;
}
