import { describe, expect, it } from 'vitest';
import { ShopifyError } from '../../domain/ports/shopify';
import { authorizeUrl, exchangeCode, hasScopes, onlineUserFromCode, onlineUserFromSessionToken, refreshAccessToken } from './oauth';

const base = { shop: 'demo.myshopify.com', clientId: 'client-id', clientSecret: 'super-secret', origin: 'https://{shop}', nowMs: () => Date.UTC(2026, 7, 1) };

function replying(status: number, body: unknown) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) as Record<string, string> });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { fetch, calls };
}

describe('oauth', () => {
  it('builds an offline authorize URL (no grant_options)', () => {
    const url = new URL(authorizeUrl({ ...base, scopes: ['read_orders', 'write_orders'], redirectUri: 'https://app.example/cb', state: 'abc' }));
    expect(url.origin + url.pathname).toBe('https://demo.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-id',
      scope: 'read_orders,write_orders',
      redirect_uri: 'https://app.example/cb',
      state: 'abc',
    });
  });

  it('asks for an expiring token and maps the response', async () => {
    const { fetch, calls } = replying(200, {
      access_token: 'shpat_a',
      scope: 'write_orders,read_orders',
      expires_in: 3600,
      refresh_token: 'shprt_b',
      refresh_token_expires_in: 7776000,
    });
    const tokens = await exchangeCode({ ...base, fetch, code: 'c0de' });
    expect(calls[0]?.url).toBe('https://demo.myshopify.com/admin/oauth/access_token');
    expect(calls[0]?.body).toEqual({ client_id: 'client-id', client_secret: 'super-secret', code: 'c0de', expiring: '1' });
    expect(tokens).toEqual({
      accessToken: 'shpat_a',
      scopes: ['write_orders', 'read_orders'],
      expiresAt: '2026-08-01T01:00:00.000Z',
      refreshToken: 'shprt_b',
      refreshTokenExpiresAt: '2026-10-30T00:00:00.000Z',
    });
  });

  it('sends the refresh grant', async () => {
    const { fetch, calls } = replying(200, { access_token: 'shpat_n', scope: 'read_orders', expires_in: 3600, refresh_token: 'shprt_n' });
    await refreshAccessToken({ ...base, fetch, refreshToken: 'shprt_old' });
    expect(calls[0]?.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'shprt_old' });
  });

  it('throws ShopifyError with Shopify\'s text and never the secret', async () => {
    const { fetch } = replying(400, { error: 'invalid_request', error_description: 'bad client_secret super-secret' });
    const error = (await exchangeCode({ ...base, fetch, code: 'x' }).catch((e: unknown) => e)) as ShopifyError;
    expect(error).toBeInstanceOf(ShopifyError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('OAUTH');
    expect(error.message).toContain('bad client_secret');
    expect(error.message).not.toContain('super-secret');
  });

  it('checks scopes with write implying read', () => {
    expect(hasScopes(['write_orders'], ['read_orders', 'write_orders'])).toBe(true);
    expect(hasScopes(['read_orders'], ['write_orders'])).toBe(false);
  });

  it('reads who opened the app from an online token; only a literal true makes an owner or a verified address', async () => {
    const online = { access_token: 'shpua_x', scope: 'read_orders', expires_in: 86399, associated_user_scope: 'read_orders' };
    const owner = replying(200, { ...online, associated_user: { id: 902541635, email: 'Sana@Quilts.PK', email_verified: true, account_owner: true, collaborator: false } });
    expect(await onlineUserFromCode({ ...base, fetch: owner.fetch, code: 'c0de' })).toEqual({
      id: '902541635', email: 'sana@quilts.pk', emailVerified: true, accountOwner: true, collaborator: false,
    });
    expect(owner.calls[0]?.body).toEqual({ client_id: 'client-id', client_secret: 'super-secret', code: 'c0de' });

    const vague = replying(200, { ...online, associated_user: { id: '77', email: 'x@y.pk', email_verified: 'true', account_owner: 1 } });
    expect(await onlineUserFromSessionToken({ ...base, fetch: vague.fetch, sessionToken: 'jwt' })).toMatchObject({ emailVerified: false, accountOwner: false });
    expect(vague.calls[0]?.body).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange', subject_token: 'jwt',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token', requested_token_type: 'urn:shopify:params:oauth:token-type:online-access-token',
    });

    // an offline answer where an online one was asked for names nobody
    await expect(onlineUserFromCode({ ...base, fetch: replying(200, online).fetch, code: 'c' })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    await expect(onlineUserFromSessionToken({ ...base, fetch: replying(400, { error: 'invalid_subject_token' }).fetch, sessionToken: 'old' }))
      .rejects.toMatchObject({ code: 'OAUTH', status: 400 });
  });
});
