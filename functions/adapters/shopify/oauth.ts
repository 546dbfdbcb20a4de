import { ShopifyError } from '../../domain/ports/shopify';
import { shopUrl } from './shop-origin';

/** The subset of `fetch` the adapter uses; tests and local mode pass their own. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What the app keeps for a shop after install or refresh. Times are ISO-8601 UTC. */
export interface TokenSet {
  accessToken: string;
  scopes: string[];
  expiresAt?: string;
  refreshToken?: string;
  refreshTokenExpiresAt?: string;
}

interface ShopTarget {
  shop: string;
  /** Origin template, `https://{shop}` in production (see shop-origin.ts). */
  origin: string;
}

interface Credentials extends ShopTarget {
  clientId: string;
  clientSecret: string;
  fetch: FetchLike;
  /** Clock for `expiresAt`; defaults to Date.now. */
  nowMs?: () => number;
}

/**
 * Step 2 of the code grant (§1.3): where the app sends the merchant. Without `perUser` the token is
 * an offline (shop) token; with it (`grant_options[]=per-user`) an online token naming the admin user.
 */
export function authorizeUrl(input: ShopTarget & {
  clientId: string;
  scopes: string | string[];
  redirectUri: string;
  state: string;
  perUser?: boolean;
}): string {
  const query = new URLSearchParams({
    client_id: input.clientId,
    scope: Array.isArray(input.scopes) ? input.scopes.join(',') : input.scopes,
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  if (input.perUser) query.append('grant_options[]', 'per-user');
  return `${shopUrl(input.origin, input.shop, '/admin/oauth/authorize')}?${query.toString()}`;
}

/** Step 4 (§1.7): the callback's code for an expiring offline token plus its refresh token. */
export function exchangeCode(input: Credentials & { code: string }): Promise<TokenSet> {
  return tokenRequest(input, { code: input.code, expiring: '1' });
}

/** Rotates the pair (§1.7): the old refresh token is dead afterwards, keep the new one. */
export function refreshAccessToken(input: Credentials & { refreshToken: string }): Promise<TokenSet> {
  return tokenRequest(input, { grant_type: 'refresh_token', refresh_token: input.refreshToken });
}

/** Embedded apps (§1.9): trades an App Bridge session token for an expiring offline token. */
export function exchangeSessionToken(input: Credentials & { sessionToken: string }): Promise<TokenSet> {
  return tokenRequest(input, {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: input.sessionToken,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    expiring: '1',
  });
}

/** The admin user an online token belongs to (§1.7 `associated_user`): who opened the app. */
export interface AssociatedUser {
  id: string;
  email: string;
  emailVerified: boolean;
  accountOwner: boolean;
  collaborator: boolean;
}

const ONLINE_TOKEN = 'urn:shopify:params:oauth:token-type:online-access-token';

/** The callback of an online grant: who approved. The token itself is not kept (Dakiya calls Shopify as the shop). */
export async function onlineUserFromCode(input: Credentials & { code: string }): Promise<AssociatedUser> {
  return associatedUser(await postToken(input, { code: input.code }));
}

/** An embedded launch (§1.9): the session token traded for an online token, for who opened the app. */
export async function onlineUserFromSessionToken(input: Credentials & { sessionToken: string }): Promise<AssociatedUser> {
  return associatedUser(await postToken(input, {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: input.sessionToken,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: ONLINE_TOKEN,
  }));
}

function associatedUser(parsed: TokenResponse): AssociatedUser {
  const user = parsed.associated_user;
  if (typeof user !== 'object' || user === null) throw new ShopifyError('BAD_RESPONSE', 'Shopify online token has no associated_user');
  const fields = user as Record<string, unknown>;
  if (typeof fields.email !== 'string' || (typeof fields.id !== 'number' && typeof fields.id !== 'string')) {
    throw new ShopifyError('BAD_RESPONSE', 'Shopify associated_user has no id or email');
  }
  // anything but a literal true is a no: a missing field never makes someone the owner
  return {
    id: String(fields.id), email: fields.email.toLowerCase(),
    emailVerified: fields.email_verified === true, accountOwner: fields.account_owner === true, collaborator: fields.collaborator === true,
  };
}

const TOKEN_TIMEOUT_MS = 15_000;

interface TokenResponse {
  access_token?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  associated_user?: unknown;
}

async function tokenRequest(input: Credentials, grant: Record<string, string>): Promise<TokenSet> {
  const parsed = await postToken(input, grant);
  const now = (input.nowMs ?? Date.now)();
  const tokens: TokenSet = {
    accessToken: parsed.access_token as string,
    scopes: typeof parsed.scope === 'string' ? parsed.scope.split(',').map((s) => s.trim()).filter(Boolean) : [],
  };
  if (typeof parsed.expires_in === 'number') tokens.expiresAt = iso(now + parsed.expires_in * 1000);
  if (typeof parsed.refresh_token === 'string') tokens.refreshToken = parsed.refresh_token;
  if (typeof parsed.refresh_token_expires_in === 'number') {
    tokens.refreshTokenExpiresAt = iso(now + parsed.refresh_token_expires_in * 1000);
  }
  return tokens;
}

async function postToken(input: Credentials, grant: Record<string, string>): Promise<TokenResponse> {
  const url = shopUrl(input.origin, input.shop, '/admin/oauth/access_token');
  // JSON body, as the official library sends it.
  const body = JSON.stringify({ client_id: input.clientId, client_secret: input.clientSecret, ...grant });
  let response: Response;
  try {
    response = await input.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ShopifyError('NETWORK', `Shopify token request to ${input.shop} failed: ${describe(cause)}`, {
      retryable: true,
      cause,
    });
  }
  const text = await response.text();
  if (!response.ok) {
    const reason = redact(errorText(text), input.clientSecret);
    throw new ShopifyError('OAUTH', `Shopify token request failed (${response.status}): ${reason}`, {
      status: response.status,
      retryable: response.status >= 500,
    });
  }
  let parsed: TokenResponse;
  try {
    parsed = JSON.parse(text) as TokenResponse;
  } catch {
    throw new ShopifyError('BAD_RESPONSE', 'Shopify token response is not JSON', { status: response.status });
  }
  if (typeof parsed.access_token !== 'string' || parsed.access_token.length === 0) {
    throw new ShopifyError('BAD_RESPONSE', 'Shopify token response has no access_token', { status: response.status });
  }
  return parsed;
}

/** True when every scope the app needs is granted; `write_x` implies `read_x` (§1.3). */
export function hasScopes(granted: string[], needed: string[]): boolean {
  const set = new Set(granted);
  return needed.every((scope) => set.has(scope) || (scope.startsWith('read_') && set.has(`write_${scope.slice(5)}`)));
}

function errorText(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; error_description?: unknown; errors?: unknown };
    if (typeof body.error_description === 'string') return body.error_description;
    if (typeof body.error === 'string') return body.error;
    if (body.errors !== undefined) return typeof body.errors === 'string' ? body.errors : JSON.stringify(body.errors);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 300) || 'no body';
}

function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
