import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { confirmCharge } from './charge-routes';
import { SimClock, type Clock } from './clock';
import { ShopifySimControl, handleFake, type CallRecord, type FaultKind, type SimInternals } from './control';
import { uuid } from './crypto';
import { ShopEvents } from './events';
import { runGraphql } from './graphql-endpoint';
import { accessToken, authorize } from './oauth-routes';
import { APP_BRIDGE_PATH, APP_BRIDGE_SCRIPT, adminFramePage, messagePage } from './pages';
import { html, json, type Reply } from './reply';
import { SimState, type ConsentMode, type ShopRecord, type SimConfig } from './state';
import { authenticate } from './tokens';
import { WebhookDispatcher } from './webhooks';

export interface ShopifySimOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  appUrl: string;
  webhookUri?: string;
  webhookUris?: Record<string, string>;
  apiVersion?: string;
  supportedVersions?: string[];
  /** Base clock; the simulator adds the offset that `control.advance` moves. */
  clock?: Clock;
  /** `page` (default) shows the consent page; `auto-approve` suits scripts. */
  consent?: ConsentMode;
  billingConsent?: ConsentMode;
  managedScopes?: string[];
  webhookRetryDelaysMs?: number[];
  webhookTimeoutMs?: number;
  /** Shops to create at start. */
  shops?: { shop: string; name?: string; email?: string; orders?: number; seed?: number }[];
}

export interface ShopifySim {
  url: string;
  port: number;
  /** `http://127.0.0.1:PORT/_shops/{shop}`: the app's SHOPIFY_ORIGIN_TEMPLATE for this simulator. */
  originTemplate: string;
  control: ShopifySimControl;
  stop(): Promise<void>;
}

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const DEFAULT_SCOPES = ['read_orders', 'write_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders'];

/** A local Shopify for one app (reference/shopify.md §9). */
export async function startShopifySim(options: ShopifySimOptions): Promise<ShopifySim> {
  const clock = new SimClock(options.clock);
  const config: SimConfig = {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    redirectUris: options.redirectUris,
    appUrl: options.appUrl,
    webhookUri: options.webhookUri,
    webhookUris: options.webhookUris,
    apiVersion: options.apiVersion ?? '2026-07',
    supportedVersions: options.supportedVersions ?? ['2025-07', '2025-10', '2026-01', '2026-04', '2026-07', '2026-10', 'unstable'],
    appId: '3172591617',
    managedScopes: options.managedScopes ?? DEFAULT_SCOPES,
    consent: options.consent ?? 'page',
    billingConsent: options.billingConsent ?? options.consent ?? 'page',
    codeTtlSec: 60,
    refreshRetryWindowSec: 10,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 5000,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [100, 200, 400, 800, 1600, 3200, 6400, 12800],
    shopRedactDelayMs: 48 * 3_600_000,
    rejectV2Mutations: false,
  };
  const state = new SimState(config, clock);
  const webhooks = new WebhookDispatcher(state);
  const sim: SimInternals = { state, clock, webhooks, events: new ShopEvents(state, webhooks), calls: [], faults: [] };
  const control = new ShopifySimControl(sim);
  for (const shop of options.shops ?? []) control.seedShop(shop);

  const hung = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    handle(sim, control, req, res, hung).catch((error: unknown) => {
      if (!res.headersSent) send(res, json(500, { errors: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    port,
    originTemplate: `${url}/_shops/{shop}`,
    control,
    async stop() {
      webhooks.stop();
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body = '';
  if (reply.html !== undefined) {
    headers['Content-Type'] = 'text/html; charset=utf-8';
    body = reply.html;
  } else if (reply.script !== undefined) {
    body = reply.script;
  } else if (reply.json !== undefined) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(reply.json);
  }
  res.writeHead(reply.status, headers);
  res.end(body);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Token endpoint bodies: form-encoded (docs) or JSON (official lib), values as strings. */
function tokenParams(req: IncomingMessage, body: string): Record<string, string> {
  if ((header(req, 'content-type') ?? '').includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** `/_shops/{shop}/…` or a Host ending in .myshopify.com (§9.1). */
function locateShop(req: IncomingMessage, url: URL): { domain: string; path: string; base: string } | null {
  const prefixed = /^\/_shops\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (prefixed) {
    const domain = decodeURIComponent(prefixed[1] ?? '').toLowerCase();
    return { domain, path: prefixed[2] ?? '/', base: `${url.origin}/_shops/${domain}` };
  }
  const host = (header(req, 'host') ?? '').split(':')[0]?.toLowerCase() ?? '';
  if (host.endsWith('.myshopify.com')) return { domain: host, path: url.pathname, base: url.origin };
  return null;
}

async function handle(sim: SimInternals, control: ShopifySimControl, req: IncomingMessage, res: ServerResponse, hung: Set<ServerResponse>): Promise<void> {
  const url = new URL(req.url ?? '/', `http://${header(req, 'host') ?? '127.0.0.1'}`);
  const body = await readBody(req);
  const method = req.method ?? 'GET';
  sim.state.tick();

  if (url.pathname === APP_BRIDGE_PATH && method === 'GET') {
    return send(res, { status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8' }, script: APP_BRIDGE_SCRIPT });
  }

  if (url.pathname.startsWith('/_fake/')) {
    let params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (body.trim()) {
      try {
        params = { ...params, ...(JSON.parse(body) as Record<string, unknown>) };
      } catch {
        return send(res, json(400, { error: 'control bodies are JSON' }));
      }
    }
    try {
      return send(res, await handleFake(control, method, url.pathname, params));
    } catch (error) {
      return send(res, json(400, { error: error instanceof Error ? error.message : String(error) }));
    }
  }

  const located = locateShop(req, url);
  if (!located) return send(res, json(404, { errors: 'Not Found. Address a shop as /_shops/{shop}.myshopify.com/…' }));
  const shop = sim.state.shop(located.domain);
  const record: CallRecord = {
    seq: sim.calls.length + 1,
    at: sim.clock.iso(),
    method,
    path: located.path,
    shop: located.domain,
    kind: 'other',
    status: 0,
  };
  const reply = await route(sim, shop, located, method, url, req, body, record, res, hung);
  if (reply === null) return; // hung on purpose (forced timeout)
  record.status = reply.status;
  sim.calls.push(record);
  send(res, reply);
}

async function route(
  sim: SimInternals,
  shop: ShopRecord | undefined,
  located: { domain: string; path: string; base: string },
  method: string,
  url: URL,
  req: IncomingMessage,
  body: string,
  record: CallRecord,
  res: ServerResponse,
  hung: Set<ServerResponse>,
): Promise<Reply | null> {
  const { path } = located;
  const graphqlPath = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(path);
  if (graphqlPath) record.kind = 'graphql';
  else if (path === '/admin/oauth/authorize') record.kind = 'authorize';
  else if (path === '/admin/oauth/access_token') record.kind = 'access-token';
  else if (path.includes('/RecurringApplicationCharge/')) record.kind = 'charge';

  if (!shop) {
    return record.kind === 'authorize' || record.kind === 'charge'
      ? html(404, messagePage('Shop not found', `${located.domain} does not exist on this simulator. Seed it with POST /_fake/shops.`))
      : json(404, { errors: 'Not Found' });
  }
  const consentHeader = header(req, 'x-fake-consent');

  if (record.kind === 'authorize' && method === 'GET') return authorize(sim.state, shop, url, consentHeader);

  if (record.kind === 'access-token' && method === 'POST') {
    const params = tokenParams(req, body);
    record.grantType = params.grant_type ?? 'authorization_code';
    return accessToken(sim.state, shop, params);
  }

  const charge = /^\/admin\/charges\/[^/]+\/(\d+)\/RecurringApplicationCharge\/confirm_recurring_application_charge$/.exec(path);
  if (charge && method === 'GET') return confirmCharge(sim.state, sim.webhooks, shop, charge[1] ?? '', url, consentHeader);

  if (path === `/admin/apps/${sim.state.config.clientId}` && method === 'GET') {
    // the admin renders the app in an iframe, opened with an embedded launch (§1.2)
    return html(200, adminFramePage(shop, sim.events.launchUrl(shop, { embedded: true }), new URL(sim.state.config.appUrl).origin));
  }

  if (graphqlPath && method === 'POST') {
    const requested = graphqlPath[1] ?? '';
    const supported = sim.state.config.supportedVersions;
    const version = supported.includes(requested) ? requested : ([...supported].filter((v) => v !== 'unstable').sort()[0] ?? requested);
    const headers = { 'X-Shopify-API-Version': version, 'X-Request-Id': uuid() };
    const token = authenticate(sim.state, shop, header(req, 'x-shopify-access-token'));
    if (!token) return json(401, { errors: INVALID_TOKEN }, headers);

    const fault = takeFault(sim);
    if (fault) record.fault = fault;
    if (fault === 'timeout') {
      hung.add(res);
      res.on('close', () => hung.delete(res));
      sim.calls.push({ ...record, status: 0 });
      return null;
    }
    if (fault === '429') return json(429, { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' }, { ...headers, 'Retry-After': '2.0' });
    if (fault === '500' || fault === '503') return json(Number(fault), { errors: fault === '500' ? 'Internal Server Error' : 'Service Unavailable' }, headers);

    const result = await runGraphql({ state: sim.state, shop, webhooks: sim.webhooks, shopBaseUrl: located.base }, body, { forceThrottled: fault === 'throttled' });
    if (result.operationName) record.operationName = result.operationName;
    return json(result.status, result.body, { ...headers, ...result.headers });
  }

  return json(404, { errors: 'Not Found' });
}

function takeFault(sim: SimInternals): FaultKind | undefined {
  const entry = sim.faults[0];
  if (!entry) return undefined;
  entry.remaining -= 1;
  if (entry.remaining <= 0) sim.faults.shift();
  return entry.kind;
}
