import type { SimClock } from './clock';
import { refill } from './cost';
import type { ShopEvents } from './events';
import type { OrderRecord } from './records';
import { json, type Reply } from './reply';
import type { ConsentMode, SeedShopInput, ShopRecord, SimConfig, SimState, StaffMember } from './state';
import type { DeliveryRecord, WebhookDispatcher, WebhookFault } from './webhooks';

export type FaultKind = 'throttled' | '429' | '500' | '503' | 'timeout';

export interface CallRecord {
  seq: number;
  /** Simulator clock time. */
  at: string;
  method: string;
  /** Path inside the shop, without the `/_shops/{shop}` prefix. */
  path: string;
  shop: string | null;
  kind: 'authorize' | 'access-token' | 'graphql' | 'charge' | 'other';
  status: number;
  operationName?: string;
  grantType?: string;
  /** The fault a test forced onto this call, if any. */
  fault?: FaultKind;
}

export interface SimInternals {
  state: SimState;
  clock: SimClock;
  webhooks: WebhookDispatcher;
  events: ShopEvents;
  calls: CallRecord[];
  faults: { kind: FaultKind; remaining: number }[];
}

/** Test control of a running simulator; the `/_fake/…` HTTP API maps onto these methods. */
export class ShopifySimControl {
  constructor(private readonly sim: SimInternals) {}

  seedShop(input: SeedShopInput): ShopRecord {
    return this.sim.state.seedShop(input);
  }

  shop(domain: string): ShopRecord {
    const shop = this.sim.state.shop(domain);
    if (!shop) throw new Error(`unknown shop ${domain}`);
    return shop;
  }

  /** A staff member (or collaborator) of the shop's admin; `account_owner` false unless said. */
  addStaff(domain: string, input: Partial<Omit<StaffMember, 'id'>> & { email: string }): StaffMember {
    return this.sim.state.addStaff(this.shop(domain), input);
  }

  /** Who opens the app from now on (launches, session tokens, online grants): a staff id or email. */
  signInAs(domain: string, user: number | string): StaffMember {
    const shop = this.shop(domain);
    const member = shop.staff.find((m) => String(m.id) === String(user) || m.email === String(user).toLowerCase());
    if (!member) throw new Error(`${domain} has no staff member ${user}`);
    shop.adminUserId = member.id;
    return member;
  }

  orders(domain: string): OrderRecord[] {
    return this.shop(domain).orders;
  }

  /**
   * Puts an order's open fulfillment orders on hold (or releases them), or assigns them to another
   * fulfillment service (whose work the app may only request, not fulfil), as a merchant would in the admin.
   */
  setFulfillmentOrders(domain: string, orderRef: string, patch: { hold?: boolean; fulfillmentService?: string | null }): OrderRecord {
    const order = this.sim.events.findOrder(this.shop(domain), orderRef);
    if (!order) throw new Error(`unknown order ${orderRef}`);
    for (const fo of order.fulfillmentOrders) {
      if (patch.hold === true && (fo.status === 'OPEN' || fo.status === 'IN_PROGRESS')) fo.status = 'ON_HOLD';
      if (patch.hold === false && fo.status === 'ON_HOLD') fo.status = 'OPEN';
      if (patch.fulfillmentService !== undefined) fo.fulfillmentService = patch.fulfillmentService;
    }
    return order;
  }

  launchUrl(domain: string, options: { embedded?: boolean; path?: string } = {}): string {
    return this.sim.events.launchUrl(this.shop(domain), options);
  }

  sessionToken(domain: string, options: { expired?: boolean; aud?: string; wrongSecret?: boolean; sub?: string } = {}): string {
    return this.sim.events.sessionToken(this.shop(domain), options);
  }

  adminLink(domain: string, orderRef: string, path?: string): string {
    const shop = this.shop(domain);
    const order = this.sim.events.findOrder(shop, orderRef);
    if (!order) throw new Error(`unknown order ${orderRef}`);
    return this.sim.events.adminLink(shop, order, path);
  }

  bulkAdminLink(domain: string, orderRefs: string[], path?: string): string {
    const shop = this.shop(domain);
    const orders = orderRefs.map((ref) => {
      const order = this.sim.events.findOrder(shop, ref);
      if (!order) throw new Error(`unknown order ${ref}`);
      return order;
    });
    return this.sim.events.bulkAdminLink(shop, orders, path);
  }

  uninstall(domain: string): void {
    this.sim.events.uninstall(this.shop(domain));
  }

  trigger(domain: string, topic: string, body: Record<string, unknown> = {}): unknown {
    return this.sim.events.trigger(this.shop(domain), topic, body);
  }

  calls(filter: { shop?: string; kind?: CallRecord['kind'] } = {}): CallRecord[] {
    return this.sim.calls.filter((c) => (!filter.shop || c.shop === filter.shop) && (!filter.kind || c.kind === filter.kind));
  }

  clearCalls(): void {
    this.sim.calls.length = 0;
  }

  deliveries(filter: { shop?: string; topic?: string } = {}): DeliveryRecord[] {
    return this.sim.webhooks.deliveries.filter((d) => (!filter.shop || d.shop === filter.shop) && (!filter.topic || d.topic === filter.topic));
  }

  /** Delivers everything outstanding now (retries included) and resolves when done. */
  drainWebhooks(): Promise<void> {
    return this.sim.webhooks.drain();
  }

  webhookFault(fault: WebhookFault, count = 1): void {
    this.sim.webhooks.addFault(fault, count);
  }

  pauseWebhooks(): void {
    this.sim.webhooks.pause();
  }

  resumeWebhooks(options: { reverse?: boolean } = {}): void {
    this.sim.webhooks.resume(options);
  }

  /** The next `count` Admin API calls answer with this fault instead of running. */
  failNext(kind: FaultKind, count = 1): void {
    this.sim.faults.push({ kind, remaining: count });
  }

  clearFaults(): void {
    this.sim.faults.length = 0;
  }

  now(): number {
    return this.sim.clock.now();
  }

  /** Moves the fake clock; due events (subscription expiry, shop/redact) happen now. */
  advance(ms: number): void {
    this.sim.clock.advance(ms);
    this.sim.state.tick();
  }

  setBucket(domain: string, input: { currentlyAvailable?: number; maximumAvailable?: number; restoreRate?: number; mode?: 'graphql' | '429' | 'off' }): void {
    const shop = this.shop(domain);
    refill(shop, this.sim.clock.now());
    const b = shop.bucket;
    if (input.maximumAvailable !== undefined) b.maximumAvailable = input.maximumAvailable;
    if (input.restoreRate !== undefined) b.restoreRate = input.restoreRate;
    if (input.currentlyAvailable !== undefined) b.level = input.currentlyAvailable;
    if (input.mode !== undefined) b.mode = input.mode;
    b.level = Math.min(b.level, b.maximumAvailable);
  }

  setConsent(mode: ConsentMode): void {
    this.sim.state.config.consent = mode;
  }

  setBillingConsent(mode: ConsentMode): void {
    this.sim.state.config.billingConsent = mode;
  }

  /** Changes the installation's granted scopes (every token of the shop sees them at once). */
  setScopes(domain: string, scopes: string[]): void {
    const shop = this.shop(domain);
    if (!shop.installation) throw new Error(`${domain} has no installation`);
    shop.installation.scopes = scopes;
  }

  configure(patch: Partial<Pick<SimConfig, 'webhookUri' | 'webhookUris' | 'appUrl' | 'redirectUris' | 'managedScopes' | 'rejectV2Mutations' | 'refreshRetryWindowSec' | 'codeTtlSec'>>): void {
    Object.assign(this.sim.state.config, patch);
  }
}

function param<T = string>(params: Record<string, unknown>, name: string): T | undefined {
  return params[name] as T | undefined;
}

const truthy = (value: unknown) => value === true || value === '1' || value === 'true';

/** The `/_fake/…` HTTP API. `params` = query string merged with the JSON body. */
export async function handleFake(control: ShopifySimControl, method: string, path: string, params: Record<string, unknown>): Promise<Reply> {
  const shop = param(params, 'shop');
  const need = () => {
    if (typeof shop !== 'string' || !shop) throw new Error('shop is required');
    return shop;
  };
  const shopPath = /^\/_fake\/shops\/([^/]+)(\/orders)?$/.exec(path);
  if (shopPath && method === 'GET') {
    const record = control.shop(decodeURIComponent(shopPath[1] ?? ''));
    if (shopPath[2]) return json(200, record.orders);
    const { orders, ...rest } = record;
    return json(200, { ...rest, orderCount: orders.length });
  }
  const trigger = /^\/_fake\/trigger\/(.+)$/.exec(path);
  if (trigger && method === 'POST') return json(200, { result: control.trigger(need(), trigger[1] ?? '', params) });

  switch (`${method} ${path}`) {
    case 'POST /_fake/shops': {
      const record = control.seedShop(params as unknown as SeedShopInput);
      return json(200, { shop: record.domain, name: record.name, orderCount: record.orders.length });
    }
    case 'POST /_fake/staff':
      return json(200, control.addStaff(need(), params as Parameters<ShopifySimControl['addStaff']>[1]));
    case 'POST /_fake/admin-user':
      return json(200, control.signInAs(need(), String(param(params, 'user') ?? '')));
    case 'GET /_fake/launch-url':
      return json(200, { url: control.launchUrl(need(), { embedded: params.embedded === undefined ? undefined : truthy(params.embedded), path: param(params, 'path') }) });
    case 'GET /_fake/session-token':
      return json(200, {
        token: control.sessionToken(need(), { expired: truthy(params.expired), aud: param(params, 'aud'), wrongSecret: truthy(params.wrongSecret), sub: param(params, 'sub') }),
      });
    case 'GET /_fake/admin-link': {
      const orders = param<string>(params, 'orders');
      if (orders) return json(200, { url: control.bulkAdminLink(need(), orders.split(',').map((o) => o.trim()).filter(Boolean), param(params, 'path')) });
      return json(200, { url: control.adminLink(need(), String(param(params, 'order') ?? ''), param(params, 'path')) });
    }
    case 'POST /_fake/fulfillment-orders':
      return json(200, control.setFulfillmentOrders(need(), String(param(params, 'order') ?? ''), {
        hold: params.hold === undefined ? undefined : truthy(params.hold),
        fulfillmentService: params.fulfillmentService === undefined ? undefined : (param<string | null>(params, 'fulfillmentService') ?? null),
      }).fulfillmentOrders);
    case 'POST /_fake/uninstall':
      control.uninstall(need());
      return json(200, { ok: true });
    case 'GET /_fake/calls':
      return json(200, control.calls({ shop: param(params, 'shop'), kind: param(params, 'kind') }));
    case 'DELETE /_fake/calls':
      control.clearCalls();
      return json(200, { ok: true });
    case 'GET /_fake/webhooks':
      return json(200, control.deliveries({ shop: param(params, 'shop'), topic: param(params, 'topic') }));
    case 'POST /_fake/webhooks/drain':
      await control.drainWebhooks();
      return json(200, { ok: true });
    case 'POST /_fake/webhooks/fault':
      control.webhookFault(params as unknown as WebhookFault, Number(params.count ?? 1));
      return json(200, { ok: true });
    case 'POST /_fake/webhooks/pause':
      control.pauseWebhooks();
      return json(200, { ok: true });
    case 'POST /_fake/webhooks/resume':
      control.resumeWebhooks({ reverse: truthy(params.reverse) });
      return json(200, { ok: true });
    case 'POST /_fake/faults':
      control.failNext(param<FaultKind>(params, 'kind') ?? 'throttled', Number(params.count ?? 1));
      return json(200, { ok: true });
    case 'DELETE /_fake/faults':
      control.clearFaults();
      return json(200, { ok: true });
    case 'GET /_fake/clock':
      return json(200, { now: new Date(control.now()).toISOString() });
    case 'POST /_fake/clock/advance': {
      const ms = params.ms !== undefined ? Number(params.ms) : Number(params.seconds ?? 0) * 1000;
      control.advance(ms);
      return json(200, { now: new Date(control.now()).toISOString() });
    }
    case 'POST /_fake/bucket':
      control.setBucket(need(), {
        currentlyAvailable: params.currentlyAvailable === undefined ? undefined : Number(params.currentlyAvailable),
        maximumAvailable: params.maximumAvailable === undefined ? undefined : Number(params.maximumAvailable),
        restoreRate: params.restoreRate === undefined ? undefined : Number(params.restoreRate),
        mode: param(params, 'mode'),
      });
      return json(200, { ok: true });
    case 'POST /_fake/consent':
      if (params.mode) control.setConsent(params.mode as ConsentMode);
      if (params.billing) control.setBillingConsent(params.billing as ConsentMode);
      return json(200, { ok: true });
    case 'POST /_fake/scopes': {
      const scopes = Array.isArray(params.scopes) ? (params.scopes as string[]) : String(params.scopes ?? '').split(',').filter(Boolean);
      control.setScopes(need(), scopes);
      return json(200, { ok: true });
    }
    case 'POST /_fake/config':
      control.configure(params as Parameters<ShopifySimControl['configure']>[0]);
      return json(200, { ok: true });
    default:
      return json(404, { error: `no control endpoint ${method} ${path}` });
  }
}
