import { parseWebhook } from '../adapters/shopify';
import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import type { Deps } from '../platform/deps';
import type { Log } from '../platform/log';

const DEDUPE_DAYS = 7;

/**
 * Every Shopify topic arrives here (reference/shopify.md §2): the HMAC is checked on the raw bytes,
 * duplicates are dropped by X-Shopify-Webhook-Id, and the answer is quick.
 */
export const receiveWebhook: Operation<'shopify.webhook'> = async ({ raw }, ctx, deps) => {
  const result = parseWebhook({ headers: raw.headers, rawBody: raw.body }, await deps.shopifySecrets());
  if (!result.ok) {
    if (result.reason === 'bad-hmac') throw new AppError('SHOPIFY_HMAC_INVALID');
    throw new AppError('SHOPIFY_WEBHOOK_INVALID');
  }
  const { delivery } = result;
  const expiresAt = Math.floor(ctx.now.getTime() / 1000) + DEDUPE_DAYS * 86400;
  if (!(await deps.webhooks.firstDelivery(delivery.shopDomain, delivery.webhookId, expiresAt))) {
    ctx.log.info('duplicate webhook dropped', { topic: delivery.topic, webhookId: delivery.webhookId });
    return { ok: true };
  }
  try {
    await handleTopic(delivery.topic, delivery.shopDomain, delivery.payload, ctx.log, deps, ctx.now);
  } catch (error) {
    // let Shopify's retry run it again
    await deps.webhooks.forget(delivery.shopDomain, delivery.webhookId);
    throw error;
  }
  return { ok: true };
};

/**
 * The HMAC covers the body, not the headers: a topic that destroys data also needs the signed body
 * to name the same shop, and the shop to be uninstalled already.
 */
function bodyNames(payload: unknown, shopDomain: string): boolean {
  const body = (payload ?? {}) as { shop_domain?: unknown; myshopify_domain?: unknown };
  return body.shop_domain === shopDomain || body.myshopify_domain === shopDomain;
}

async function handleTopic(topic: string, shopDomain: string, payload: unknown, log: Log, deps: Deps, now: Date): Promise<void> {
  const shop = await deps.shops.getByDomain(shopDomain);
  switch (topic) {
    case 'app/uninstalled':
      if (!shop) return;
      // the token no longer works and Shopify cancelled the subscription: keep the data, close the door
      await deps.shops.update(shop._id, {
        status: 'OFF', plan: 'FREE', updatedAt: now.toISOString(),
        shopify: { accessToken: '', scopes: [] },
      });
      log.info('shop uninstalled', { shopId: shop._id });
      return;
    case 'shop/redact':
      if (!shop) return;
      if (!bodyNames(payload, shopDomain) || shop.status !== 'OFF') {
        log.warn('shop/redact ignored: the body does not name this shop or the shop is still installed', { shopId: shop._id });
        return;
      }
      await deps.shops.purge(shop._id);
      log.info('shop data erased', { shopId: shop._id });
      return;
    case 'customers/data_request':
    case 'customers/redact':
      // consignee data lives on orders; the orders capability answers these from its own records
      log.info('privacy request received', { topic, shopDomain });
      return;
    default:
      log.info('webhook topic acknowledged', { topic, shopDomain });
  }
}
