import { adminOperations } from './admin-operations';
import { ShopifyError, ShopifyUnauthorizedError } from './errors';
import { sleepWithinDeadline } from '../../platform/invocation';
import { createShopifyClient, type GraphqlRequester, type QueryCost, type ShopifyClient, type Variables } from './graphql';
import { refreshAccessToken, type FetchLike, type TokenSet } from './oauth';

/** The sealed tokens of a shop as the table keeps them, with the version every change bumps. */
export interface StoredTokens {
  version: number;
  accessToken: string;
  accessTokenExpiresAt?: string;
  refreshToken?: string;
  refreshTokenExpiresAt?: string;
  scopes: string[];
}

/** What the port needs from the shop's item: consistent reads and two conditional writes. */
export interface ShopTokenStore {
  read(shopId: string): Promise<StoredTokens | undefined>;
  /** Claims the right to refresh `version` until `untilMs`; false when another container holds it or the version moved. */
  claimRefresh(shopId: string, version: number, nowMs: number, untilMs: number): Promise<boolean>;
  /** Writes the rotated pair as `version + 1` only if the stored version is still `version`. */
  saveRefreshed(shopId: string, version: number, sealed: Omit<StoredTokens, 'version'>): Promise<boolean>;
}

export interface ShopTarget {
  _id: string;
  domain: string;
}

export interface ShopifyPortOptions {
  origin: string;
  apiVersion: string;
  clientId: string;
  clientSecrets: () => Promise<string[]>;
  fetch: FetchLike;
  store: ShopTokenStore;
  decrypt(blob: string, shopId: string): Promise<string>;
  encrypt(plain: string, shopId: string): Promise<string>;
  nowMs?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Refresh this long before the access token lapses (default 10 minutes of its hour). */
  refreshMarginMs?: number;
  /** How long a refresh claim holds before another container may take over (default 30 s). */
  refreshLeaseMs?: number;
  onCost?: (shopDomain: string, cost: QueryCost) => void;
  /** Throttle waits (tests); defaults to a timer bounded by the invocation's deadline. */
  maxRetries?: number;
  timeoutMs?: number;
}

interface TokenState {
  version: number;
  accessToken: string;
  expiresAtMs: number | undefined;
}

/**
 * Shopify's leaky bucket as last reported for one shop (throttleStatus), so requests wait for the
 * points they need instead of being sent into a THROTTLED answer.
 */
interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  atMs: number;
}

const DEFAULT_MARGIN_MS = 10 * 60_000;
const DEFAULT_LEASE_MS = 30_000;
const LEASE_POLL_MS = 250;

/**
 * `deps.shopifyFor(shop)`: the only way operations reach Shopify. Per container it keeps, per shop,
 * the decrypted access token (decrypted once per token version), the bucket's last throttleStatus and
 * each document's requested cost. Before the expiring offline token lapses it is refreshed by one
 * container at a time: a conditional claim on the token version, the refresh, then a conditional
 * write of the rotated pair as the next version. A container that loses the claim keeps using the
 * current token (still valid for the margin) or, once it has lapsed, waits for the new version;
 * so a refresh token rotated by one Lambda is never overwritten by another's.
 */
export function createShopifyPort(options: ShopifyPortOptions): (shop: ShopTarget) => ShopifyClient {
  const now = options.nowMs ?? Date.now;
  // a wait the invocation has no time left for fails at once, while there is time to answer
  const sleep = options.sleep ?? ((ms: number) => sleepWithinDeadline(ms, () => new ShopifyError(
    'NETWORK', `Shopify would need a ${ms} ms wait, longer than this request has left`, { retryable: true },
  )));
  const margin = options.refreshMarginMs ?? DEFAULT_MARGIN_MS;
  const leaseMs = options.refreshLeaseMs ?? DEFAULT_LEASE_MS;
  const tokens = new Map<string, TokenState>();
  const pending = new Map<string, Promise<TokenState>>();
  const buckets = new Map<string, Bucket>();
  const requestedCost = new Map<string, number>();

  async function open(shop: ShopTarget, stored: StoredTokens): Promise<TokenState> {
    const state = {
      version: stored.version,
      accessToken: await options.decrypt(stored.accessToken, shop._id),
      expiresAtMs: stored.accessTokenExpiresAt ? Date.parse(stored.accessTokenExpiresAt) : undefined,
    };
    tokens.set(shop._id, state);
    return state;
  }

  async function readStored(shop: ShopTarget): Promise<StoredTokens> {
    const stored = await options.store.read(shop._id);
    if (!stored) throw new ShopifyUnauthorizedError(`no Shopify token is stored for ${shop.domain}`);
    return stored;
  }

  const fresh = (state: TokenState) => state.expiresAtMs === undefined || state.expiresAtMs - now() > margin;
  const usable = (state: TokenState) => state.expiresAtMs === undefined || state.expiresAtMs > now() + 5_000;

  /** The token to send now; refreshes (or waits for another container's refresh) when it is close to lapsing. */
  async function token(shop: ShopTarget, known?: number): Promise<TokenState> {
    const cached = tokens.get(shop._id);
    if (cached && cached.version !== known && fresh(cached)) return cached;
    let running = pending.get(shop._id);
    if (!running) {
      running = renew(shop, cached, known).finally(() => pending.delete(shop._id));
      pending.set(shop._id, running);
    }
    return running;
  }

  async function renew(shop: ShopTarget, cached: TokenState | undefined, stale: number | undefined): Promise<TokenState> {
    for (;;) {
      const stored = await readStored(shop);
      const state = cached && cached.version === stored.version ? cached : await open(shop, stored);
      cached = state;
      if (state.version !== stale && fresh(state)) return state;
      if (!stored.refreshToken) {
        // a non-expiring token (or one whose refresh token is gone): use it while it works
        if (state.version !== stale && usable(state)) return state;
        throw new ShopifyUnauthorizedError(`the Shopify token of ${shop.domain} has lapsed and there is no refresh token`);
      }
      const at = now();
      if (await options.store.claimRefresh(shop._id, stored.version, at, at + leaseMs)) {
        return refresh(shop, stored);
      }
      // another container is refreshing: the current token still works for the margin
      if (state.version !== stale && usable(state)) return state;
      await sleep(LEASE_POLL_MS);
    }
  }

  async function refresh(shop: ShopTarget, stored: StoredTokens): Promise<TokenState> {
    const [secret] = await options.clientSecrets();
    const next: TokenSet = await refreshAccessToken({
      shop: shop.domain, origin: options.origin, clientId: options.clientId, clientSecret: secret ?? '',
      fetch: options.fetch, nowMs: now, refreshToken: await options.decrypt(stored.refreshToken!, shop._id),
    });
    const sealed = {
      accessToken: await options.encrypt(next.accessToken, shop._id),
      accessTokenExpiresAt: next.expiresAt,
      // Shopify may leave the refresh token out; the old one then stays the current one
      refreshToken: next.refreshToken ? await options.encrypt(next.refreshToken, shop._id) : stored.refreshToken,
      refreshTokenExpiresAt: next.refreshToken ? next.refreshTokenExpiresAt : stored.refreshTokenExpiresAt,
      scopes: next.scopes.length ? next.scopes : stored.scopes,
    };
    if (!(await options.store.saveRefreshed(shop._id, stored.version, sealed))) {
      // the version moved under the claim (a reinstall wrote new tokens): those win
      return open(shop, await readStored(shop));
    }
    const state = { version: stored.version + 1, accessToken: next.accessToken, expiresAtMs: next.expiresAt ? Date.parse(next.expiresAt) : undefined };
    tokens.set(shop._id, state);
    return state;
  }

  /** Waits until the bucket should hold what this document asked for last time. */
  async function pace(shop: ShopTarget, query: string): Promise<void> {
    const bucket = buckets.get(shop._id);
    const wanted = requestedCost.get(query);
    if (!bucket || wanted === undefined || !(bucket.restoreRate > 0)) return;
    const at = now();
    const available = Math.min(bucket.maximum, bucket.available + ((at - bucket.atMs) / 1000) * bucket.restoreRate);
    const missing = Math.min(wanted, bucket.maximum) - available;
    // counted as spent at once, so parallel requests of one container queue behind each other
    bucket.available = available - wanted;
    bucket.atMs = at;
    if (missing > 0) await sleep(Math.ceil((missing / bucket.restoreRate) * 1000));
  }

  function recordCost(shop: ShopTarget, query: string, cost: QueryCost): void {
    requestedCost.set(query, cost.requestedQueryCost);
    const status = cost.throttleStatus;
    if (status) buckets.set(shop._id, { available: status.currentlyAvailable, maximum: status.maximumAvailable, restoreRate: status.restoreRate, atMs: now() });
    options.onCost?.(shop.domain, cost);
  }

  return (shop) => {
    const send = async <T>(state: TokenState, query: string, variables: Variables): Promise<T> => {
      await pace(shop, query);
      const client = createShopifyClient({
        shop: shop.domain, accessToken: state.accessToken, origin: options.origin, apiVersion: options.apiVersion,
        fetch: options.fetch, sleep, maxRetries: options.maxRetries, timeoutMs: options.timeoutMs,
        onCost: (cost) => recordCost(shop, query, cost),
      });
      return client.request<T>(query, variables);
    };
    const requester: GraphqlRequester = {
      async request<T>(query: string, variables: Variables = {}): Promise<T> {
        const state = await token(shop);
        try {
          return await send<T>(state, query, variables);
        } catch (error) {
          if (!(error instanceof ShopifyUnauthorizedError)) throw error;
          // revoked under us (a reinstall elsewhere) or expired early: the stored version decides, once
          tokens.delete(shop._id);
          const next = await token(shop, state.version);
          if (next.version === state.version) throw error;
          return send<T>(next, query, variables);
        }
      },
    };
    return { shop: shop.domain, request: requester.request, ...adminOperations(requester) };
  };
}
