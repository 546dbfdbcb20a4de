import type { Node } from 'constructs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * Everything that differs between environments, read once from CDK context (`cdk.json` or
 * `-c key=value`). The stacks take this object as a prop: no construct reads context or branches on
 * the stage name itself.
 */
export interface DakiyaConfig {
  /** Short environment name, part of every resource name: `dev`, `staging`, `prod`. */
  stage: string;
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
   * Name of an existing Secrets Manager secret holding the Shopify client secret (plain string).
   * Unset: the stack creates an empty secret `dakiya/{stage}/shopify-client-secret` to fill in.
   */
  shopifyClientSecretName?: string;
  /** Optional custom domain of the CloudFront distribution; needs `certificateArn` (us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /** Retention of Lambda and API access logs. */
  logRetention: RetentionDays;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** API Gateway stage throttling (requests per second, burst). */
  apiRateLimit: number;
  apiBurstLimit: number;
  /** Problems worth a synth warning (not an error): placeholders in use. */
  warnings: string[];
}

const PLACEHOLDER_CLIENT_ID = 'shopify-client-id-not-set';
const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

function str(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`context "${key}" must be a string, got ${JSON.stringify(value)}`);
  }
  return String(value);
}

function required(node: Node, key: string): string {
  const value = str(node, key);
  if (value === undefined) throw new Error(`missing context "${key}": set it in cdk.json or pass -c ${key}=...`);
  return value;
}

function int(node: Node, key: string, fallback: number): number {
  const raw = str(node, key);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`context "${key}" must be a positive integer, got "${raw}"`);
  return n;
}

function retention(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays).filter((v): v is RetentionDays => typeof v === 'number');
  if (!allowed.includes(days as RetentionDays)) {
    throw new Error(`context "logRetentionDays" must be one of CloudWatch's values (${allowed.join(', ')}), got ${days}`);
  }
  return days as RetentionDays;
}

const EMAIL = /^[^\s@<>]+@([^\s@<>]+\.[^\s@<>]+)$/;

export function configFromContext(node: Node): DakiyaConfig {
  const warnings: string[] = [];
  const stage = required(node, 'stage');
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`context "stage" must be lowercase letters, digits and dashes (max 20), got "${stage}"`);
  }

  const supportEmail = required(node, 'supportEmail');
  const supportDomain = EMAIL.exec(supportEmail)?.[1];
  if (!supportDomain) throw new Error(`context "supportEmail" is not an email address: "${supportEmail}"`);

  const mailFrom = str(node, 'mailFrom') ?? `Dakiya <no-reply@${supportDomain}>`;
  const fromAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const mailDomain = EMAIL.exec(fromAddress)?.[1];
  if (!mailDomain) throw new Error(`context "mailFrom" has no sender address: "${mailFrom}"`);

  let shopifyClientId = str(node, 'shopifyClientId');
  if (!shopifyClientId) {
    shopifyClientId = PLACEHOLDER_CLIENT_ID;
    warnings.push('context "shopifyClientId" is not set: the functions get a placeholder and Shopify OAuth will fail until it is set');
  }

  const domainName = str(node, 'domainName');
  const certificateArn = str(node, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('context "domainName" and "certificateArn" go together (an ACM certificate in us-east-1 for the domain)');
  }

  const logLevel = (str(node, 'logLevel') ?? 'INFO').toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`context "logLevel" must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  return {
    stage,
    supportEmail,
    mailFrom,
    mailDomain,
    shopifyApiVersion: required(node, 'shopifyApiVersion'),
    shopifyClientId,
    shopifyClientSecretName: str(node, 'shopifyClientSecretName'),
    domainName,
    certificateArn,
    logRetention: retention(int(node, 'logRetentionDays', 30)),
    logLevel: logLevel as DakiyaConfig['logLevel'],
    apiRateLimit: int(node, 'apiRateLimit', 50),
    apiBurstLimit: int(node, 'apiBurstLimit', 100),
    warnings,
  };
}
