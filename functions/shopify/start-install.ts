import {
  authorizeUrl, hasScopes, isValidShopDomain, onlineUserFromSessionToken, signQuery, verifyQueryHmac,
} from '../adapters/shopify';
import { ShopifyError } from '../domain/ports/shopify';
import type { Operation } from '../platform/operation';
import type { Deps } from '../domain/ports/deps';
import type { OpContext } from '../platform/operation';
import { AppError } from '../ground/errors';
import { randomNonce } from '../ground/tokens';
import type { OAuthGrant } from '../domain/ports/repos';
import type { ShopRecord } from '../domain/records';
import { STATE_TTL_SECONDS, callbackUrl, requiredScopes, stateCookie } from './shopify-config';
import { breakOutPage, landingFor } from './launch-identity';
import { API_BASE, routes } from '@dakiya/shared';

/** Shopify's launch parameters that only an embedded (iframe) launch carries (§1.2). */
const EMBEDDED_ONLY = new Set(['embedded', 'id_token', 'session', 'locale', 'hmac']);

/**
 * The app URL Shopify opens on install and on every launch (reference/shopify.md §1.2-1.3), signed
 * by Shopify. A shop not installed (or missing a scope) goes through the install grant. An installed
 * shop only asks who opened the app: an embedded launch trades its session token for an online
 * token, a top-level one runs the online grant; the answer decides whose session, if any, to give
 * (launch-identity.ts). An embedded launch leaves the admin's iframe before anything else.
 */
export const startInstall: Operation<'shopify.install'> = async ({ query, raw }, ctx, deps) => {
  const { env } = deps;
  const secrets = await deps.shopifySecrets();
  if (!verifyQueryHmac(raw.query, secrets, ctx.now.getTime())) throw new AppError('SHOPIFY_HMAC_INVALID');
  const domain = query.shop.toLowerCase();
  if (!isValidShopDomain(domain, env.SHOPIFY_SHOP_SUFFIX)) throw new AppError('SHOPIFY_SHOP_INVALID', { param: 'shop' });

  const shop = await deps.shops.getByDomain(domain);
  const installed = shop?.status === 'ACTIVE' && hasScopes(shop.shopify.scopes, requiredScopes(env)) ? shop : undefined;

  if (query.embedded === '1') {
    if (installed && typeof query.id_token === 'string') {
      const landing = await identifyBySessionToken(installed, query.id_token, ctx, deps);
      if (landing) return breakOutPage(env, landing);
    }
    // the same launch, at the top level: signed again with the app's secret (Shopify signs with it
    // too), keeping Shopify's timestamp so it is as short-lived as the original
    const top: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) if (!EMBEDDED_ONLY.has(key) && typeof value === 'string') top[key] = value;
    top.shop = domain;
    const url = new URL(`${env.APP_URL}${API_BASE}${routes['shopify.install'].path}`);
    for (const [key, value] of Object.entries({ ...top, hmac: signQuery(top, secrets[0]!) })) url.searchParams.set(key, value);
    return breakOutPage(env, url.toString());
  }

  const grant: OAuthGrant = installed ? 'online' : 'offline';
  const state = randomNonce();
  await deps.oauthStates.put(state, domain, Math.floor(ctx.now.getTime() / 1000) + STATE_TTL_SECONDS, grant);
  const location = authorizeUrl({
    shop: domain, origin: env.SHOPIFY_ORIGIN_TEMPLATE, clientId: env.SHOPIFY_CLIENT_ID, scopes: requiredScopes(env),
    redirectUri: callbackUrl(env), state, perUser: grant === 'online',
  });
  return { location, cookies: [stateCookie(env, state, STATE_TTL_SECONDS)] };
};

/** Who opened the app, from the launch's session token; undefined when Shopify refused it (the online grant asks instead). */
async function identifyBySessionToken(shop: ShopRecord, sessionToken: string, ctx: OpContext, deps: Deps): Promise<string | undefined> {
  const { env } = deps;
  try {
    const user = await onlineUserFromSessionToken({
      shop: shop.domain, origin: env.SHOPIFY_ORIGIN_TEMPLATE, clientId: env.SHOPIFY_CLIENT_ID,
      clientSecret: (await deps.shopifySecrets())[0]!, fetch: deps.fetch, sessionToken,
    });
    return await landingFor(shop, user, deps);
  } catch (error) {
    if (!(error instanceof ShopifyError)) throw error;
    ctx.log.warn('session token not exchanged; asking through the online grant', { shopId: shop._id, reason: error.message });
    return undefined;
  }
}
