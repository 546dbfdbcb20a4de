import { MAX_BULK_ORDERS, ShopifyOrderId } from '@dakiya/shared';
import { isValidShopDomain, verifyQueryHmac } from '../adapters/shopify';
import type { Operation, OpInput } from '../platform/operation';
import type { Deps } from '../domain/ports/deps';
import type { OpContext } from '../platform/operation';
import { AppError } from '../ground/errors';
import { breakOutPage } from './launch-identity';

/** The SPA's booking screens (web/src/lib/paths.ts) an admin link opens. */
const BOOK_PATH = '/dashboard/order/book';
const BULK_PATH = '/dashboard/bulk-book';

/**
 * Shopify's admin links (reference/shopify.md §6): 'Book with Dakiya' on an order page carries the
 * order's numeric `id`; the bulk action on the orders list carries the selection as repeated `ids[]`.
 * Both are signed like a launch. The link opens the booking screen for them; a person not signed in
 * signs in first and is brought back to it. An embedded link leaves the admin's iframe first.
 */
async function openLink(raw: OpInput<'shopify.adminBook'>['raw'], query: Record<string, string | undefined>, ctx: OpContext, deps: Deps, target: (q: Record<string, string | undefined>) => string) {
  if (!verifyQueryHmac(raw.query, await deps.shopifySecrets(), ctx.now.getTime())) throw new AppError('SHOPIFY_HMAC_INVALID');
  const domain = (query.shop ?? '').toLowerCase();
  if (!isValidShopDomain(domain, deps.env.SHOPIFY_SHOP_SUFFIX)) throw new AppError('SHOPIFY_SHOP_INVALID', { param: 'shop' });
  const shop = await deps.shops.getByDomain(domain);
  if (!shop || shop.status !== 'ACTIVE') throw new AppError('SHOP_INACTIVE');
  const location = `${deps.env.APP_URL}${target(query)}`;
  return query.embedded === '1' ? breakOutPage(deps.env, location) : { location };
}

export const openBookLink: Operation<'shopify.adminBook'> = async ({ query, raw }, ctx, deps) =>
  openLink(raw, query, ctx, deps, (q) => {
    const id = ShopifyOrderId.safeParse(q.id ?? '');
    if (!id.success) throw new AppError('VALIDATION_FAILED', { msg: 'Invalid id entered', param: 'id' });
    return `${BOOK_PATH}?id=${encodeURIComponent(id.data)}`;
  });

export const openBulkLink: Operation<'shopify.adminBulk'> = async ({ query, raw }, ctx, deps) =>
  openLink(raw, query, ctx, deps, (q) => {
    // API Gateway joins a repeated parameter's values with ','
    const ids = (q['ids[]'] ?? '').split(',').map((id) => ShopifyOrderId.safeParse(id.trim()));
    if (ids.length === 0 || ids.length > MAX_BULK_ORDERS || ids.some((id) => !id.success)) {
      throw new AppError('VALIDATION_FAILED', { msg: 'We have found no order id(s) to search order(s)', param: 'ids[]' });
    }
    return `${BULK_PATH}?${ids.map((id) => `ids[]=${encodeURIComponent(id.data!)}`).join('&')}`;
  });

