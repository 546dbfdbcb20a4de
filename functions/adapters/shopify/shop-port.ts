import { ShopifyError, ShopifyUnauthorizedError, type ShopTarget, type ShopTokenStore, type StoredTokens } from '../../domain/ports/shopify';
import { sleepWithinDeadline } from '../../ground/invocation';
import { adminOperations } from './admin';
import { createShopifyClient, type ShopifyClient } from './graphql';
import { refreshAccessToken, type FetchLike, type TokenSet } from './oauth';
import type { GraphqlRequester, QueryCost, Variables } from './requester';

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

/** A shop's admission queue: the last bucket seen, the points of requests in flight, the tail of the queue. */
interface ShopPace {
  bucket?: Bucket;
  inFlight: Map<symbol, number>;
  gate: Promise<void>;
}

/** Re-check the bucket at least this often while waiting; and give up waiting after this many checks. */
const ADMIT_RECHECK_MS = 200;
const MAX_ADMIT_CHECKS = 300;
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
  const paces = new Map<string, ShopPace>();
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

  /**
   * Admits one request when the bucket should hold what this document asked for last time. Requests
   * of a shop are admitted one after another (first come, first served), and the points of those
   * still in flight are counted as spent: a THROTTLED answer costs a round trip and a wait, so lanes
   * that share a bucket queue here instead. Returns the release to call once the answer is in.
   */
  async function admit(shop: ShopTarget, query: string): Promise<() => void> {
    let pace = paces.get(shop._id);
    if (!pace) paces.set(shop._id, (pace = { inFlight: new Map(), gate: Promise.resolve() }));
    const own = pace;
    const wanted = requestedCost.get(query) ?? 0;
    const turn = own.gate.then(async () => {
      for (let check = 0; check < MAX_ADMIT_CHECKS; check++) {
        const missing = missingPoints(own, wanted);
        if (missing <= 0) return;
        const before = now();
        const ms = Math.ceil((missing / own.bucket!.restoreRate) * 1000);
        // short naps, re-checked: answers that land meanwhile (points refunded to actual cost) shorten the wait
        await sleep(Math.min(ms, ADMIT_RECHECK_MS));
        // a sleep that did not move the clock (an injected one) has done its waiting
        if (now() - before < Math.min(ms, ADMIT_RECHECK_MS) / 2) return;
      }
    });
    own.gate = turn.catch(() => undefined);
    await turn;
    const id = Symbol('request');
    own.inFlight.set(id, wanted);
    return () => own.inFlight.delete(id);
  }

  /** Points this request still lacks: the last throttleStatus, refilled since, less what is in flight. */
  function missingPoints(pace: ShopPace, wanted: number): number {
    const bucket = pace.bucket;
    if (!bucket || !(bucket.restoreRate > 0) || wanted === 0) return 0;
    let held = 0;
    for (const points of pace.inFlight.values()) held += points;
    const refilled = Math.min(bucket.maximum, bucket.available + ((now() - bucket.atMs) / 1000) * bucket.restoreRate);
    return Math.min(wanted, bucket.maximum) - (refilled - held);
  }

  function recordCost(shop: ShopTarget, query: string, cost: QueryCost, release: () => void): void {
    requestedCost.set(query, cost.requestedQueryCost);
    const status = cost.throttleStatus;
    const pace = paces.get(shop._id);
    // this answer's own points are in the status now; the release keeps them from counting twice
    release();
    if (status && pace) pace.bucket = { available: status.currentlyAvailable, maximum: status.maximumAvailable, restoreRate: status.restoreRate, atMs: now() };
    options.onCost?.(shop.domain, cost);
  }

  return (shop) => {
    const send = async <T>(state: TokenState, query: string, variables: Variables): Promise<T> => {
      const release = await admit(shop, query);
      const client = createShopifyClient({
        shop: shop.domain, accessToken: state.accessToken, origin: options.origin, apiVersion: options.apiVersion,
        fetch: options.fetch, sleep, maxRetries: options.maxRetries, timeoutMs: options.timeoutMs,
        onCost: (cost) => recordCost(shop, query, cost, release),
      });
      try {
        return await client.request<T>(query, variables);
      } finally {
        release();
      }
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
