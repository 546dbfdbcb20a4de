import { authorizeUrl, isValidShopDomain, verifyQueryHmac } from '../adapters/shopify';
import type { Operation } from '../platform/operation';
import { AppError } from '../platform/errors';
import { randomNonce } from '../platform/tokens';
import { STATE_TTL_SECONDS, callbackUrl, requiredScopes, stateCookie } from './shopify-config';

/**
 * The app URL Shopify opens on install and on every launch (reference/shopify.md §1.2-1.3): check
 * Shopify's signature and the shop, remember a one-time state, send the merchant to authorize.
 */
export const startInstall: Operation<'shopify.install'> = async ({ query, raw }, ctx, deps) => {
  const { env } = deps;
  if (!verifyQueryHmac(raw.query, await deps.shopifySecrets(), ctx.now.getTime())) throw new AppError('SHOPIFY_HMAC_INVALID');
  const shop = query.shop.toLowerCase();
  if (!isValidShopDomain(shop, env.SHOPIFY_SHOP_SUFFIX)) throw new AppError('SHOPIFY_SHOP_INVALID', { param: 'shop' });

  const state = randomNonce();
  await deps.oauthStates.put(state, shop, Math.floor(ctx.now.getTime() / 1000) + STATE_TTL_SECONDS);
  const location = authorizeUrl({
    shop,
    origin: env.SHOPIFY_ORIGIN_TEMPLATE,
    clientId: env.SHOPIFY_CLIENT_ID,
    scopes: requiredScopes(env),
    redirectUri: callbackUrl(env),
    state,
  });
  return { location, cookies: [stateCookie(env, state, STATE_TTL_SECONDS)] };
};
