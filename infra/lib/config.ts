import type { Node } from 'constructs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { INDEXES } from '../../functions/adapters/dynamo/table';

/**
 * Everything that differs between environments, read once from CDK context (`cdk.json` or
 * `-c key=value`). The stacks take this object as a prop: no construct reads context or branches on
 * the stage name itself. infra/README.md lists every key with its default.
 */
export interface DakiyaConfig {
  /** Short environment name, part of every resource name: `dev`, `staging`, `prod`. */
  stage: string;
  /** The stack's region (default ap-south-1, the region nearest Pakistan). */
  region: string;
  /** The account the stage must deploy to; undefined: the account of the credentials in use. */
  account?: string;
  /** A stage real merchants use: needs a custom domain and an alarm email. Default: stage `prod`. */
  production: boolean;
  /** Where merchants write to; also the default sender domain for mail. */
  supportEmail: string;
  /** `From:` of every mail the app sends. Default: `Dakiya <no-reply@{supportEmail's domain}>`. */
  mailFrom: string;
  /** The SES identity (domain) the functions may send as: the domain of `mailFrom`. */
  mailDomain: string;
  shopifyApiVersion: string;
  /** The app's client id (public). A placeholder with a synth warning when unset. */
  shopifyClientId: string;
  /**
   * Name of an existing Secrets Manager secret holding the Shopify client secret.
   * Unset: the stack creates an empty secret `dakiya/{stage}/shopify-client-secret` to fill in.
   */
  shopifyClientSecretName?: string;
  /**
   * The version of the origin secret CloudFront sends (the deploy script passes the current one, so
   * a deploy after a rotation updates the distribution). Unset: the version current at deploy time.
   */
  originSecretVersion?: string;
  /** Custom domain of the CloudFront distribution; needs `certificateArn` (us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /** A WAF web ACL on CloudFront (stack `Dakiya-{stage}-edge` in us-east-1). */
  waf: boolean;
  /** Who gets the alarms and budget notices (SNS email subscription). */
  alarmEmail?: string;
  /** Monthly AWS cost budget of the account in USD; 0: no budget. */
  monthlyBudgetUsd: number;
  /** API p99 latency above this (ms, three 5-minute periods in a row) raises an alarm. */
  apiLatencyAlarmMs: number;
  /** Reserve each API group's concurrency (GROUP_NEEDS.reservedConcurrency). Off: a new account's quota may be 10. */
  reserveConcurrency: boolean;
  /** The account's Lambda concurrency quota: reservations must leave 100 of it unreserved (AWS rule). */
  accountConcurrency: number;
  /** The GSIs this deploy gives the table (names from INDEXES); the deploy script adds new ones one per step. */
  tableIndexes: readonly string[];
  /** Retention of every log group the stack creates. */
  logRetention: RetentionDays;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** API Gateway stage throttling (requests per second, burst): a ceiling for all callers together. */
  apiRateLimit: number;
  apiBurstLimit: number;
  /** Problems worth a synth warning (not an error): placeholders in use. */
  warnings: string[];
}

const PLACEHOLDER_CLIENT_ID = 'shopify-client-id-not-set';
const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const DEFAULT_REGION = 'ap-south-1';
/** `-c tableIndexes=none`: a table without GSIs (a step of the deploy script). */
export const NO_INDEXES = 'none';

function str(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw new Error(`context "${key}" must be a string, got ${JSON.stringify(value)}`);
  }
  return String(value);
}

function required(node: Node, key: string): string {
  const value = str(node, key);
  if (value === undefined) throw new Error(`missing context "${key}": set it in cdk.json or pass -c ${key}=...`);
  return value;
}

function int(node: Node, key: string, fallback: number, min = 1): number {
  const raw = str(node, key);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`context "${key}" must be an integer of at least ${min}, got "${raw}"`);
  return n;
}

function bool(node: Node, key: string, fallback: boolean): boolean {
  const raw = str(node, key);
  if (raw === undefined) return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`context "${key}" must be true or false, got "${raw}"`);
}

function retention(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays).filter((v): v is RetentionDays => typeof v === 'number');
  if (!allowed.includes(days as RetentionDays)) {
    throw new Error(`context "logRetentionDays" must be one of CloudWatch's values (${allowed.join(', ')}), got ${days}`);
  }
  return days as RetentionDays;
}

function tableIndexes(node: Node): string[] {
  const all = INDEXES.map((index) => index.name);
  const raw = str(node, 'tableIndexes');
  if (raw === undefined) return all;
  if (raw === NO_INDEXES) return [];
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!all.includes(name)) throw new Error(`context "tableIndexes" names "${name}", which is not in INDEXES (${all.join(', ') || 'none'})`);
  }
  return all.filter((name) => names.includes(name));
}

const EMAIL = /^[^\s@<>]+@([^\s@<>]+\.[^\s@<>]+)$/;

export function configFromContext(node: Node, defaults: { account?: string } = {}): DakiyaConfig {
  const warnings: string[] = [];
  const stage = required(node, 'stage');
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`context "stage" must be lowercase letters, digits and dashes (max 20), got "${stage}"`);
  }
  const region = str(node, 'region') ?? DEFAULT_REGION;
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) throw new Error(`context "region" is not an AWS region: "${region}"`);
  const account = str(node, 'account') ?? defaults.account;
  if (account !== undefined && !/^\d{12}$/.test(account)) throw new Error(`context "account" must be a 12-digit AWS account id, got "${account}"`);
  const production = bool(node, 'production', stage === 'prod');

  const supportEmail = required(node, 'supportEmail');
  const supportDomain = EMAIL.exec(supportEmail)?.[1];
  if (!supportDomain) throw new Error(`context "supportEmail" is not an email address: "${supportEmail}"`);

  const mailFrom = str(node, 'mailFrom') ?? `Dakiya <no-reply@${supportDomain}>`;
  const fromAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const mailDomain = EMAIL.exec(fromAddress)?.[1];
  if (!mailDomain) throw new Error(`context "mailFrom" has no sender address: "${mailFrom}"`);

  let shopifyClientId = str(node, 'shopifyClientId');
  if (!shopifyClientId || /^replace-with/.test(shopifyClientId)) {
    if (production) throw new Error(`stage "${stage}" is a production stage: set -c shopifyClientId=<the app's client id from the Partner Dashboard>`);
    shopifyClientId = PLACEHOLDER_CLIENT_ID;
    warnings.push('context "shopifyClientId" is not set: the functions get a placeholder and Shopify OAuth will fail until it is set');
  }

  const domainName = str(node, 'domainName');
  const certificateArn = str(node, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('context "domainName" and "certificateArn" go together (an ACM certificate in us-east-1 for the domain)');
  }
  if (certificateArn !== undefined && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(`context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront's region), got "${certificateArn}"`);
  }
  // The default *.cloudfront.net certificate accepts TLS 1.0; only a custom domain can require 1.2.
  if (production && domainName === undefined) {
    throw new Error(`stage "${stage}" is a production stage: it needs a custom domain (-c domainName=... -c certificateArn=...) so that TLS 1.2 or newer is required`);
  }

  const alarmEmail = str(node, 'alarmEmail');
  if (alarmEmail !== undefined && !EMAIL.test(alarmEmail)) throw new Error(`context "alarmEmail" is not an email address: "${alarmEmail}"`);
  if (alarmEmail === undefined) {
    if (production) throw new Error(`stage "${stage}" is a production stage: set -c alarmEmail=... so that alarms reach a person`);
    warnings.push('context "alarmEmail" is not set: alarms and budget notices go to an SNS topic nobody is subscribed to');
  }

  const logLevel = (str(node, 'logLevel') ?? 'INFO').toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`context "logLevel" must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  return {
    stage,
    region,
    account,
    production,
    supportEmail,
    mailFrom,
    mailDomain,
    shopifyApiVersion: required(node, 'shopifyApiVersion'),
    shopifyClientId,
    shopifyClientSecretName: str(node, 'shopifyClientSecretName'),
    originSecretVersion: str(node, 'originSecretVersion'),
    domainName,
    certificateArn,
    waf: bool(node, 'waf', true),
    alarmEmail,
    monthlyBudgetUsd: int(node, 'monthlyBudgetUsd', 50, 0),
    apiLatencyAlarmMs: int(node, 'apiLatencyAlarmMs', 3000),
    reserveConcurrency: bool(node, 'reserveConcurrency', false),
    accountConcurrency: int(node, 'accountConcurrency', 1000),
    tableIndexes: tableIndexes(node),
    logRetention: retention(int(node, 'logRetentionDays', 30)),
    logLevel: logLevel as DakiyaConfig['logLevel'],
    apiRateLimit: int(node, 'apiRateLimit', 50),
    apiBurstLimit: int(node, 'apiBurstLimit', 100),
    warnings,
  };
}
