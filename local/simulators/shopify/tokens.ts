import { hex } from './crypto';
import type { ShopRecord, SimState, StaffMember, TokenRecord } from './state';

const ACCESS_TTL_SEC = 3600;
const REFRESH_TTL_SEC = 7_776_000;
const ONLINE_TTL_SEC = 86_399;

export type TokenKind = 'offline' | 'expiring' | 'online';

/** Mints a token and returns the access_token response body of §1.7 (`user`: whose online token). */
export function issueToken(state: SimState, shop: ShopRecord, kind: TokenKind, user?: StaffMember): Record<string, unknown> {
  const now = state.clock.now();
  const scopes = shop.installation?.scopes ?? [];
  const record: TokenRecord = {
    token: `${kind === 'online' ? 'shpua' : 'shpat'}_${hex(16)}`,
    shop: shop.domain,
    kind,
    expiresAt: kind === 'offline' ? null : now + (kind === 'online' ? ONLINE_TTL_SEC : ACCESS_TTL_SEC) * 1000,
    revoked: false,
    scopes,
  };
  state.tokens.set(record.token, record);
  const body: Record<string, unknown> = { access_token: record.token, scope: scopes.join(',') };
  if (kind === 'expiring') {
    // One refreshable token per app and shop: older refresh tokens die now, older access
    // tokens live until they expire (§1.7).
    for (const old of state.refreshTokens.values()) if (old.shop === shop.domain) old.dead = true;
    const refresh = `shprt_${hex(16)}`;
    state.refreshTokens.set(refresh, { token: refresh, shop: shop.domain, expiresAt: now + REFRESH_TTL_SEC * 1000, dead: false, usedAt: null, response: null });
    Object.assign(body, { expires_in: ACCESS_TTL_SEC, refresh_token: refresh, refresh_token_expires_in: REFRESH_TTL_SEC });
  }
  if (kind === 'online') {
    if (!user) throw new Error('an online token needs the admin user it belongs to');
    Object.assign(body, { expires_in: ONLINE_TTL_SEC, associated_user_scope: scopes.join(','), associated_user: { ...user } });
  }
  return body;
}

/** The token record if it may call this shop's Admin API now, else null (→ 401). */
export function authenticate(state: SimState, shop: ShopRecord, token: string | undefined): TokenRecord | null {
  if (!token) return null;
  const record = state.tokens.get(token);
  if (!record || record.revoked || record.shop !== shop.domain) return null;
  if (record.expiresAt !== null && record.expiresAt <= state.clock.now()) return null;
  if (!shop.installation?.active) return null;
  return record;
}

export function revokeAll(state: SimState, shop: ShopRecord): void {
  for (const t of state.tokens.values()) if (t.shop === shop.domain) t.revoked = true;
  for (const r of state.refreshTokens.values()) if (r.shop === shop.domain) r.dead = true;
}
