import { hex, signJwt, signQueryParams, uuid } from './crypto';
import { parseGid } from './gid';
import { generateOrders } from './generate-orders';
import { adminHost } from './oauth-routes';
import type { OrderRecord } from './records';
import { restOrder, restShop, restSubscription } from './rest-payloads';
import type { ShopRecord, SimState } from './state';
import { revokeAll } from './tokens';
import type { WebhookDispatcher } from './webhooks';

/** Things that happen on the Shopify side: uninstall, new/changed orders, privacy requests. */
export class ShopEvents {
  constructor(
    private readonly state: SimState,
    private readonly webhooks: WebhookDispatcher,
  ) {}

  /** §1.10, §9.5: tokens die (→ 401), plans end, app/uninstalled now, shop/redact 48 h later. */
  uninstall(shop: ShopRecord): void {
    if (shop.installation) shop.installation.active = false;
    revokeAll(this.state, shop);
    for (const sub of shop.subscriptions) {
      if (sub.status === 'ACTIVE' || sub.status === 'PENDING' || sub.status === 'FROZEN') {
        sub.status = 'CANCELLED';
        sub.updatedAt = this.state.clock.iso();
      }
    }
    this.webhooks.enqueue(shop.domain, 'app/uninstalled', restShop(shop));
    this.state.schedule(this.state.clock.now() + this.state.config.shopRedactDelayMs, () => {
      this.webhooks.enqueue(shop.domain, 'shop/redact', { shop_id: Number(shop.id), shop_domain: shop.domain });
    });
  }

  /** New orders placed now, with `orders/create` for each. */
  createOrders(shop: ShopRecord, count = 1, seed = Math.floor(Math.random() * 1e9)): OrderRecord[] {
    const orders = generateOrders(count, seed, {
      now: this.state.clock.now(),
      days: 0,
      ids: this.state.ids,
      locations: shop.locations,
      currency: shop.currencyCode,
      startNumber: shop.nextOrderNumber,
    });
    shop.orders.push(...orders);
    shop.nextOrderNumber += orders.length;
    for (const order of orders) this.webhooks.enqueue(shop.domain, 'orders/create', restOrder(order));
    return orders;
  }

  findOrder(shop: ShopRecord, ref: string | undefined): OrderRecord | undefined {
    if (!ref) return shop.orders[shop.orders.length - 1];
    const id = parseGid(ref)?.id ?? ref;
    return shop.orders.find((o) => o.id === id || o.name === ref || o.name === `#${ref}`);
  }

  updateOrder(shop: ShopRecord, order: OrderRecord, patch: Partial<Pick<OrderRecord, 'note' | 'tags' | 'email' | 'phone' | 'financialStatus'>> & { shippingAddress?: Partial<NonNullable<OrderRecord['shippingAddress']>> }): void {
    const { shippingAddress, ...rest } = patch;
    Object.assign(order, rest);
    if (shippingAddress && order.shippingAddress) Object.assign(order.shippingAddress, shippingAddress);
    order.updatedAt = this.state.clock.iso();
    this.webhooks.enqueue(shop.domain, 'orders/updated', restOrder(order));
  }

  cancelOrder(shop: ShopRecord, order: OrderRecord, reason: OrderRecord['cancelReason'] = 'CUSTOMER'): void {
    const now = this.state.clock.iso();
    order.cancelledAt = now;
    order.cancelReason = reason;
    order.closedAt = now;
    order.updatedAt = now;
    if (order.financialStatus === 'PENDING' || order.financialStatus === 'AUTHORIZED') order.financialStatus = 'VOIDED';
    for (const fo of order.fulfillmentOrders) {
      if (fo.status !== 'CLOSED') {
        fo.status = 'CLOSED';
        fo.updatedAt = now;
      }
    }
    this.webhooks.enqueue(shop.domain, 'orders/cancelled', restOrder(order));
    this.webhooks.enqueue(shop.domain, 'orders/updated', restOrder(order));
  }

  /** `/_fake/trigger/{topic}`: cause the event behind a topic, or send a given payload as is. */
  trigger(shop: ShopRecord, topic: string, body: Record<string, unknown>): unknown {
    const orderRef = typeof body.order === 'string' ? body.order : typeof body.order === 'number' ? String(body.order) : undefined;
    if (body.payload !== undefined) return this.webhooks.enqueue(shop.domain, topic, body.payload);
    switch (topic) {
      case 'orders/create':
        return this.createOrders(shop, Number(body.count ?? 1), body.seed === undefined ? undefined : Number(body.seed)).map(restOrder);
      case 'orders/updated':
      case 'orders/cancelled': {
        const order = this.findOrder(shop, orderRef);
        if (!order) throw new Error(`order ${orderRef ?? '(latest)'} not found`);
        if (topic === 'orders/cancelled') this.cancelOrder(shop, order, cancelReasonOf(body.reason));
        else this.updateOrder(shop, order, (body.patch ?? {}) as Parameters<ShopEvents['updateOrder']>[2]);
        return restOrder(order);
      }
      case 'app/uninstalled':
        this.uninstall(shop);
        return restShop(shop);
      case 'app_subscriptions/update': {
        const id = typeof body.id === 'string' ? (parseGid(body.id)?.id ?? body.id) : undefined;
        const sub = id ? shop.subscriptions.find((s) => s.id === id) : shop.subscriptions[shop.subscriptions.length - 1];
        if (!sub) throw new Error('no subscription to report');
        if (typeof body.status === 'string') sub.status = body.status as typeof sub.status;
        const payload = restSubscription(shop, sub);
        this.webhooks.enqueue(shop.domain, topic, payload);
        return payload;
      }
      case 'customers/data_request':
      case 'customers/redact': {
        const order = this.findOrder(shop, orderRef);
        const customer = order?.customer;
        const payload: Record<string, unknown> = {
          shop_id: Number(shop.id),
          shop_domain: shop.domain,
          customer: { id: customer ? Number(customer.id) : 0, email: customer?.email ?? null, phone: customer?.phone ?? null },
        };
        const orderIds = order ? [Number(order.id)] : [];
        if (topic === 'customers/data_request') {
          payload.orders_requested = orderIds;
          payload.data_request = { id: Number(String(Date.now()).slice(-9)) };
        } else {
          payload.orders_to_redact = orderIds;
        }
        this.webhooks.enqueue(shop.domain, topic, payload);
        return payload;
      }
      case 'shop/redact': {
        const payload = { shop_id: Number(shop.id), shop_domain: shop.domain };
        this.webhooks.enqueue(shop.domain, topic, payload);
        return payload;
      }
      default:
        throw new Error(`unsupported topic ${topic}: pass {"payload": …} to send a custom body`);
    }
  }

  /** §1.9 session token. Options produce the invalid variants tests need. */
  sessionToken(shop: ShopRecord, options: { expired?: boolean; aud?: string; wrongSecret?: boolean; sub?: string } = {}): string {
    const now = Math.floor(this.state.clock.now() / 1000);
    const iat = options.expired ? now - 120 : now;
    const claims = {
      iss: `https://${shop.domain}/admin`,
      dest: `https://${shop.domain}`,
      aud: options.aud ?? this.state.config.clientId,
      sub: options.sub ?? String(shop.adminUserId),
      exp: iat + 60,
      nbf: iat,
      iat,
      jti: uuid(),
      sid: hex(32),
      sig: hex(32),
    };
    return signJwt(claims, options.wrongSecret ? `${this.state.config.clientSecret}-wrong` : this.state.config.clientSecret);
  }

  /** §1.2 app launch: what Shopify opens when the merchant clicks the app (or installs it). */
  launchUrl(shop: ShopRecord, options: { embedded?: boolean; path?: string } = {}): string {
    const embedded = options.embedded ?? true;
    const params: Record<string, string> = {
      host: adminHost(shop),
      shop: shop.domain,
      timestamp: String(Math.floor(this.state.clock.now() / 1000)),
    };
    if (embedded) Object.assign(params, { embedded: '1', id_token: this.sessionToken(shop), locale: 'en', session: hex(32) });
    return this.signedAppUrl(options.path ?? '', params);
  }

  /** §6 admin link on the order page: numeric `id` plus the observed params, signed like §1.5. */
  adminLink(shop: ShopRecord, order: OrderRecord, path = '/orders/book'): string {
    return this.signedAppUrl(path, { id: order.id, ...this.adminLinkParams(shop) });
  }

  /** The params every admin link carries beside its order ids (§6, observed). */
  private adminLinkParams(shop: ShopRecord): Record<string, string> {
    return {
      shop: shop.domain,
      host: adminHost(shop),
      embedded: '1',
      id_token: this.sessionToken(shop),
      locale: 'en',
      session: hex(32),
      admin_theme: 'light',
      timestamp: String(Math.floor(this.state.clock.now() / 1000)),
    };
  }

  /**
   * §6 bulk action link on the orders list (`admin.order-index.selection-action.link`): the selected
   * numeric ids as repeated `ids[]`, signed with the repeated values joined by ',' (as every repeated
   * launch parameter is).
   */
  bulkAdminLink(shop: ShopRecord, orders: OrderRecord[], path = '/orders/bulk'): string {
    const ids = orders.map((o) => o.id);
    const url = new URL(this.signedAppUrl(path, { 'ids[]': ids.join(','), ...this.adminLinkParams(shop) }));
    url.searchParams.delete('ids[]');
    for (const id of ids) url.searchParams.append('ids[]', id);
    return url.toString();
  }

  private signedAppUrl(path: string, params: Record<string, string>): string {
    const hmac = signQueryParams(params, this.state.config.clientSecret);
    const url = new URL(path.replace(/^\//, ''), this.state.config.appUrl.endsWith('/') ? this.state.config.appUrl : `${this.state.config.appUrl}/`);
    if (!path) url.pathname = new URL(this.state.config.appUrl).pathname;
    for (const [k, v] of Object.entries({ ...params, hmac })) url.searchParams.set(k, v);
    return url.toString();
  }
}

const CANCEL_REASONS = ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'OTHER', 'STAFF'] as const;

/**
 * A cancel reason as the GraphQL enum has it. The webhook's REST body says it in lower case
 * ('customer'), so a caller copying that form is understood; anything else is refused here, since a
 * stored value outside the enum would break every later GraphQL read of the order.
 */
function cancelReasonOf(value: unknown): NonNullable<OrderRecord['cancelReason']> {
  if (value === undefined || value === null || value === '') return 'CUSTOMER';
  const reason = String(value).toUpperCase();
  const known = CANCEL_REASONS.find((r) => r === reason);
  if (!known) throw new Error(`reason must be one of ${CANCEL_REASONS.join(', ')} (any case)`);
  return known;
}
