import { createHmac, timingSafeEqual } from 'node:crypto';

/** A parsed query string: repeated keys arrive as arrays (API Gateway and node both do that). */
export type QueryParams = Record<string, string | string[] | undefined>;

/**
 * The message Shopify signs for install, launch, callback and admin-link requests
 * (reference/shopify.md §1.5): drop `hmac` and `signature`, join repeated values with ',',
 * sort by key, form-encode like URLSearchParams and turn '+' into '%20' as the official lib does.
 */
export function queryHmacMessage(query: QueryParams): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'hmac' || key === 'signature' || value === undefined) continue;
    pairs.push([key, Array.isArray(value) ? value.join(',') : value]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(pairs).toString().replace(/\+/g, '%20');
}

/** Lower-case hex HMAC-SHA256 of the query, as Shopify puts it in `hmac`. For tests and the simulator. */
export function signQuery(query: QueryParams, secret: string): string {
  return createHmac('sha256', secret).update(queryHmacMessage(query)).digest('hex');
}

/**
 * Verifies the `hmac` of a request Shopify sent through the browser, and that its `timestamp` is
 * within `toleranceSec` of `nowMs` (replay guard of the official lib v13). `secret` may list the
 * current and the previous client secret during a rotation.
 */
export function verifyQueryHmac(
  query: QueryParams,
  secret: string | string[],
  nowMs: number,
  toleranceSec = 90,
): boolean {
  const given = single(query.hmac);
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const timestamp = single(query.timestamp);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceSec) return false;
  const givenBytes = Buffer.from(given.toLowerCase(), 'hex');
  const message = queryHmacMessage(query);
  return secrets(secret).some((s) => safeEqual(createHmac('sha256', s).update(message).digest(), givenBytes));
}

/** base64 HMAC-SHA256 of the raw body: the `X-Shopify-Hmac-Sha256` header value (§2.2). */
export function signWebhook(rawBody: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Verifies a webhook on its raw bytes, before any JSON parsing; any secret of a rotation may match. */
export function verifyWebhookHmac(
  rawBody: string | Uint8Array,
  headerValue: string | undefined,
  secrets: string[],
): boolean {
  if (!headerValue || !/^[A-Za-z0-9+/]+={0,2}$/.test(headerValue.trim())) return false;
  const given = Buffer.from(headerValue.trim(), 'base64');
  return secrets.some((s) => s.length > 0 && safeEqual(createHmac('sha256', s).update(rawBody).digest(), given));
}

/**
 * `{name}.myshopify.com`, lower case only (§1.6). The suffix is configurable so tests and local
 * mode can use the simulator's domains.
 */
export function isValidShopDomain(shop: string, suffix = '.myshopify.com'): boolean {
  if (typeof shop !== 'string' || shop.length > 255 || !shop.endsWith(suffix)) return false;
  const name = shop.slice(0, shop.length - suffix.length);
  return /^[a-z0-9][a-z0-9-]*$/.test(name);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function secrets(secret: string | string[]): string[] {
  return (Array.isArray(secret) ? secret : [secret]).filter((s) => s.length > 0);
}

/** Constant time for equal lengths; the length of an HMAC is public anyway. */
function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
