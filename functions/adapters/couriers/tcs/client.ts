import { createHash } from 'node:crypto';
import { CourierUnavailableError, type CourierCredentials } from '../../../domain/ports/courier';
import { jsonBody, secretsOf, send, type HttpContext, type HttpRequest, type HttpResponse } from '../http';
import { joinUrl, type ResolvedOptions } from '../options';
import { parseBody } from '../parse';
import { AccessTokenAnswer, TokenAnswer } from './mapper';

/**
 * TCS HTTP with its two tokens: a gateway bearer JWT (client id + secret) on every call, and an ECOM
 * access token (username + password) inside ECOM calls. Both are cached until shortly before they
 * expire; a 401 drops them and the call is retried once with fresh ones (a 401 means TCS did nothing,
 * so even a booking is safe to re-send).
 */

interface Tokens {
  bearer: string;
  bearerExpiresAt: number;
  access: string;
  accessExpiresAt: number;
}

// Per warm process; keyed by host and a hash of the credentials so accounts never share tokens.
const tokenCache = new Map<string, Tokens>();
const REFRESH_MARGIN_MS = 60_000;
const FALLBACK_LIFETIME_MS = 30 * 60_000;

export type TcsCall = Omit<HttpRequest, 'url'> & { path: string; accessToken?: 'body' | 'query' };

export interface TcsClient {
  /** Throws CourierUnavailableError('auth') when TCS refuses the credentials themselves. */
  call(req: TcsCall): Promise<HttpResponse>;
  json(res: HttpResponse, changesState?: boolean): unknown;
  tokens(): Promise<Tokens>;
}

export function clearTcsTokenCache(): void {
  tokenCache.clear();
}

export function createTcsClient(options: ResolvedOptions, credentials: CourierCredentials): TcsClient {
  const ctx: HttpContext = { courier: 'TCS', fetch: options.fetch, timeoutMs: options.timeoutMs, secrets: secretsOf(credentials) };
  const base = options.baseUrls.api;
  const cacheKey = createHash('sha256')
    .update([base, credentials.client_id, credentials.client_secret, credentials.username, credentials.api_password].join('\u0000'))
    .digest('hex');

  const expiry = (text: string | null | undefined) => {
    const ms = text ? Date.parse(text) : Number.NaN;
    return Number.isNaN(ms) ? options.now() + FALLBACK_LIFETIME_MS : ms;
  };
  const refused = (what: string, res: HttpResponse) =>
    new CourierUnavailableError('TCS', 'auth', `TCS refused the ${what} (${res.describe}, HTTP ${res.status})`, { httpStatus: res.status });

  async function fetchTokens(): Promise<Tokens> {
    const authRes = await send(ctx, {
      method: 'POST',
      url: joinUrl(base, '/auth/api/auth'),
      json: { clientid: credentials.client_id ?? '', clientsecret: credentials.client_secret ?? '' },
    });
    if (authRes.status === 401 || authRes.status === 403) throw refused('client id or client secret', authRes);
    const auth = parseBody('TCS', TokenAnswer, jsonBody(ctx, authRes), 'auth');
    if (!auth.result) throw refused('client id or client secret', authRes);
    const bearer = auth.result.accessToken;

    const tokenRes = await send(ctx, {
      method: 'GET',
      url: joinUrl(base, '/ecom/api/authentication/token'),
      query: { username: credentials.username ?? '', password: credentials.api_password ?? '' },
      headers: { authorization: `Bearer ${bearer}` },
    });
    if (tokenRes.status === 401 || tokenRes.status === 403) throw refused('username or password', tokenRes);
    const access = parseBody('TCS', AccessTokenAnswer, jsonBody(ctx, tokenRes), 'access token');
    if (!access.accesstoken) throw refused('username or password', tokenRes);
    return { bearer, bearerExpiresAt: expiry(auth.result.expiry), access: access.accesstoken, accessExpiresAt: expiry(access.expiry) };
  }

  async function tokens(): Promise<Tokens> {
    const cached = tokenCache.get(cacheKey);
    const now = options.now();
    if (cached && cached.bearerExpiresAt - REFRESH_MARGIN_MS > now && cached.accessExpiresAt - REFRESH_MARGIN_MS > now) return cached;
    const fresh = await fetchTokens();
    tokenCache.set(cacheKey, fresh);
    return fresh;
  }

  async function attempt(req: TcsCall, t: Tokens): Promise<HttpResponse> {
    const query = req.accessToken === 'query' ? { ...req.query, accesstoken: t.access } : req.query;
    const json = req.accessToken === 'body' && req.json && typeof req.json === 'object' ? { ...req.json, accesstoken: t.access } : req.json;
    return send(ctx, {
      ...req,
      url: joinUrl(base, req.path),
      query,
      json,
      headers: { ...req.headers, authorization: `Bearer ${t.bearer}` },
    });
  }

  return {
    async call(req) {
      const first = await attempt(req, await tokens());
      if (first.status !== 401) return first;
      tokenCache.delete(cacheKey);
      const second = await attempt(req, await tokens());
      if (second.status === 401) throw refused('fresh tokens', second);
      return second;
    },
    json: (res, changesState = false) => jsonBody(ctx, res, changesState),
    tokens,
  };
}
