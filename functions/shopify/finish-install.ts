import { ALL_SCOPES } from '@dakiya/shared';
import {
  authorizeUrl, createShopifyClient, exchangeCode, hasScopes, isValidShopDomain, onlineUserFromCode, verifyQueryHmac, type TokenSet,
} from '../adapters/shopify';
import { ShopifyError } from '../domain/ports/shopify';
import type { Operation } from '../platform/operation';
import type { Deps } from '../domain/ports/deps';
import { AppError } from '../ground/errors';
import { newId } from '../ground/ids';
import { randomNonce } from '../ground/tokens';
import type { ShopRecord, UserRecord } from '../domain/records';
import { withPersonOf } from '../domain/people';
import { STATE_COOKIE, STATE_TTL_SECONDS, callbackUrl, readCookie, requiredScopes, stateCookie } from './shopify-config';
import { landingFor } from './launch-identity';

/**
 * The OAuth callback (reference/shopify.md §1.4-1.7): state, signature and shop are checked before
 * the code is spent. The install grant creates the shop and its owner (a reinstall refreshes them),
 * then asks who is installing through the online grant; the online grant's answer decides whose
 * session the person lands with (the owner's on /login?token=..., spec 000 §2, or their own sign-in).
 */
export const finishInstall: Operation<'shopify.callback'> = async ({ query, raw }, ctx, deps) => {
  const { env } = deps;
  const shopDomain = query.shop.toLowerCase();
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  // the signature first: an unsigned request must not be able to spend a merchant's state
  const secrets = await deps.shopifySecrets();
  if (!verifyQueryHmac(raw.query, secrets, ctx.now.getTime())) throw new AppError('SHOPIFY_HMAC_INVALID');
  const state = await deps.oauthStates.take(query.state);
  const cookie = readCookie(raw.headers.cookie, STATE_COOKIE);
  if (!state || state.expiresAt <= nowSeconds || state.shop !== shopDomain || cookie !== query.state) {
    throw new AppError('SHOPIFY_STATE_INVALID');
  }
  if (!isValidShopDomain(shopDomain, env.SHOPIFY_SHOP_SUFFIX)) throw new AppError('SHOPIFY_SHOP_INVALID', { param: 'shop' });

  if (state.grant === 'online') {
    const shop = await deps.shops.getByDomain(shopDomain);
    // uninstalled between the launch and this callback: the next launch installs again
    if (!shop || shop.status !== 'ACTIVE') throw new AppError('SHOPIFY_STATE_INVALID');
    const user = await callShopify(() => onlineUserFromCode({
      shop: shopDomain, code: query.code, origin: env.SHOPIFY_ORIGIN_TEMPLATE, clientId: env.SHOPIFY_CLIENT_ID, clientSecret: secrets[0]!, fetch: deps.fetch,
    }));
    return { location: await landingFor(shop, user, deps), cookies: [stateCookie(env, '', 0)] };
  }

  const tokens = await callShopify(() => exchangeCode({
    shop: shopDomain, code: query.code, origin: env.SHOPIFY_ORIGIN_TEMPLATE,
    clientId: env.SHOPIFY_CLIENT_ID, clientSecret: secrets[0]!, fetch: deps.fetch,
  }));
  if (!hasScopes(tokens.scopes, requiredScopes(env))) throw new AppError('SHOPIFY_SCOPES_MISSING');
  const info = await callShopify(() => createShopifyClient({
    shop: shopDomain, accessToken: tokens.accessToken, origin: env.SHOPIFY_ORIGIN_TEMPLATE,
    apiVersion: env.SHOPIFY_API_VERSION, fetch: deps.fetch,
  }).getShop());

  const existing = await deps.shops.getByDomain(shopDomain);
  const shopId = existing?._id ?? newId(ctx.now);
  const shopify = await sealTokens(tokens, shopId, deps);
  const profile = { name: info.name, email: info.email, currency: info.currencyCode, iana_time_zone: info.ianaTimezone };
  const stamp = ctx.now.toISOString();

  let owner: UserRecord | undefined;
  if (existing) {
    await deps.shops.update(shopId, { ...profile, status: 'ACTIVE', updatedAt: stamp });
    // a new version: a refresh in flight elsewhere must not overwrite the reinstall's tokens
    await deps.shopifyTokens.replace(shopId, shopify);
    owner = await deps.members.get(shopId, existing.ownerUserId);
  } else {
    const member = newOwner(shopId, info.email, stamp);
    const shop: ShopRecord = {
      _id: shopId, domain: shopDomain, ...profile, status: 'ACTIVE', plan: 'FREE',
      installedAt: stamp, updatedAt: stamp, ownerUserId: member._id, shopify, accountDirectory: {},
    };
    // a merchant with a second store is one person: the store joins the person the address already has
    const join = await withPersonOf(info.email, stamp, deps, (j) => deps.shops.createWithOwner(shop, member, j));
    owner = { ...member, personId: join.person._id, two_factor_enabled: join.person.two_factor_enabled };
    ctx.log.info('shop installed', { shopId, shopDomain });
  }
  if (!owner?.personId) throw new Error(`shop ${shopId} has no owner record`);
  const person = await deps.people.get(owner.personId);
  if (!person?.passwordHash) {
    // the outbox retries a failed send; the install stands even if queueing fails (the owner is signed
    // in and can use "Forgot password" later)
    await deps.jobs.enqueue('mail.send', { kind: 'create-password', shopId, userId: owner._id }, { shopId }).catch((error: unknown) =>
      ctx.log.error('create-password email not queued', { shopId, error: error instanceof Error ? error.message : String(error) }));
  }
  // who is installing: anyone with the permission to install apps may, and only the account owner
  // gets the owner's session (Shopify approves an online grant of an installed app without asking)
  const next = randomNonce();
  await deps.oauthStates.put(next, shopDomain, nowSeconds + STATE_TTL_SECONDS, 'online');
  return {
    location: authorizeUrl({
      shop: shopDomain, origin: env.SHOPIFY_ORIGIN_TEMPLATE, clientId: env.SHOPIFY_CLIENT_ID, scopes: requiredScopes(env),
      redirectUri: callbackUrl(env), state: next, perUser: true,
    }),
    cookies: [stateCookie(env, next, STATE_TTL_SECONDS)],
  };
};

function newOwner(shopId: string, email: string, stamp: string): UserRecord {
  return {
    _id: newId(), shopId, first_name: 'Store', last_name: 'Owner', email: email.toLowerCase(), phone: '',
    role: 'ADMIN', tag: 'owner', access_scopes: [...ALL_SCOPES], is_active: true,
    // Shopify verified the store's email; the owner does not verify it again
    is_verified_user: true, two_factor_enabled: false, createdAt: stamp, updatedAt: stamp,
  };
}

async function sealTokens(tokens: TokenSet, shopId: string, deps: Deps): Promise<ShopRecord['shopify']> {
  return {
    accessToken: await deps.secrets.encrypt(tokens.accessToken, shopId),
    accessTokenExpiresAt: tokens.expiresAt,
    refreshToken: tokens.refreshToken ? await deps.secrets.encrypt(tokens.refreshToken, shopId) : undefined,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scopes: tokens.scopes,
  };
}

async function callShopify<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // a refused code (reused, expired) means the install must start again; anything else is Shopify's side
    if (error instanceof ShopifyError && error.code === 'OAUTH' && error.status === 400) throw new AppError('SHOPIFY_STATE_INVALID');
    if (error instanceof ShopifyError) throw new AppError('SHOPIFY_UNAVAILABLE');
    throw error;
  }
}
