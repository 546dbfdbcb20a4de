import { hex, signQueryParams, verifyJwt } from './crypto';
import { consentPage, messagePage } from './pages';
import { html, json, redirect, type Reply } from './reply';
import type { ShopRecord, SimState } from './state';
import { issueToken, type TokenKind } from './tokens';

/** `host` param: base64 of the admin host, padding removed (§1.2). */
export function adminHost(shop: ShopRecord): string {
  const handle = shop.domain.replace(/\.myshopify\.com$/, '');
  return Buffer.from(`admin.shopify.com/store/${handle}`).toString('base64').replace(/=+$/, '');
}

function scopeList(raw: string | null | undefined): string[] {
  return [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/**
 * GET /admin/oauth/authorize (§1.3, §9.2). Shows a consent page, or decides at once when the
 * simulator runs in auto-approve/decline mode or the request carries `decision=approve|decline`
 * (what the page's buttons send, so a script can complete the install without parsing HTML).
 */
export function authorize(state: SimState, shop: ShopRecord, url: URL, consentHeader: string | undefined): Reply {
  const q = url.searchParams;
  const config = state.config;
  if (q.get('client_id') !== config.clientId) {
    return html(400, messagePage('Oauth error invalid_request', 'The client_id is not valid for any app.'));
  }
  const redirectUri = q.get('redirect_uri') ?? '';
  if (!config.redirectUris.includes(redirectUri)) {
    return html(400, messagePage('Oauth error invalid_request', 'The redirect_uri is not whitelisted'));
  }
  const scopes = q.has('scope') ? scopeList(q.get('scope')) : config.managedScopes;
  const perUser = q.getAll('grant_options[]').includes('per-user');
  // an online grant of an installed app asks nothing more: the admin user is identified and sent back
  const granted = perUser && shop.installation?.active === true && scopes.every((scope) => state.hasScope(shop, scope));
  const decision = q.get('decision') ?? consentHeader ?? (granted || config.consent === 'auto-approve' ? 'approve' : config.consent === 'decline' ? 'decline' : null);

  if (decision === 'decline') {
    return html(200, messagePage('Installation cancelled', `${shop.name} did not install the app.`));
  }
  if (decision !== 'approve') {
    return html(
      200,
      consentPage({ shopName: shop.name, shop: shop.domain, clientId: config.clientId, scopes, action: url.pathname, params: [...q.entries()] }),
    );
  }

  const now = state.clock.now();
  shop.installation = {
    id: shop.installation?.active ? shop.installation.id : state.ids.id('AppInstallation'),
    scopes,
    installedAt: state.clock.iso(now),
    active: true,
  };
  const code = hex(16);
  state.codes.set(code, { code, shop: shop.domain, scopes, redirectUri, expiresAt: now + config.codeTtlSec * 1000, used: false, perUser, userId: shop.adminUserId });
  const params: Record<string, string> = {
    code,
    host: adminHost(shop),
    shop: shop.domain,
    timestamp: String(Math.floor(now / 1000)),
  };
  if (q.has('state')) params.state = q.get('state') ?? '';
  params.hmac = signQueryParams(params, config.clientSecret);
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return redirect(target.toString());
}

const oauthError = (description: string, error = 'invalid_request'): Reply => json(400, { error, error_description: description });

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const OFFLINE_TOKEN = 'urn:shopify:params:oauth:token-type:offline-access-token';
const ONLINE_TOKEN = 'urn:shopify:params:oauth:token-type:online-access-token';

/** POST /admin/oauth/access_token: code, refresh_token and token-exchange grants (§1.7, §1.9). */
export function accessToken(state: SimState, shop: ShopRecord, params: Record<string, string>): Reply {
  const config = state.config;
  if (params.client_id !== config.clientId || params.client_secret !== config.clientSecret) {
    return oauthError('Invalid client credentials', 'invalid_client');
  }
  const now = state.clock.now();
  const grant = params.grant_type;

  if (!grant || grant === 'authorization_code') {
    const record = params.code ? state.codes.get(params.code) : undefined;
    if (!record || record.shop !== shop.domain || record.used) {
      return oauthError('The authorization code was not found or was already used');
    }
    if (record.expiresAt <= now) return oauthError('The authorization code has expired');
    if (!shop.installation?.active) return oauthError('The app is not installed on this shop');
    record.used = true;
    const kind: TokenKind = record.perUser ? 'online' : params.expiring === '1' ? 'expiring' : 'offline';
    const user = state.staffMember(shop, record.userId);
    if (kind === 'online' && !user) return oauthError('The user who approved is no longer staff of this shop');
    return json(200, issueToken(state, shop, kind, user));
  }

  if (grant === 'refresh_token') {
    const record = params.refresh_token ? state.refreshTokens.get(params.refresh_token) : undefined;
    if (!record || record.shop !== shop.domain || record.expiresAt <= now) return oauthError('Invalid refresh token');
    if (record.usedAt !== null) {
      // A lost response may be retried briefly and gets the same answer; later the token is dead.
      const inWindow = now - record.usedAt <= config.refreshRetryWindowSec * 1000;
      return inWindow && record.response && shop.installation?.active ? json(200, record.response) : oauthError('Invalid refresh token');
    }
    if (record.dead || !shop.installation?.active) return oauthError('Invalid refresh token');
    record.usedAt = now;
    record.response = issueToken(state, shop, 'expiring');
    return json(200, record.response);
  }

  if (grant === TOKEN_EXCHANGE) {
    const subjectType = params.subject_token_type;
    const requested = params.requested_token_type ?? OFFLINE_TOKEN;
    if (subjectType === ID_TOKEN) {
      const claims = verifyJwt(params.subject_token ?? '', config.clientSecret);
      const nowSec = now / 1000;
      const skew = 10;
      if (
        !claims ||
        claims.aud !== config.clientId ||
        typeof claims.exp !== 'number' ||
        claims.exp + skew < nowSec ||
        (typeof claims.nbf === 'number' && claims.nbf - skew > nowSec) ||
        claims.dest !== `https://${shop.domain}`
      ) {
        return oauthError('Invalid subject token', 'invalid_subject_token');
      }
      if (!shop.installation?.active) {
        // Shopify-managed install: the scopes come from the app's configuration.
        shop.installation = { id: state.ids.id('AppInstallation'), scopes: config.managedScopes, installedAt: state.clock.iso(now), active: true };
      }
      const kind: TokenKind = requested === ONLINE_TOKEN ? 'online' : params.expiring === '1' ? 'expiring' : 'offline';
      const user = state.staffMember(shop, claims.sub as string | undefined);
      if (kind === 'online' && !user) return oauthError('Invalid subject token', 'invalid_subject_token');
      return json(200, issueToken(state, shop, kind, user));
    }
    if (subjectType === OFFLINE_TOKEN) {
      // Migration of a non-expiring token: irreversible, the old token is revoked (§1.7).
      const old = state.tokens.get(params.subject_token ?? '');
      if (!old || old.shop !== shop.domain || old.revoked || old.kind !== 'offline' || params.expiring !== '1') {
        return oauthError('Invalid subject token', 'invalid_subject_token');
      }
      old.revoked = true;
      return json(200, issueToken(state, shop, 'expiring'));
    }
    return oauthError('Unsupported subject_token_type');
  }

  return oauthError(`Unsupported grant_type ${grant}`, 'unsupported_grant_type');
}

