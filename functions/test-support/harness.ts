import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { API_BASE, ALL_SCOPES, ORIGIN_HEADER, buildPath, routeKey, routes, type RouteId, type Scope } from '@dakiya/shared';
// the harness serves every group, those that book included
import '../adapters/dynamo/booking-store/register';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocClient } from '../adapters/dynamo/client';
import { ensureTable } from '../adapters/dynamo/create-table';
import { buildDeps, type DepsOverrides } from '../platform/deps';
import type { Deps } from '../domain/ports/deps';
import { parseEnv } from '../ground/env';
import { groupHandler } from '../platform/chain';
import { silentLog } from '../ground/log';
import { noMetrics } from '../ground/metrics';
import { hashPassword } from '../ground/passwords';
import { newId } from '../ground/ids';
import { operationsByGroup } from '../registry';
import type { Mailer, OutgoingMail } from '../domain/ports/mailer';
import type { AccountRecord, PersonRecord, ShopRecord, UserRecord } from '../domain/records';
import { startSession } from '../domain/sessions';
import { createSqsClient } from '../adapters/sqs/job-queue';
import { createJobQueues, type JobQueues } from '../../local/services/sqs';
import { createFilesBucket } from '../../local/services/files-bucket';
import { startJobPoller, type JobPoller } from '../../local/job-poller';

export const TEST_SHOPIFY_SECRET = 'test-shopify-secret';
/** What the tests' stand-in for CloudFront sends in the origin header (`headers: { [ORIGIN_HEADER]: '' }` leaves it out). */
export const TEST_ORIGIN_SECRET = 'test-origin-secret';

/** Records mail instead of sending it; local-stack tests read the real local SES instead. */
export class MailBox implements Mailer {
  readonly sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail) { this.sent.push(mail); }
}

export interface TestDeps extends Deps {
  /** The table's and the queues' clients, for what a test checks or sets up beside the ports. */
  db: DynamoDBDocumentClient;
  sqs: SQSClient;
  queueUrls: JobQueues['urls'];
  mailbox: MailBox;
  /** The job queues of this table, run by the local poller: `drainJobs()` runs what was queued. */
  poller: JobPoller;
  queues: JobQueues;
  drainJobs(): Promise<void>;
}

/**
 * Deps on DynamoDB Local with a fresh table per call and fauxqs with fresh job queues, so test files
 * never see each other's rows or messages. Queued work runs when a test calls `drainJobs()`, through
 * the same poller and job chain as local mode; a failed message comes back at once.
 */
export async function testDeps(overrides: DepsOverrides = {}, envOverrides: Record<string, string> = {}): Promise<TestDeps> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomBytes(6).toString('hex')}`;
  const sqsEndpoint = inject('sqsEndpoint');
  const sqs = createSqsClient('us-east-1', sqsEndpoint);
  const queues = await createJobQueues(sqs, tableName);
  await createFilesBucket(sqsEndpoint, tableName);
  const env = parseEnv({
    TABLE_NAME: tableName,
    AWS_REGION: 'us-east-1',
    DYNAMO_ENDPOINT: endpoint,
    LOCAL_SECRET_KEY: randomBytes(32).toString('base64'),
    APP_URL: 'http://127.0.0.1:5999',
    SHOPIFY_CLIENT_ID: 'test-client-id',
    SHOPIFY_CLIENT_SECRET: TEST_SHOPIFY_SECRET,
    ORIGIN_SECRET: TEST_ORIGIN_SECRET,
    SHOPIFY_ORIGIN_TEMPLATE: 'http://127.0.0.1:1/_shops/{shop}',
    LOG_LEVEL: 'ERROR',
    SQS_ENDPOINT: sqsEndpoint,
    FILES_BUCKET: tableName,
    JOB_QUEUE_URLS: JSON.stringify(queues.urls),
    ...envOverrides,
  });
  const db = createDocClient({ region: env.AWS_REGION, endpoint });
  await ensureTable(db as unknown as Parameters<typeof ensureTable>[0], tableName);
  const mailbox = new MailBox();
  const deps = buildDeps(env, { db, sqs, mailer: mailbox, log: silentLog, metrics: noMetrics, ...overrides });
  const poller = await startJobPoller({ deps, sqs, queues, background: false, retryAfterSeconds: 0 });
  return Object.assign(deps, { db, sqs, queueUrls: queues.urls, mailbox, poller, queues, drainJobs: () => poller.drain() });
}

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is, for junk-JSON and raw-body cases. */
  rawBody?: string;
  /** Bytes that need not be UTF-8, sent base64-encoded as API Gateway does with a binary body. */
  rawBytes?: Buffer;
  token?: string;
  /** Merged over `content-type: application/json`; an empty value removes a header. */
  headers?: Record<string, string>;
}

export function apiEvent(id: RouteId, input: CallInput = {}): APIGatewayProxyEventV2 {
  const route = routes[id];
  const path = `${API_BASE}${buildPath(route.path, input.params ?? {})}`;
  // every call comes through CloudFront, as in AWS, unless a test leaves the origin header out
  const headers: Record<string, string> = { 'content-type': 'application/json', [ORIGIN_HEADER]: TEST_ORIGIN_SECRET, ...input.headers };
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const query = input.query ?? {};
  const body = input.rawBytes?.toString('base64') ?? input.rawBody ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    cookies: [],
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: input.params,
    body,
    isBase64Encoded: input.rawBytes !== undefined,
    requestContext: {
      accountId: 'local', apiId: 'local', domainName: 'localhost', domainPrefix: 'localhost',
      http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomBytes(8).toString('hex'), routeKey: routeKey(route), stage: '$default',
      time: new Date().toUTCString(), timeEpoch: Date.now(),
    },
  } as APIGatewayProxyEventV2;
}

export interface CallResult {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on exact JSON
  headers: Record<string, string>;
  cookies: string[];
}

const handlers = new WeakMap<Deps, Map<string, ReturnType<typeof groupHandler>>>();

/** Invoke the route's real group handler (the same middy chain Lambda runs) with these deps. */
export async function call(deps: Deps, id: RouteId, input: CallInput = {}): Promise<CallResult> {
  const group = routes[id].group;
  let byGroup = handlers.get(deps);
  if (!byGroup) { byGroup = new Map(); handlers.set(deps, byGroup); }
  let handler = byGroup.get(group);
  if (!handler) {
    handler = groupHandler(group, operationsByGroup[group] as never, () => deps);
    byGroup.set(group, handler);
  }
  const result = await handler(apiEvent(id, input), {} as Context);
  const text = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    body: text ? JSON.parse(text) : undefined,
    headers: (result.headers ?? {}) as Record<string, string>,
    cookies: result.cookies ?? [],
  };
}

/** Seeded people share their fixed passwords; hashing each once (scrypt is slow on purpose) keeps the matrices fast. */
const hashes = new Map<string, Promise<string>>();
const seedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) { hash = hashPassword(password); hashes.set(password, hash); }
  return hash;
};

export interface SeededShop {
  shop: ShopRecord;
  owner: UserRecord;
  person: PersonRecord;
  ownerToken: string;
  password: string;
}

/** A new person with a password, not yet in any shop (written when a membership joins it). */
export async function newPerson(deps: Deps, email: string, password: string): Promise<PersonRecord> {
  const stamp = deps.now().toISOString();
  return {
    _id: newId(), email: email.toLowerCase(), passwordHash: await seedHash(password), two_factor_enabled: false,
    membershipCount: 0, createdAt: stamp, updatedAt: stamp,
  };
}

/**
 * A shop with an owner who has a password and a session, written through the repositories. With
 * `person`, the owner is that existing person (a merchant's second store).
 */
export async function seedShop(
  deps: Deps, opts: { plan?: ShopRecord['plan']; domain?: string; name?: string; person?: PersonRecord } = {},
): Promise<SeededShop> {
  const stamp = deps.now().toISOString();
  const shopId = newId();
  const password = 'owner-password-1';
  const domain = opts.domain ?? `shop-${randomBytes(4).toString('hex')}.myshopify.com`;
  const person = opts.person ?? (await newPerson(deps, `owner@${domain}`, password));
  const owner: UserRecord = {
    _id: newId(), shopId, personId: person._id, first_name: 'Ayesha', last_name: 'Khan', email: person.email, phone: '03001234567',
    role: 'ADMIN', tag: 'owner', access_scopes: [...ALL_SCOPES], is_active: true, is_verified_user: true,
    two_factor_enabled: person.two_factor_enabled, createdAt: stamp, updatedAt: stamp,
  };
  const shop: ShopRecord = {
    _id: shopId, domain, name: opts.name ?? 'Lahore Linen', email: owner.email, currency: 'PKR', iana_time_zone: 'Asia/Karachi',
    status: 'ACTIVE', plan: opts.plan ?? 'FREE', installedAt: stamp, updatedAt: stamp, ownerUserId: owner._id,
    shopify: { accessToken: await deps.secrets.encrypt('shpat_test', shopId), scopes: [] }, accountDirectory: {},
  };
  await deps.shops.createWithOwner(shop, owner, { person, isNew: !opts.person });
  const written = (await deps.people.get(person._id))!;
  return { shop, owner, person: written, ownerToken: await startSession(owner, shop, 'full', deps), password };
}

/**
 * A staff member of a shop: a verified person's membership (a new person, or `person` when given), or
 * with `verified: false` an invitation that has not been opened yet.
 */
export async function seedUser(
  deps: Deps,
  shopId: string,
  opts: { role?: 'USER' | 'ADMIN'; scopes?: Scope[]; active?: boolean; verified?: boolean; email?: string; person?: PersonRecord } = {},
): Promise<{ user: UserRecord; token: string; password: string; person?: PersonRecord }> {
  const stamp = deps.now().toISOString();
  const password = 'staff-password-1';
  const email = opts.person?.email ?? opts.email ?? `staff-${randomBytes(4).toString('hex')}@example.pk`;
  const user: UserRecord = {
    _id: newId(), shopId, first_name: 'Bilal', last_name: 'Ahmed', email, phone: '',
    role: opts.role ?? 'USER', tag: 'staff', access_scopes: opts.scopes ?? ['READ_ORDERS'],
    is_active: opts.active ?? true, is_verified_user: false, two_factor_enabled: false,
    createdAt: stamp, updatedAt: stamp,
  };
  const shop = await deps.shops.get(shopId);
  if (opts.verified === false) {
    const invitation = { ...user, invitePasswordHash: await seedHash(password) };
    await deps.members.invite(invitation, undefined);
    return { user: invitation, token: await startSession(invitation, shop ?? {}, 'full', deps), password };
  }
  const person = opts.person ?? (await newPerson(deps, email, password));
  await deps.members.join(user, { person, isNew: !opts.person });
  const member = (await deps.members.get(shopId, user._id))!;
  return { user: member, token: await startSession(member, shop ?? {}, 'full', deps), password, person: (await deps.people.get(person._id))! };
}

/** A tracking account written through the repository with sealed demo credentials (no courier call). */
export async function seedAccount(
  deps: Deps, shopId: string, opts: { company?: AccountRecord['company']; credentials?: Record<string, string>; name?: string; inactive?: boolean } = {},
): Promise<AccountRecord> {
  const stamp = deps.now().toISOString();
  const credentials = opts.credentials ?? { api_key: 'LEOPARD-DEMO-KEY-7F3A91', api_password: 'leopard-demo-pass' };
  const account: AccountRecord = {
    _id: newId(), shopId, name: opts.name ?? `Account ${randomBytes(2).toString('hex')}`, company: opts.company ?? 'LEOPARD',
    address_code: '', weight: 100, in_active: opts.inactive ?? false, city: 'Karachi',
    credentials: await deps.secrets.encrypt(JSON.stringify(credentials), shopId), saved_credentials: Object.keys(credentials),
    createdAt: stamp, updatedAt: stamp,
  };
  await deps.accounts.createCounted(account, undefined);
  return account;
}
