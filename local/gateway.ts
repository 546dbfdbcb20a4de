import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import {
  API_BASE, DEFAULT_ROUTE_KEY, ERRORS, LAMBDA_REQUEST_LIMIT_BYTES, MAX_URL_BYTES, ORIGIN_HEADER, VIEWER_ADDRESS_HEADER, matchPage, matchRoute, pageRouteKey, routeKey, routes,
  scheduledJobIds, type PageId, type RouteDef, type ScheduledJobId,
} from '@dakiya/shared';
import { groupHandler } from '@dakiya/functions/platform/chain';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import { operationsByGroup, pageHandlers } from '@dakiya/functions/registry';
import { TOO_LONG_PAGE } from './too-long-page';
import type { SyncPassReport } from './sync-pass';

/**
 * Node refuses a request line and headers above its max header size (16 KiB) with an empty 431, or
 * drops the connection while a long URL is still arriving. Browsers send URLs up to 2 MiB (Chromium),
 * so the limit sits above that and the gateway reads such a request whole to answer 414 itself.
 */
const MAX_HEADER_BYTES = 2 * 1024 * 1024 + 64 * 1024;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2',
  '.csv': 'text/csv; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
};

export interface GatewayOptions {
  port: number;
  deps: Deps;
  /** What the gateway, in CloudFront's part, sends in the origin header (a value the deps accept). */
  originSecret: string;
  /** The built SPA; served with history fallback like CloudFront's error responses. */
  webDir?: string;
  onRequest?: (info: { method: string; path: string; status: number; ms: number }) => void;
  /** Local mode only: `POST /_local/jobs/<row>` runs a scheduled row of the job table now (`./dakiya job <row>`). */
  runScheduled?: (job: ScheduledJobId) => Promise<void>;
  /**
   * `./dakiya sync`: one status-sync pass now, answering what moved. With `{trackingNumbers}` in the
   * body (the end-to-end flows), a pass over those parcels only.
   */
  runSync?: (filter: { trackingNumbers?: string[] }) => Promise<SyncPassReport>;
}

/**
 * The local API Gateway: turns HTTP requests into API Gateway v2 events for the same group handlers
 * Lambda runs, by the same route table, and serves the SPA like CloudFront + S3 would.
 */
export async function startGateway(opts: GatewayOptions): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const handlers = new Map<string, ReturnType<typeof groupHandler>>();
  const handlerFor = (group: RouteDef['group']) => {
    let h = handlers.get(group);
    if (!h) {
      h = groupHandler(group, operationsByGroup[group] as never, () => opts.deps);
      handlers.set(group, h);
    }
    return h;
  };

  const pageHandlerFor = new Map<PageId, ReturnType<(typeof pageHandlers)[PageId]>>();

  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    const started = Date.now();
    // CloudFront's part: a URL over its limit is refused before anything else, SPA paths included.
    // The API keeps the catalogue's JSON; a page gets a page, since a person would be stranded on JSON.
    if (Buffer.byteLength(req.url ?? '') > MAX_URL_BYTES) {
      if (isApiPath((req.url ?? '/').split('?')[0]!)) sendJson(res, 414, { errors: [{ msg: ERRORS.URI_TOO_LONG.msg, code: 'URI_TOO_LONG' }] });
      else sendHtml(res, 414, TOO_LONG_PAGE);
      opts.onRequest?.({ method: req.method ?? 'GET', path: '(too long)', status: 414, ms: Date.now() - started });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://local');
    try {
      const localJob = /^\/_local\/jobs\/([\w.]+)$/.exec(url.pathname);
      const page = matchPage(req.method ?? 'GET', url.pathname);
      if (localJob && req.method === 'POST' && opts.runScheduled) {
        await runJob(res, localJob[1]!);
      } else if (url.pathname === '/_local/sync' && req.method === 'POST' && opts.runSync) {
        const body = await readBody(req);
        const filter = body?.length ? (JSON.parse(body.toString('utf8')) as { trackingNumbers?: unknown }) : {};
        const named = Array.isArray(filter.trackingNumbers) ? filter.trackingNumbers.filter((t): t is string => typeof t === 'string') : undefined;
        sendJson(res, 200, await opts.runSync(named ? { trackingNumbers: named } : {}));
      } else if (isApiPath(url.pathname)) {
        await serveApi(req, res, url);
      } else if (page) {
        await servePage(req, res, url, page);
      } else {
        serveStatic(req, res, url.pathname);
      }
    } catch (error) {
      console.error('gateway error', error);
      if (!res.headersSent) sendJson(res, 500, { errors: [{ msg: ERRORS.INTERNAL.msg, code: 'INTERNAL' }] });
    } finally {
      opts.onRequest?.({ method: req.method ?? 'GET', path: url.pathname, status: res.statusCode, ms: Date.now() - started });
    }
  });

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const match = matchRoute(method, url.pathname);
    const params: Record<string, string> = {};
    try {
      for (const [name, value] of Object.entries(match?.params ?? {})) params[name] = decodeURIComponent(value);
    } catch {
      sendJson(res, 400, { errors: [{ msg: ERRORS.VALIDATION_FAILED.msg, code: 'VALIDATION_FAILED' }] });
      return;
    }
    const body = await readBody(req);
    if (body === undefined) {
      sendJson(res, 413, { errors: [{ msg: ERRORS.PAYLOAD_TOO_LARGE.msg, code: 'PAYLOAD_TOO_LARGE' }] });
      return;
    }
    // like API Gateway: a request no route matches goes to the $default route, the system group's function
    const route: RouteDef | undefined = match ? routes[match.id] : undefined;
    const event = toEvent(req, url, route ? routeKey(route) : DEFAULT_ROUTE_KEY, params, body, opts.originSecret);
    // Lambda refuses an event above 6 MiB (the body counts as escaped JSON, with headers and context)
    if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_REQUEST_LIMIT_BYTES) {
      sendJson(res, 413, { errors: [{ msg: ERRORS.PAYLOAD_TOO_LARGE.msg, code: 'PAYLOAD_TOO_LARGE' }] });
      return;
    }
    const result = await handlerFor(route?.group ?? 'system')(event, {} as Context);
    writeResult(res, result);
  }

  /** CloudFront's /track/* behaviour: the page's function, its answer compressed as CloudFront compresses it. */
  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL, page: { id: PageId; params: Record<string, string> }) {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(page.params)) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    }
    let handler = pageHandlerFor.get(page.id);
    if (!handler) {
      handler = pageHandlers[page.id](() => opts.deps);
      pageHandlerFor.set(page.id, handler);
    }
    const result = await handler(toEvent(req, url, pageRouteKey(page.id), params, Buffer.alloc(0), opts.originSecret), {} as Context);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && typeof result.body === 'string';
    if (gzip) {
      result.body = gzipSync(result.body!).toString('base64');
      result.isBase64Encoded = true;
      result.headers = { ...result.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' };
    }
    writeResult(res, result);
  }

  async function runJob(res: ServerResponse, job: string) {
    if (!(scheduledJobIds as string[]).includes(job)) {
      sendJson(res, 404, { error: `no scheduled row ${job}; scheduled rows: ${scheduledJobIds.join(', ')}` });
      return;
    }
    const started = Date.now();
    await opts.runScheduled!(job as ScheduledJobId);
    sendJson(res, 200, { job, ms: Date.now() - started });
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const dir = opts.webDir;
    if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built. Run: npm run build:web');
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = '/';
    }
    const safe = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    let file = path.join(dir, safe);
    const isAsset = file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile();
    if (!isAsset) file = path.join(dir, 'index.html');
    const immutable = isAsset && safe.startsWith(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') { res.end(); return; }
    fs.createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LAMBDA_REQUEST_LIMIT_BYTES) tooBig = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooBig ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toEvent(
  req: IncomingMessage, url: URL, key: string, params: Record<string, string>, body: Buffer, originSecret: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // CloudFront's part: what a caller sent under these names is replaced, never passed on
  delete headers[ORIGIN_HEADER];
  delete headers[VIEWER_ADDRESS_HEADER];
  headers[ORIGIN_HEADER] = originSecret;
  const ip = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/i, '');
  headers[VIEWER_ADDRESS_HEADER] = `${ip}:${req.socket.remotePort ?? 0}`;
  // API Gateway joins repeated query keys with a comma
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const text = body.toString('utf8');
  const isText = Buffer.from(text, 'utf8').equals(body);
  const requestId = randomBytes(8).toString('hex');
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: headers.cookie ? headers.cookie.split(';').map((c) => c.trim()) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (isText ? text : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local', apiId: 'local', domainName: req.headers.host ?? 'localhost', domainPrefix: 'local',
      http: { method: req.method ?? 'GET', path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '', userAgent: headers['user-agent'] ?? '' },
      requestId, routeKey: key, stage: '$default', time: new Date().toUTCString(), timeEpoch: Date.now(),
    },
  } as APIGatewayProxyEventV2;
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

const isApiPath = (pathname: string) => pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(html);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
