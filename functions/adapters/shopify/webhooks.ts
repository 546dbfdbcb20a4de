import { verifyWebhookHmac } from './hmac';

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface WebhookDelivery {
  /** Slash form, e.g. `orders/create`. */
  topic: string;
  shopDomain: string;
  apiVersion: string;
  /** Delivery id: dedupe on it (retries reuse it). */
  webhookId: string;
  eventId: string | null;
  triggeredAt: string | null;
  /** Parsed only after the HMAC matched. */
  payload: unknown;
}

export type WebhookRejection =
  | { ok: false; reason: 'missing-header'; status: 400; missing: string[] }
  | { ok: false; reason: 'bad-hmac'; status: 401 }
  | { ok: false; reason: 'bad-json'; status: 400 };

export type WebhookParseResult = { ok: true; delivery: WebhookDelivery } | WebhookRejection;

const REQUIRED = ['hmac-sha256', 'topic', 'shop-domain', 'api-version', 'webhook-id'] as const;

/**
 * Validates a webhook delivery the way the official library does (reference/shopify.md §2.1–2.2):
 * a missing required header → 400, a bad HMAC → 401 (compliance topics require exactly that).
 * Header names are case-insensitive; the un-prefixed `shopify-*` names of the newer delivery
 * system are accepted too. `secrets` holds the current and, during a rotation, the previous secret.
 */
export function parseWebhook(input: { headers: WebhookHeaders; rawBody: string | Uint8Array }, secrets: string[]): WebhookParseResult {
  const header = headerReader(input.headers);
  const missing = REQUIRED.filter((name) => !header(name)).map((name) => `X-Shopify-${titleCase(name)}`);
  if (missing.length > 0) return { ok: false, reason: 'missing-header', status: 400, missing };
  if (!verifyWebhookHmac(input.rawBody, header('hmac-sha256'), secrets)) return { ok: false, reason: 'bad-hmac', status: 401 };
  let payload: unknown;
  try {
    const text = typeof input.rawBody === 'string' ? input.rawBody : new TextDecoder().decode(input.rawBody);
    payload = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'bad-json', status: 400 };
  }
  return {
    ok: true,
    delivery: {
      topic: header('topic') as string,
      shopDomain: header('shop-domain') as string,
      apiVersion: header('api-version') as string,
      webhookId: header('webhook-id') as string,
      eventId: header('event-id') ?? null,
      triggeredAt: header('triggered-at') ?? null,
      payload,
    },
  };
}

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  const lower = new Map<string, string>();
  for (const [key, value] of Object.entries(headers)) {
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined && text !== '') lower.set(key.toLowerCase(), text);
  }
  return (name) => lower.get(`x-shopify-${name}`) ?? lower.get(`shopify-${name}`);
}

function titleCase(name: string): string {
  return name
    .split('-')
    .map((part) => (part === 'api' || part === 'hmac' ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('-')
    .replace('HMAC-Sha256', 'Hmac-Sha256');
}
