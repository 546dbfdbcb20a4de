import { parseWebhook } from '../adapters/shopify';
import type { Operation } from '../platform/operation';
import { AppError } from '../ground/errors';
import type { Deps } from '../domain/ports/deps';
import type { Log } from '../ground/log';
import { reconcilePlan } from '../domain/billing/reconcile';
import { markFromShopify } from '../domain/booking/cancel';
import { customerBookings, customerOf, redactCustomer, unbookedAttempts } from '../domain/privacy/customer';

const DEDUPE_DAYS = 7;

/** The charge and status an `app_subscriptions/update` body reports (only says why a charge ended). */
function reportedSubscription(payload: unknown): { id: string; status: string } | undefined {
  const sub = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).app_subscription : undefined;
  if (!sub || typeof sub !== 'object') return undefined;
  const { admin_graphql_api_id: id, status } = sub as Record<string, unknown>;
  return typeof id === 'string' && typeof status === 'string' ? { id, status: status.toUpperCase() } : undefined;
}

/** A numeric id of a REST payload as text (Shopify sends numbers that outgrow doubles one day: take the GID when present). */
function idOf(payload: unknown, field: 'id'): string | undefined {
  const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const gid = body.admin_graphql_api_id;
  if (typeof gid === 'string') return gid.split('/').pop();
  const value = body[field];
  return typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : undefined;
}

/** customers/data_request's own id (`data_request.id`), which the owner quotes back to Shopify. */
function dataRequestIdOf(payload: unknown): string | undefined {
  const request = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).data_request : undefined;
  const id = request && typeof request === 'object' ? (request as Record<string, unknown>).id : undefined;
  return typeof id === 'number' || (typeof id === 'string' && /^\w{1,64}$/.test(id)) ? String(id) : undefined;
}

/**
 * Every Shopify topic arrives here (reference/shopify.md §2): the HMAC is checked on the raw bytes,
 * a body that names a shop must name the one in the (unsigned) headers, a delivery already handled
 * is dropped by X-Shopify-Webhook-Id, and it is recorded as handled only once its handler finished,
 * so a delivery cut short (a timeout) is handled again on Shopify's retry. Two deliveries may then
 * run at once: every handler is idempotent.
 */
export const receiveWebhook: Operation<'shopify.webhook'> = async ({ raw }, ctx, deps) => {
  const result = parseWebhook({ headers: raw.headers, rawBody: raw.bodyBytes }, await deps.shopifySecrets());
  if (!result.ok) {
    if (result.reason === 'bad-hmac') throw new AppError('SHOPIFY_HMAC_INVALID');
    throw new AppError('SHOPIFY_WEBHOOK_INVALID');
  }
  const { delivery } = result;
  if (!bodyNamesHeaderShop(delivery.topic, delivery.payload, delivery.shopDomain)) {
    ctx.log.warn('webhook refused: its signed body names another shop than its headers', { topic: delivery.topic, shopDomain: delivery.shopDomain });
    throw new AppError('SHOPIFY_WEBHOOK_SHOP_MISMATCH');
  }
  if (await deps.webhooks.handled(delivery.shopDomain, delivery.webhookId)) {
    ctx.log.info('duplicate webhook dropped', { topic: delivery.topic, webhookId: delivery.webhookId });
    return { ok: true };
  }
  await handleTopic(delivery, ctx.log, deps, ctx.now);
  await deps.webhooks.markHandled(delivery.shopDomain, delivery.webhookId, Math.floor(ctx.now.getTime() / 1000) + DEDUPE_DAYS * 86400);
  return { ok: true };
};

/**
 * Where a topic's body names its shop (§2.4, §2.6). The HMAC covers the body, not the headers: a
 * captured signed body sent again with other topic and shop headers must not act on another shop
 * (an orders/create body of shop A cannot uninstall shop B, nor shop A: it has no myshopify_domain).
 */
const SHOP_FIELD: Readonly<Record<string, string>> = {
  'app/uninstalled': 'myshopify_domain',
  'shop/update': 'myshopify_domain',
  'shop/redact': 'shop_domain',
  'customers/data_request': 'shop_domain',
  'customers/redact': 'shop_domain',
};

function bodyNamesHeaderShop(topic: string, payload: unknown, shopDomain: string): boolean {
  const body = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const field = Object.hasOwn(SHOP_FIELD, topic) ? SHOP_FIELD[topic] : undefined;
  if (field) return typeof body[field] === 'string' && (body[field] as string).toLowerCase() === shopDomain.toLowerCase();
  // any other topic whose body happens to name a shop must name this one
  for (const name of ['myshopify_domain', 'shop_domain']) {
    if (typeof body[name] === 'string' && (body[name] as string).toLowerCase() !== shopDomain.toLowerCase()) return false;
  }
  return true;
}

type Delivery = { topic: string; shopDomain: string; payload: unknown; webhookId: string };

async function handleTopic({ topic, shopDomain, payload, webhookId }: Delivery, log: Log, deps: Deps, now: Date): Promise<void> {
  const shop = await deps.shops.getByDomain(shopDomain);
  switch (topic) {
    case 'app/uninstalled':
      // idempotent: a second delivery writes the same state
      if (!shop) return;
      // the token no longer works and Shopify cancelled the subscription: keep the data, close the door
      await deps.shops.update(shop._id, {
        status: 'OFF', plan: 'FREE', updatedAt: now.toISOString(),
        shopify: { accessToken: '', scopes: [] },
      });
      // for good: a reinstall opens the shop again, but no session from before comes back
      await deps.shops.endSessions(shop._id);
      log.info('shop uninstalled', { shopId: shop._id });
      return;
    case 'shop/redact':
      // idempotent: a second delivery finds the shop gone
      if (!shop) return;
      if (shop.status !== 'OFF') {
        log.warn('shop/redact ignored: the shop is still installed', { shopId: shop._id });
        return;
      }
      // over half a million items at 100,000 bookings: a job erases them in pages, not this request
      // (the record sits on its own, not under the shop it erases; a retried delivery queues nothing new)
      await deps.jobs.enqueue('shops.redact', { shopId: shop._id, domain: shop.domain, pass: 0 }, { key: `${shop._id}#${webhookId}` });
      log.info('shop data erasure queued', { shopId: shop._id });
      return;
    case 'app_subscriptions/update':
      // the body says what changed; Shopify's active subscriptions say what is true now (deliveries
      // arrive out of order: a new plan's ACTIVE may come before the old one's CANCELLED)
      if (!shop || shop.status !== 'ACTIVE') return;
      await reconcilePlan(shop, deps, log, { reported: reportedSubscription(payload) });
      return;
    case 'customers/data_request': {
      if (!shop) return;
      // the bookings are found now and named by number; the mail reads them as they are when it goes
      const ref = customerOf(payload, 'orders_requested');
      const bookings = await customerBookings(shop._id, ref, deps);
      const attempts = await unbookedAttempts(shop._id, ref, bookings, deps);
      const requestId = dataRequestIdOf(payload) ?? webhookId;
      await deps.jobs.enqueue('mail.send', {
        kind: 'customer-data', shopId: shop._id, requestId, trackingNumbers: bookings.map((b) => b.trackingNumber), attemptIds: attempts.map((a) => a.attemptId),
      }, { shopId: shop._id, key: `customer-data#${webhookId}` });
      log.info('customer data request answered to the store owner', { shopId: shop._id, bookings: bookings.length, attempts: attempts.length });
      return;
    }
    case 'customers/redact': {
      if (!shop) return;
      const redacted = await redactCustomer(shop._id, customerOf(payload, 'orders_to_redact'), deps);
      log.info('customer redacted', { shopId: shop._id, ...redacted });
      return;
    }
    case 'orders/cancelled': {
      // cancelled in the Shopify admin: the booking is marked for the merchant, the parcel is not touched
      const orderId = idOf(payload, 'id');
      if (!shop || !orderId) return;
      const marked = await markFromShopify(shop, { orderId }, 'ORDER_CANCELLED_IN_SHOPIFY', deps);
      if (marked) log.info('booking marked: order cancelled in Shopify', { shopId: shop._id, trackingNumber: marked.trackingNumber });
      return;
    }
    case 'fulfillments/update': {
      const body = payload as { status?: unknown; tracking_numbers?: unknown; order_id?: unknown };
      if (!shop || body.status !== 'cancelled') return;
      const trackingNumbers = Array.isArray(body.tracking_numbers) ? body.tracking_numbers.filter((n): n is string => typeof n === 'string') : [];
      const marked = await markFromShopify(shop, { fulfillmentId: idOf(payload, 'id'), trackingNumbers }, 'FULFILLMENT_CANCELLED_IN_SHOPIFY', deps);
      if (marked) log.info('booking marked: fulfillment cancelled in Shopify', { shopId: shop._id, trackingNumber: marked.trackingNumber });
      return;
    }
    default:
      log.info('webhook topic acknowledged', { topic, shopDomain });
  }
}
