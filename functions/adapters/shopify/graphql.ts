import { ShopifyError, ShopifyUnauthorizedError, type GraphqlErrorEntry, type ShopifyAdmin } from '../../domain/ports/shopify';
import { currentInvocation, sleepWithinDeadline } from '../../ground/invocation';
import { adminOperations } from './admin';
import type { FetchLike } from './oauth';
import type { GraphqlRequester, QueryCost, Variables } from './requester';
import { shopUrl } from './shop-origin';

export interface ShopifyClientOptions {
  shop: string;
  accessToken: string;
  /** Origin template, `https://{shop}` in production (see shop-origin.ts). */
  origin: string;
  apiVersion: string;
  fetch: FetchLike;
  /**
   * Injected so tests never wait for real. Default: a timer that refuses a wait the invocation has
   * no time left for (a retryable NETWORK error at once instead of Lambda's timeout).
   */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after the first attempt for THROTTLED and 429. */
  maxRetries?: number;
  /** Retries of a query after a 5xx or network error. Default: one while a person waits (an API request), else maxRetries. */
  maxServerRetries?: number;
  /** Per attempt; a timed-out attempt counts as a network error. Default 8 s while a person waits, else 15 s. */
  timeoutMs?: number;
  /** Called with the cost of every answered request (metrics, adaptive paging). */
  onCost?: (cost: QueryCost) => void;
}

/** The port's operations, and raw documents for tests and the simulator's own checks. */
export interface ShopifyClient extends GraphqlRequester, ShopifyAdmin {}

const BACKOFF_BASE_MS = 1000;
const INTERACTIVE_SERVER_RETRIES = 1;
const INTERACTIVE_TIMEOUT_MS = 8_000;
const BACKOFF_CAP_MS = 30_000;
/** Floor of a THROTTLED wait: even when the bucket says "now", never spin. */
const MIN_THROTTLE_WAIT_MS = 250;
const MAX_THROTTLE_WAIT_MS = 60_000;

/**
 * GraphQL Admin API client. Retries only what is safe: THROTTLED and 429 (Shopify did not run the
 * operation) for everything, 5xx and network errors for queries only, because a mutation may have
 * been applied before the failure (the caller's idempotency decides about those).
 */
export function createShopifyClient(options: ShopifyClientOptions): ShopifyClient {
  const url = shopUrl(options.origin, options.shop, `/admin/api/${options.apiVersion}/graphql.json`);
  const sleep = options.sleep ?? ((ms: number) => sleepWithinDeadline(ms, () => new ShopifyError(
    'NETWORK', `Shopify asked to wait ${ms} ms, longer than this request has left`, { retryable: true },
  )));
  const maxRetries = options.maxRetries ?? 4;
  // a person looking at a spinner is better told "Shopify did not answer" in seconds than in half a minute
  const interactive = currentInvocation()?.interactive === true;
  const maxServerRetries = options.maxServerRetries ?? (interactive ? INTERACTIVE_SERVER_RETRIES : maxRetries);
  const timeoutMs = options.timeoutMs ?? (interactive ? INTERACTIVE_TIMEOUT_MS : 15_000);

  async function request<T>(query: string, variables: Variables = {}): Promise<T> {
    const mutation = isMutation(query);
    for (let attempt = 0; ; attempt += 1) {
      const canRetry = attempt < maxRetries;
      const canRetryServer = attempt < maxServerRetries;
      let response: Response;
      try {
        response = await options.fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Shopify-Access-Token': options.accessToken,
          },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        // a person already waited a whole attempt for a Shopify that hangs: say so rather than wait again
        const hung = interactive && cause instanceof Error && cause.name === 'TimeoutError';
        if (canRetryServer && !mutation && !hung) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new ShopifyError('NETWORK', `Shopify request to ${options.shop} failed: ${describe(cause)}`, {
          retryable: true,
          cause,
        });
      }

      const { status } = response;
      if (status === 401) throw new ShopifyUnauthorizedError(stringErrors(await response.text()));
      if (status === 429) {
        await response.body?.cancel();
        if (!canRetry) throw throttledError(status);
        await sleep(retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt));
        continue;
      }
      if (status >= 500) {
        await response.body?.cancel();
        if (canRetryServer && !mutation) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new ShopifyError('SERVER', `Shopify answered ${status}`, { status, retryable: true });
      }
      if (status !== 200) throw statusError(status, await response.text());

      let body: { data?: unknown; errors?: unknown; extensions?: { cost?: QueryCost } };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new ShopifyError('BAD_RESPONSE', 'Shopify answered with a body that is not JSON', { status });
      }
      const cost = body.extensions?.cost;
      if (cost) options.onCost?.(cost);

      const errors = Array.isArray(body.errors) ? (body.errors as GraphqlErrorEntry[]) : [];
      if (typeof body.errors === 'string') {
        throw new ShopifyError('GRAPHQL', body.errors, { status });
      }
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        if (!canRetry) throw throttledError(status, errors);
        await sleep(throttleWaitMs(cost));
        continue;
      }
      if (errors.length > 0) {
        const code = errors.some((e) => e.extensions?.code === 'MAX_COST_EXCEEDED')
          ? 'MAX_COST_EXCEEDED'
          : errors.some((e) => e.extensions?.code === 'ACCESS_DENIED')
            ? 'ACCESS_DENIED'
            : 'GRAPHQL';
        throw new ShopifyError(code, errors.map((e) => e.message).join('; '), { status, graphqlErrors: errors });
      }
      if (body.data === undefined || body.data === null) {
        throw new ShopifyError('BAD_RESPONSE', 'Shopify answered without data', { status });
      }
      return body.data as T;
    }
  }

  const requester: GraphqlRequester = { request };
  return { shop: options.shop, request, ...adminOperations(requester) };
}

/** Seconds until the bucket holds the requested cost: (requested − available) / restoreRate (§4.1). */
export function throttleWaitMs(cost: QueryCost | undefined): number {
  const status = cost?.throttleStatus;
  if (!cost || !status || !(status.restoreRate > 0)) return BACKOFF_BASE_MS;
  const missing = cost.requestedQueryCost - status.currentlyAvailable;
  const ms = Math.ceil((missing / status.restoreRate) * 1000);
  return Math.min(MAX_THROTTLE_WAIT_MS, Math.max(MIN_THROTTLE_WAIT_MS, ms));
}

/** `Retry-After` is decimal seconds on Shopify ("2.0"); the JS client wrongly reads it as ms. */
export function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number.parseFloat(header);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(MAX_THROTTLE_WAIT_MS, Math.max(MIN_THROTTLE_WAIT_MS, Math.ceil(seconds * 1000)));
}

function backoff(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
}

export function isMutation(query: string): boolean {
  const code = query.replace(/#[^\n]*/g, '').trimStart();
  return /^mutation\b/.test(code);
}

function throttledError(status: number, graphqlErrors: GraphqlErrorEntry[] = []): ShopifyError {
  return new ShopifyError('THROTTLED', 'Shopify is still throttling after the retries', {
    status,
    retryable: true,
    graphqlErrors,
  });
}

function statusError(status: number, text: string): ShopifyError {
  const code = status === 402 ? 'PAYMENT_REQUIRED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status === 423 ? 'LOCKED' : 'BAD_RESPONSE';
  return new ShopifyError(code, `Shopify answered ${status}: ${stringErrors(text)}`, { status });
}

/** 401/4xx bodies carry `{"errors": "..."}` with a string (§5); keep the text for the log. */
function stringErrors(text: string): string {
  try {
    const body = JSON.parse(text) as { errors?: unknown };
    if (typeof body.errors === 'string') return body.errors;
    if (body.errors !== undefined) return JSON.stringify(body.errors);
  } catch {
    // not JSON
  }
  return text.slice(0, 300) || 'no body';
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
