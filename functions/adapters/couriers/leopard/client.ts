import type { CourierCredentials } from '../../../domain/ports/courier';
import { jsonBody, secretsOf, send, type HttpContext, type HttpResponse } from '../http';
import { joinUrl, type ResolvedOptions } from '../options';

/**
 * Leopards HTTP: `<base>/<endpoint>/format/json/`, api_key + api_password inside every JSON body
 * (never in a header, never in a query string, so they cannot leak through URLs).
 */
export interface LeopardClient {
  post(endpoint: string, body: Record<string, unknown>, opts?: { changesState?: boolean }): Promise<unknown>;
  postForBytes(endpoint: string, body: Record<string, unknown>): Promise<HttpResponse>;
  /** A slip link from a booking answer: a plain GET of Leopards' own page, without credentials. */
  getLink(url: string): Promise<HttpResponse>;
  json(res: HttpResponse): unknown;
}

/** The batch path is spelled three ways across Leopards' own doc; configurable, default per production doc. */
export const LEOPARD_BATCH_PATH = 'batchBookPacketv2/format/json/';

export function createLeopardClient(options: ResolvedOptions, credentials: CourierCredentials): LeopardClient {
  const ctx: HttpContext = { courier: 'LEOPARD', fetch: options.fetch, timeoutMs: options.timeoutMs, secrets: secretsOf(credentials) };
  const auth = { api_key: credentials.api_key ?? '', api_password: credentials.api_password ?? '' };
  const url = (endpoint: string) => joinUrl(options.baseUrls.api, endpoint.includes('/') ? endpoint : `${endpoint}/format/json/`);
  return {
    async post(endpoint, body, opts = {}) {
      const ambiguous = opts.changesState === true;
      const res = await send(ctx, { method: 'POST', url: url(endpoint), json: { ...auth, ...body }, ambiguousOnLoss: ambiguous });
      return jsonBody(ctx, res, ambiguous);
    },
    async postForBytes(endpoint, body) {
      return send(ctx, { method: 'POST', url: joinUrl(options.baseUrls.api, endpoint), json: { ...auth, ...body } });
    },
    async getLink(link) {
      return send(ctx, { method: 'GET', url: link });
    },
    json: (res) => jsonBody(ctx, res),
  };
}
