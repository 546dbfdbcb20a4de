import { CourierUnavailableError, type CourierCredentials } from '../../../domain/ports/courier';
import { jsonBody, secretsOf, send, type HttpContext, type HttpRequest, type HttpResponse } from '../http';
import { joinUrl, type ResolvedOptions } from '../options';

/** PostEx HTTP: JSON, merchant token in the `token` header on every call. */
export interface PostexClient {
  call(method: HttpRequest['method'], path: string, opts?: { query?: HttpRequest['query']; json?: unknown; changesState?: boolean }): Promise<HttpResponse>;
  json(res: HttpResponse, changesState?: boolean): unknown;
}

export function createPostexClient(options: ResolvedOptions, credentials: CourierCredentials): PostexClient {
  const ctx: HttpContext = { courier: 'POSTEX', fetch: options.fetch, timeoutMs: options.timeoutMs, secrets: secretsOf(credentials) };
  return {
    async call(method, path, opts = {}) {
      return send(ctx, {
        method,
        url: joinUrl(options.baseUrls.api, path),
        query: opts.query,
        json: opts.json,
        headers: { token: credentials.token ?? '' },
        ambiguousOnLoss: opts.changesState === true,
      });
    },
    json: (res, changesState = false) => jsonBody(ctx, res, changesState),
  };
}

/** For calls whose answer has no place for a refusal (tracking): a rejected token is an outage for us. */
export function assertAuthorised(res: HttpResponse): void {
  if (res.status === 401 || res.status === 403) {
    throw new CourierUnavailableError('POSTEX', 'auth', `POSTEX refused the API token (${res.describe})`, { httpStatus: res.status });
  }
}
