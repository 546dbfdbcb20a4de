import { describe, expect, it, vi } from 'vitest';
import { API_BASE, ERRORS, MAX_URL_BYTES as SHARED_MAX_URL_BYTES, routes } from '@dakiya/shared';
import { api, ApiError, apiKey, buildUrl, errorMessage, MAX_URL_BYTES, NETWORK_ERROR, URL_TOO_LONG } from './api';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, calls: Call[] = []) {
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status });
  });
  return fn as unknown as typeof fetch;
}

const user = {
  _id: 'a'.repeat(24), first_name: 'Ayesha', last_name: 'Khan', email: 'ayesha@example.pk', phone: '', role: 'ADMIN',
  tag: 'AK', access_scopes: [], is_active: true, is_verified_user: true, two_factor_enabled: false,
  createdAt: '2024-03-05T10:30:00.000Z', shop: { name: 'Chai Co', domain: 'chai.myshopify.com', iana_time_zone: 'Asia/Karachi', currency: 'PKR' },
};

describe('urls come from the shared route table', () => {
  it('builds every route id from API_BASE and its path', () => {
    for (const id of Object.keys(routes) as (keyof typeof routes)[]) {
      if (routes[id].path.includes('{')) continue;
      expect(buildUrl(id, {}, '')).toBe(`${API_BASE}${routes[id].path}`);
    }
    expect(buildUrl('auth.login', {}, '')).toBe('/api/v1/login-user');
    expect(buildUrl('auth.me', {}, 'https://api.dakiya.pk')).toBe('https://api.dakiya.pk/api/v1/me');
  });

  it('fills {params} (encoded) and appends the query (the shared routeUrl, whose own tests are in shared)', () => {
    expect(buildUrl('users.get', { params: { id: 'a/b' } }, '')).toBe('/api/v1/get-user-to-edit/a%2Fb');
    expect(buildUrl('accounts.table', { query: { page: 2 } }, '')).toBe('/api/v1/get-accounts-table?page=2');
    expect(buildUrl('users.edit', { params: { id: 'a'.repeat(24) } }, '')).toBe(`/api/v1/edit-user/${'a'.repeat(24)}`);
  });

  it('the SWR key is [routeId, input]', () => {
    expect(apiKey('auth.me')).toEqual(['auth.me']);
    expect(apiKey('auth.login', { body: { email: 'a@b.pk', password: 'x' } })).toEqual(['auth.login', { body: { email: 'a@b.pk', password: 'x' } }]);
  });
});

describe('api()', () => {
  it('POSTs JSON with the method of the table and no Authorization without a token', async () => {
    const calls: Call[] = [];
    const out = await api('auth.login', { body: { email: 'a@b.pk', password: 'pw' } }, { fetch: fakeFetch(200, { auth_token: 't', two_factor_await: false }, calls), token: null, origin: '' });
    expect(out).toEqual({ auth_token: 't', two_factor_await: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/login-user');
    expect(calls[0]!.init.method).toBe('POST');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'a@b.pk', password: 'pw' });
  });

  it('GETs with a Bearer header and no body', async () => {
    const calls: Call[] = [];
    const out = await api('auth.me', {}, { fetch: fakeFetch(200, { data: user }, calls), token: 'tok123', origin: '' });
    expect(out.data.first_name).toBe('Ayesha');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok123');
  });

  it('throws ApiError with errors[0].msg, status, code and body', async () => {
    const body = { errors: [{ msg: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' }, { msg: 'second', code: 'X' }] };
    const error = await api('auth.login', { body: { email: 'a@b.pk', password: 'x' } }, { fetch: fakeFetch(400, body), origin: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(400);
    expect(e.message).toBe('Email or password is incorrect');
    expect(e.code).toBe('INVALID_CREDENTIALS');
    expect(e.body).toEqual(body);
  });

  it('keeps plan_limit_error and falls back to message', async () => {
    const e = (await api('auth.me', {}, { fetch: fakeFetch(403, { errors: [], plan_limit_error: true, message: 'Kindly upgrade your plan' }), origin: '' }).catch((x: unknown) => x)) as ApiError;
    expect(e.planLimitError).toBe(true);
    expect(e.message).toBe('Kindly upgrade your plan');
  });

  it("answers 'Something went wrong' for bodies that are not the catalogue's shape", async () => {
    const e = (await api('auth.me', {}, { fetch: fakeFetch(502, '<html>Bad gateway</html>'), origin: '' }).catch((x: unknown) => x)) as ApiError;
    expect(e.status).toBe(502);
    expect(e.body).toBeNull();
    expect(e.message).toBe('Something went wrong');
  });

  it('turns a network failure into ApiError status 0', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const e = (await api('auth.me', {}, { fetch: failing, origin: '' }).catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(0);
    expect(e.message).toBe(NETWORK_ERROR);
  });

  it('returns undefined for 204', async () => {
    await expect(api('auth.logout', { body: {} }, { fetch: fakeFetch(204, undefined), origin: '' })).resolves.toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('prefers errors[0].msg, then message, then the fallback', () => {
    expect(errorMessage({ errors: [{ msg: 'first', code: 'A' }], message: 'm' })).toBe('first');
    expect(errorMessage({ errors: [{ msg: '', code: 'A' }], message: 'm' })).toBe('m');
    expect(errorMessage({})).toBe('Something went wrong');
    expect(errorMessage(null)).toBe('Something went wrong');
    expect(errorMessage('text', 'Other')).toBe('Other');
  });
});

describe('a URL CloudFront would refuse is never sent (issue 17 item 2)', () => {
  it('a very long search is refused with 414 in the catalogue’s words, and nothing is fetched', async () => {
    for (const length of [70_000, 1_000_000]) {
      const calls: Call[] = [];
      const sent = api('storeOrders.list', { query: { search: 'a'.repeat(length) } }, { fetch: fakeFetch(200, {}, calls), origin: 'https://app.dakiya.pk' });
      await expect(sent).rejects.toMatchObject({
        name: 'ApiError', status: 414, code: 'URI_TOO_LONG', message: 'This request is too long to send. Shorten the search and try again.',
        body: { errors: [{ msg: 'This request is too long to send. Shorten the search and try again.', code: 'URI_TOO_LONG' }] },
      });
      expect(calls).toHaveLength(0);
    }
  });

  it('counts the bytes of the path and query, not the origin, and sends exactly 8,192', async () => {
    const path = '/api/v1/store-orders?search=';
    const calls: Call[] = [];
    const origin = `https://${'x'.repeat(200)}.example`;
    await api('storeOrders.list', { query: { search: 'a'.repeat(MAX_URL_BYTES - path.length) } }, { fetch: fakeFetch(200, {}, calls), origin });
    expect(calls[0]!.url.length).toBe(origin.length + MAX_URL_BYTES);
    await expect(api('storeOrders.list', { query: { search: 'a'.repeat(MAX_URL_BYTES - path.length + 1) } }, { fetch: fakeFetch(200, {}, calls), origin })).rejects.toBeInstanceOf(ApiError);
    // 'ü' is six bytes once percent-encoded
    await expect(api('storeOrders.list', { query: { search: 'ü'.repeat(1400) } }, { fetch: fakeFetch(200, {}, calls), origin })).rejects.toMatchObject({ status: 414 });
    expect(calls).toHaveLength(1);
  });

  it('is the limit and the message of the shared catalogue', () => {
    expect(MAX_URL_BYTES).toBe(SHARED_MAX_URL_BYTES);
    expect(URL_TOO_LONG).toEqual({ msg: ERRORS.URI_TOO_LONG.msg, code: 'URI_TOO_LONG' });
  });
});
