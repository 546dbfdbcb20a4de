import type { CourierCredentials } from '../../../domain/ports/courier';
import { jsonBody, secretsOf, send, type HttpContext, type HttpRequest } from '../http';
import { joinUrl, type ResolvedOptions } from '../options';

/**
 * M&P HTTP. Credential key casing differs per endpoint and must match, so each call spells its own
 * keys (`username`/`password` for booking, `Username`/`password` for void, `Username`/`Password`/
 * `AccountNo` for bulk tracking). GETs carry them in the query string; error messages never show it.
 */
export interface MnpClient {
  get(path: string, query: HttpRequest['query']): Promise<unknown>;
  post(path: string, body: unknown, opts?: { changesState?: boolean }): Promise<unknown>;
  getTracking(path: string, query: HttpRequest['query']): Promise<unknown>;
}

export function createMnpClient(options: ResolvedOptions, credentials: CourierCredentials): MnpClient {
  const ctx: HttpContext = { courier: 'MNP', fetch: options.fetch, timeoutMs: options.timeoutMs, secrets: secretsOf(credentials) };
  const api = options.baseUrls.api;
  const tracking = options.baseUrls.tracking ?? api;
  return {
    async get(path, query) {
      return jsonBody(ctx, await send(ctx, { method: 'GET', url: joinUrl(api, path), query }));
    },
    async post(path, body, opts = {}) {
      const ambiguous = opts.changesState === true;
      return jsonBody(ctx, await send(ctx, { method: 'POST', url: joinUrl(api, path), json: body, ambiguousOnLoss: ambiguous }), ambiguous);
    },
    async getTracking(path, query) {
      return jsonBody(ctx, await send(ctx, { method: 'GET', url: joinUrl(tracking, path), query }));
    },
  };
}
