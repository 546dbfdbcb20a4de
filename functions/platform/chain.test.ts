import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { apiEvent, call, seedShop, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { groupHandler } from './chain';
import { operationsByGroup } from '../registry';

let deps: TestDeps;
let shop: SeededShop;
beforeAll(async () => {
  deps = await testDeps();
  shop = await seedShop(deps);
});

const UNSUPPORTED = { errors: [{ msg: 'Send the request body as application/json', code: 'UNSUPPORTED_MEDIA_TYPE', param: 'content-type' }] };

describe('a JSON body needs a JSON content type', () => {
  const login = (headers: Record<string, string>) => call(deps, 'auth.login', { body: { email: shop.owner.email, password: shop.password }, headers });

  it('answers 415 in the catalogue shape for another type, or none, and signs nobody in', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json', 'application/jsonp', '']) {
      expect(await login({ 'content-type': type }), type || '(none)').toMatchObject({ status: 415, body: UNSUPPORTED });
    }
  });

  it('takes application/json with parameters and +json types', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/vnd.api+json']) {
      expect((await login({ 'content-type': type })).status, type).toBe(200);
    }
  });

  it('a route without a body takes a request without a content type', async () => {
    expect((await call(deps, 'auth.me', { token: shop.ownerToken, headers: { 'content-type': '' } })).status).toBe(200);
  });
});

describe('what no route matches (API Gateway $default)', () => {
  const system = groupHandler('system', operationsByGroup.system, () => deps);
  const fallback = async (method: string, rawPath: string) => {
    const event = { ...apiEvent('system.health'), routeKey: '$default', rawPath };
    event.requestContext = { ...event.requestContext, routeKey: '$default', http: { ...event.requestContext.http, method, path: rawPath } };
    const res = await system(event, {} as Context);
    return { status: res.statusCode, headers: res.headers ?? {}, body: JSON.parse(res.body ?? '{}') };
  };

  it('a known path with another method answers 405 with Allow', async () => {
    expect(await fallback('DELETE', '/api/v1/me')).toMatchObject({
      status: 405, headers: { allow: 'GET' }, body: { errors: [{ msg: 'This address does not accept this method', code: 'METHOD_NOT_ALLOWED' }] },
    });
    // two routes share the path with different methods: Allow lists both
    expect((await fallback('POST', '/api/v1/change-password/0123456789abcdef01234567')).headers.allow).toBe('PATCH');
    expect((await fallback('GET', '/api/v1/change-password')).headers.allow).toBe('PUT');
  });

  it('an unknown path answers 404', async () => {
    expect(await fallback('GET', '/api/v1/nothing-here')).toMatchObject({
      status: 404, body: { errors: [{ msg: 'This address does not exist', code: 'ROUTE_NOT_FOUND' }] },
    });
  });
});
