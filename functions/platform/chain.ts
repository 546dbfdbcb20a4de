import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { z } from '@dakiya/shared';
import { GROUP_NEEDS, issueMessage, LAMBDA_REQUEST_LIMIT_BYTES, methodsForPath, routeKey, routes, type Group, type RouteDef, type RouteId } from '@dakiya/shared';
import { authenticate, authorize, needsSession, resolveAccess } from './auth';
import type { Deps } from '../domain/ports/deps';
import { defaultDeps } from './deps';
import { errorPage } from './error-page';
import { AppError } from '../ground/errors';
import { deadlineOf, runInvocation } from '../ground/invocation';
import { addressKey, requireOrigin, viewerAddress } from './origin';
import type { GroupOperations, OpContext, OpInput, RawRequest } from './operation';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

interface State {
  id: RouteId;
  route: RouteDef;
  ctx: OpContext;
  input: OpInput<RouteId>;
  deps: Deps;
}

type Request = middy.Request<Event, Result, Error, Context & { dakiya?: State }>;

function lowerHeaders(headers: Event['headers'] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function validationError(error: z.ZodError, where: 'params' | 'query' | 'body'): AppError {
  const first = error.issues[0];
  const param = first && first.path.length ? first.path.join('.') : where;
  // every problem is listed so a form can mark all its fields at once; errors[0] is what a toast shows
  const more = error.issues.slice(1).map((issue) => ({ msg: issueMessage(issue, where), code: 'VALIDATION_FAILED', param: issue.path.join('.') || where }));
  return new AppError('VALIDATION_FAILED', { msg: first ? issueMessage(first, where) : 'The request is not valid', param, more });
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: 'params' | 'query' | 'body'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

/** `application/json` or a `+json` type such as `application/merge-patch+json`, with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

function readBody(event: Event, headers: Record<string, string>, route: RouteDef): { raw: string; bytes: Buffer; json: unknown } {
  // the bytes as sent: a signature covers them, and a decode-encode round trip would change invalid UTF-8
  const bytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (bytes.length > LAMBDA_REQUEST_LIMIT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const raw = bytes.toString('utf8');
  if (route.kind === 'raw' || !route.body || raw.trim() === '') return { raw, bytes, json: undefined };
  if (!JSON_TYPE.test(headers['content-type'] ?? '')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { param: 'content-type' });
  try {
    return { raw, bytes, json: JSON.parse(raw) };
  } catch {
    throw new AppError('INVALID_JSON');
  }
}

/** Route -> session -> role/scope/plan -> parsed input, in that order, from the route table. */
const prepare = (group: Group, byKey: Map<string, RouteId>, getDeps: () => Deps): MiddlewareObj<Event, Result, Error, Context> => ({
  before: async (request) => {
    const req = request as Request;
    const { event } = req;
    const deps = getDeps();
    const requestId = event.requestContext?.requestId ?? 'unknown';
    const headers = lowerHeaders(event.headers);
    // before anything else: the request came through CloudFront, so its viewer address can be trusted
    await requireOrigin(headers, deps.originSecrets);
    const id = byKey.get(event.routeKey);
    const log = deps.log.forInvocation(req.context, { requestId, routeKey: event.routeKey, group });
    const sourceIp = viewerAddress(headers, event.requestContext?.http?.sourceIp ?? '');
    const ctx: OpContext = { requestId, log, now: deps.now(), sourceIp, addressKey: addressKey(sourceIp) };
    if (!id) {
      // API Gateway's $default route (the local gateway does the same): nothing in the table matched
      req.context.dakiya = { id: 'system.health', route: routes['system.health'], ctx, deps, input: emptyInput() };
      const allowed = methodsForPath(event.rawPath ?? '');
      if (allowed.length) throw new AppError('METHOD_NOT_ALLOWED', { headers: { allow: allowed.join(', ') } });
      throw new AppError('ROUTE_NOT_FOUND');
    }
    const route: RouteDef = routes[id];
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) query[k] = v;
    const state: State = { id, route, ctx, deps, input: emptyInput() };
    req.context.dakiya = state;

    const access = resolveAccess(route.access, query);
    if (needsSession(access)) {
      ctx.auth = await authenticate(headers, deps);
      authorize(access, route, ctx.auth);
      ctx.log = log.child({ shopId: ctx.auth.shop._id, userId: ctx.auth.user._id });
    }
    const body = readBody(event, headers, route);
    const raw: RawRequest = { body: body.raw, bodyBytes: body.bytes, headers, query };
    state.input = {
      params: parsePart(route.params, event.pathParameters ?? {}, 'params'),
      query: parsePart(route.query, query, 'query'),
      body: parsePart(route.body, body.json, 'body'),
      raw,
    } as OpInput<RouteId>;
  },
});

function emptyInput(): OpInput<RouteId> {
  return { params: undefined, query: undefined, body: undefined, raw: { body: '', bodyBytes: Buffer.alloc(0), headers: {}, query: {} } } as OpInput<RouteId>;
}

function errorResult(error: unknown, state: State | undefined): Result {
  const requestId = state?.ctx.requestId;
  if (error instanceof AppError) {
    const body = error.toBody(requestId);
    if (error.status >= 500) {
      state?.ctx.log.error('operation failed', { code: error.code, error: String(error.message) });
      state?.deps.metrics.count('ServerErrors');
    }
    return { statusCode: error.status, headers: { ...JSON_HEADERS, ...error.headers }, body: JSON.stringify(body) };
  }
  state?.ctx.log.error('unexpected error', { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error) });
  state?.deps.metrics.count('ServerErrors');
  return { statusCode: 500, headers: JSON_HEADERS, body: JSON.stringify(new AppError('INTERNAL').toBody(requestId ?? 'unknown')) };
}

/**
 * The one middy chain every group uses. Each call runs as one invocation of the group's Lambda:
 * its declared needs bound what it may touch, and its remaining time bounds every outbound call.
 */
export function groupHandler<G extends Group>(group: G, operations: GroupOperations<G>, getDeps: () => Deps = defaultDeps) {
  const byKey = new Map<string, RouteId>();
  for (const id of Object.keys(routes) as RouteId[]) {
    if (routes[id].group === group) byKey.set(routeKey(routes[id]), id);
  }
  const ops = operations as unknown as Record<string, (input: unknown, ctx: OpContext, deps: Deps) => Promise<unknown>>;

  const needs = GROUP_NEEDS[group];
  const chain = middy<Event, Result, Error, Context>()
    .use(prepare(group, byKey, getDeps))
    .use({
      onError: async (request) => {
        const state = (request as Request).context.dakiya;
        request.response = errorResult(request.error, state);
        // a browser sent here by Shopify (launch, callback) reads a page, not JSON
        const accept = (state?.input as { raw?: { headers: Record<string, string> } } | undefined)?.raw?.headers.accept ?? '';
        if (state?.route.kind === 'redirect' && accept.includes('text/html')) {
          const item = (JSON.parse(request.response.body ?? '{}') as { errors?: { msg?: string; code?: string }[] }).errors?.[0];
          request.response = errorPage(request.response.statusCode ?? 500, item?.code, item?.msg ?? 'Something went wrong.', state.ctx.requestId);
        }
      },
    })
    .handler(async (_event, context) => {
      const state = (context as Context & { dakiya?: State }).dakiya!;
      const { id, route, ctx, input, deps } = state;
      const output = await ops[id]!(input, ctx, deps);
      const parsed = route.output.parse(output) as Record<string, unknown>;
      if (route.kind === 'redirect') {
        const { location, cookies, page } = parsed as { location: string; cookies?: string[]; page?: { html: string; csp: string } };
        if (page) {
          const result: Result = {
            statusCode: 200, cookies, body: page.html,
            headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': page.csp, 'referrer-policy': 'no-referrer' },
          };
          return result;
        }
        return { statusCode: 302, headers: { location, 'cache-control': 'no-store' }, cookies, body: '' };
      }
      return { statusCode: route.okStatus ?? 200, headers: JSON_HEADERS, body: JSON.stringify(parsed) };
    });
  return (event: Event, context: Context): Promise<Result> =>
    runInvocation({ name: group, needs, deadline: deadlineOf(needs, context), interactive: true }, async () => {
      try {
        return await chain(event, context);
      } finally {
        getDeps().metrics.flush();
      }
    });
}
