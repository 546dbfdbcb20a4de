import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One plain node:http server per courier. The courier's own routes go to `handle`; everything under
 * `/_sim/` is the test-control API (never part of any courier's contract). Faults and latency are
 * applied to courier routes only, and every courier call is recorded so tests can count them.
 */

export interface SimRequest {
  method: string;
  /** Path without the query string, as sent (trailing slashes kept). */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON or form body; undefined when empty or unreadable. */
  body: unknown;
  raw: string;
}

export interface SimReply {
  status?: number;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
}

export const FAULT_MODES = ['http-500', 'hang', 'garbage', 'reject', 'lose-response'] as const;
/**
 * http-500: HTTP 500 with an HTML body. hang: never answers. garbage: HTTP 200 with a body that is
 * not JSON. reject: the courier's own business refusal for that endpoint. lose-response: the courier
 * does the work (a booking is created) and the connection drops before the answer is sent.
 */
export type FaultMode = (typeof FAULT_MODES)[number];

export interface Fault {
  mode: FaultMode;
  remaining: number;
  /** Only calls whose path contains this text; all courier calls when absent. */
  match?: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  at: number;
  fault?: FaultMode;
}

export interface KitServerOptions {
  host: string;
  port: number;
  now(): number;
  handle(req: SimRequest): SimReply | Promise<SimReply>;
  /** The courier's business refusal for this call, in its own envelope. */
  reject(req: SimRequest): SimReply;
  /** `/_sim/...` routes; undefined = 404. */
  control(req: SimRequest): SimReply | undefined | Promise<SimReply | undefined>;
}

export interface KitServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  calls: RecordedCall[];
  failNext(mode: FaultMode, count?: number, match?: string): void;
  clearFaults(): void;
  setLatency(ms: number): void;
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw.trim() === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function write(res: http.ServerResponse, reply: SimReply): void {
  const status = reply.status ?? 200;
  if (reply.bytes) {
    res.writeHead(status, { 'content-type': reply.contentType ?? 'application/octet-stream', 'content-length': reply.bytes.length });
    res.end(reply.bytes);
    return;
  }
  const body = Buffer.from(JSON.stringify(reply.json ?? null));
  res.writeHead(status, { 'content-type': reply.contentType ?? 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

export async function startKitServer(options: KitServerOptions): Promise<KitServer> {
  const calls: RecordedCall[] = [];
  let faults: Fault[] = [];
  let latencyMs = 0;

  const takeFault = (path: string): FaultMode | undefined => {
    const fault = faults.find((f) => f.remaining > 0 && (!f.match || path.includes(f.match)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    faults = faults.filter((f) => f.remaining > 0);
    return fault.mode;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://sim');
        const raw = Buffer.concat(chunks).toString('utf8');
        const simReq: SimRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: parseBody(raw, req.headers['content-type']),
          raw,
        };
        try {
          if (simReq.path.startsWith('/_sim/')) {
            const reply = await options.control(simReq);
            write(res, reply ?? { status: 404, json: { error: `no control route ${simReq.method} ${simReq.path}` } });
            return;
          }
          const fault = takeFault(simReq.path);
          calls.push({ method: simReq.method, path: simReq.path, query: simReq.query, body: simReq.body, at: options.now(), ...(fault ? { fault } : {}) });
          if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
          if (fault === 'hang') return; // answered never; stop() drops the socket
          if (fault === 'http-500') {
            res.writeHead(500, { 'content-type': 'text/html' });
            res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
            return;
          }
          if (fault === 'garbage') {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('<html><body>Bad Gateway</body></html>{"status":');
            return;
          }
          if (fault === 'reject') {
            write(res, options.reject(simReq));
            return;
          }
          const reply = await options.handle(simReq);
          if (fault === 'lose-response') {
            req.socket.destroy();
            return;
          }
          write(res, reply);
        } catch (error) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`simulator error: ${error instanceof Error ? error.message : String(error)}`);
        }
      })();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host}:${port}`,
    port,
    calls,
    failNext(mode, count = 1, match) {
      faults.push({ mode, remaining: count, ...(match ? { match } : {}) });
    },
    clearFaults() {
      faults = [];
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
