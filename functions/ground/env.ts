import { z } from '@dakiya/shared';

/**
 * The functions' settings, as the CDK stack (and local mode) sets them on each Lambda. Only
 * platform/env.ts reads them from process.env (STYLE.md §9); every layer may read the parsed values.
 */
const Env = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().default('us-east-1'),
  DYNAMO_ENDPOINT: z.string().url().optional(),
  SQS_ENDPOINT: z.string().url().optional(),
  SES_ENDPOINT: z.string().url().optional(),
  /** Local mode and tests: fauxqs, which serves S3 on its SQS port (../shared/STACK.md); unset, SQS_ENDPOINT's is used. */
  S3_ENDPOINT: z.string().url().optional(),
  /** The private files bucket (CDK names it; local mode and tests make their own). */
  FILES_BUCKET: z.string().min(3).default('dakiya-files'),
  KMS_KEY_ID: z.string().optional(),
  /** Local mode: a 32-byte key (base64) stands in for KMS. */
  LOCAL_SECRET_KEY: z.string().optional(),
  /** JSON `{ "mail.send": "<queue url>", ... }`: the queues of the job table this function may send to. */
  JOB_QUEUE_URLS: z
    .string()
    .optional()
    .transform((value) => (value ? (JSON.parse(value) as Record<string, string>) : {})),
  MAIL_FROM: z.string().default('Dakiya <no-reply@dakiya.pk>'),
  APP_URL: z.string().url(),
  /** The address the support page gives (a deploy setting: CDK context supportEmail, DAKIYA_SUPPORT_EMAIL locally). */
  SUPPORT_EMAIL: z.email().default('support@dakiya.pk'),
  SHOPIFY_CLIENT_ID: z.string().min(1),
  /** Local mode and tests give the secret itself; AWS gives the Secrets Manager secret holding it. */
  SHOPIFY_CLIENT_SECRET: z.string().min(1).optional(),
  SHOPIFY_CLIENT_SECRET_ARN: z.string().min(1).optional(),
  /** Accepted during a secret rotation (reference/shopify.md §2.2). */
  SHOPIFY_PREVIOUS_CLIENT_SECRET: z.string().optional(),
  /**
   * The value CloudFront (or the local gateway) sends in the origin header: local mode and tests give
   * it (a bare value or `{ "current", "previous" }`); AWS gives the Secrets Manager secret holding it.
   */
  ORIGIN_SECRET: z.string().min(1).optional(),
  ORIGIN_SECRET_ARN: z.string().min(1).optional(),
  SHOPIFY_API_VERSION: z.string().default('2026-07'),
  SHOPIFY_SCOPES: z
    .string()
    .default('read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders'),
  /** Tests and local mode point Shopify at the simulator: `{shop}` is replaced by the shop domain. */
  SHOPIFY_ORIGIN_TEMPLATE: z.string().default('https://{shop}'),
  SHOPIFY_SHOP_SUFFIX: z.string().default('.myshopify.com'),
  /** App Bridge, loaded by the page that takes an embedded launch out of the admin's iframe; local mode uses the simulator's. */
  SHOPIFY_APP_BRIDGE_URL: z.string().url().default('https://cdn.shopify.com/shopifycloud/app-bridge.js'),
  /**
   * Subscriptions are created as Shopify test charges (development stores, local mode) and only test
   * charges count as paid; off in production, where a test charge pays for nothing.
   */
  SHOPIFY_BILLING_TEST: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /** JSON `{ "LEOPARD": { "api": "..." }, ... }`: local mode points each courier at its simulator. */
  COURIER_BASE_URLS: z
    .string()
    .optional()
    .transform((value) => (value ? (JSON.parse(value) as Record<string, { api: string; tracking?: string }>) : undefined)),
  COURIER_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /** Sign-in attempts per viewer address (an IPv6 /64) in 15 minutes: an office behind one NAT may need more. */
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
  /** Set by Lambda: the function's name, the metrics' one dimension. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().min(1).default('local'),
});
export type Env = z.infer<typeof Env>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  return Env.parse(source);
}
