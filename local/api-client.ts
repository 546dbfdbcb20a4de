import { routes, routeUrl, type RouteDef, type RouteId, type RouteInput, type RouteOutput } from '@dakiya/shared';

/**
 * The API as a script calls it (the seed, the bench, end-to-end set-up): by route id, with method,
 * path and types from the route table, like the web client. No script writes a path by hand.
 */
export type CallOptions<Id extends RouteId> = RouteInput<Id> & { token?: string };

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export class ApiCallError extends Error {
  constructor(readonly id: RouteId, readonly status: number, readonly body: unknown) {
    super(`${id} (${routes[id].method} ${routes[id].path}) answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'ApiCallError';
  }
}

export interface ApiClient {
  /** The parsed answer of a 2xx; anything else throws ApiCallError. */
  call<Id extends RouteId>(id: Id, options?: CallOptions<Id>): Promise<RouteOutput<Id>>;
  /** Whatever the answer is, for a caller that looks at the status itself. */
  send<Id extends RouteId>(id: Id, options?: CallOptions<Id>): Promise<ApiAnswer>;
  /** The address of a route (redirect routes are opened by a browser, not called). */
  url<Id extends RouteId>(id: Id, options?: Pick<CallOptions<Id>, 'params' | 'query'>): string;
}

export function apiClient(appUrl: string): ApiClient {
  const url = <Id extends RouteId>(id: Id, options: Pick<CallOptions<Id>, 'params' | 'query'> = {}) => routeUrl(appUrl, routes[id], options);
  const send = async <Id extends RouteId>(id: Id, options: CallOptions<Id> = {}): Promise<ApiAnswer> => {
    const route: RouteDef = routes[id];
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url(id, options), {
      method: route.method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text for the error message
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    url,
    send,
    async call(id, options) {
      const answer = await send(id, options);
      if (answer.status < 200 || answer.status >= 300) throw new ApiCallError(id, answer.status, answer.body);
      return answer.body as RouteOutput<typeof id>;
    },
  };
}
