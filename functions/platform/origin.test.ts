import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER, routeIds, routes } from '@dakiya/shared';
import { call, seedShop, testDeps, TEST_ORIGIN_SECRET, type SeededShop, type TestDeps } from '../test-support/harness';
import { routeFixtures } from '../test-support/route-fixtures';
import { makeWorld } from '../test-support/world';
import { addressKey, originSecretsFrom, parseOriginSecret, requireOrigin, viewerAddress } from './origin';
import { parseEnv } from '../ground/env';

const REFUSED = { errors: [{ msg: 'This address does not take requests directly. Open Dakiya at its own address.', code: 'ORIGIN_REFUSED' }] };
const BAD_ADDRESS = { errors: [{ msg: 'The viewer address is not valid', code: 'VALIDATION_FAILED', param: 'cloudfront-viewer-address' }] };

let deps: TestDeps;
let seeded: SeededShop;
beforeAll(async () => {
  deps = await testDeps();
  seeded = await seedShop(deps);
});

const login = (headers: Record<string, string>, email = seeded.owner.email) =>
  call(deps, 'auth.login', { body: { email, password: seeded.password }, headers });

describe('a call that did not come through CloudFront is refused first (issue 11 item 1)', () => {
  it('every route, called directly (no origin header), answers 403 ORIGIN_REFUSED', async () => {
    const world = await makeWorld();
    try {
      for (const id of routeIds) {
        const input = await routeFixtures[id](world);
        const res = await call(world.deps, id, { ...input, headers: { ...input.headers, [ORIGIN_HEADER]: '' } });
        expect([id, res.status, res.body], routes[id].path).toEqual([id, 403, REFUSED]);
      }
    } finally {
      await world.stop();
    }
  });

  it('a wrong or truncated value is refused like a missing one; the session is never read', async () => {
    for (const value of ['wrong', TEST_ORIGIN_SECRET.slice(0, -1), `${TEST_ORIGIN_SECRET}x`, ' '.repeat(8), 'x'.repeat(20_000)]) {
      expect(await call(deps, 'auth.me', { token: seeded.ownerToken, headers: { [ORIGIN_HEADER]: value } })).toMatchObject({ status: 403, body: REFUSED });
    }
  });

  it('what no route matches is refused too', async () => {
    const res = await call(deps, 'system.health', { headers: { [ORIGIN_HEADER]: '' } });
    expect(res).toMatchObject({ status: 403, body: REFUSED });
  });

  it('with the header, the same call works', async () => {
    expect((await call(deps, 'auth.me', { token: seeded.ownerToken })).status).toBe(200);
  });
});

describe('the origin secret: current and previous during a rotation', () => {
  it('reads `{ current, previous }` or a bare value', () => {
    expect(parseOriginSecret('{"current":"new","previous":"old"}')).toEqual(['new', 'old']);
    expect(parseOriginSecret('{"current":"only"}')).toEqual(['only']);
    expect(parseOriginSecret(' bare ')).toEqual(['bare']);
    expect(parseOriginSecret('{"current":"","previous":7}')).toEqual([]);
  });

  it('accepts both values while a rotation is under way, then only the new one', async () => {
    const during = await testDeps({}, { ORIGIN_SECRET: '{"current":"new-value","previous":"old-value"}' });
    const shop = await seedShop(during);
    for (const value of ['new-value', 'old-value']) {
      expect((await call(during, 'auth.me', { token: shop.ownerToken, headers: { [ORIGIN_HEADER]: value } })).status, value).toBe(200);
    }
    const after = await testDeps({}, { ORIGIN_SECRET: '{"current":"new-value"}' });
    const shopAfter = await seedShop(after);
    expect((await call(after, 'auth.me', { token: shopAfter.ownerToken, headers: { [ORIGIN_HEADER]: 'old-value' } })).status).toBe(403);
  });

  it('a container reads the secret again on a mismatch, at most every 30 s', async () => {
    // AWS mode: the value comes from Secrets Manager; here a stand-in client counts the reads
    let now = 0;
    let stored = '{"current":"a"}';
    let reads = 0;
    const env = parseEnv({ TABLE_NAME: 't', APP_URL: 'http://x', SHOPIFY_CLIENT_ID: 'c', ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:ap-south-1:1:secret:o' });
    const secrets = originSecretsFrom(env, () => now);
    const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const send = SecretsManagerClient.prototype.send;
    SecretsManagerClient.prototype.send = (async () => { reads++; return { SecretString: stored }; }) as never;
    try {
      await requireOrigin({ [ORIGIN_HEADER]: 'a' }, secrets);
      expect(reads).toBe(1);
      // the rotation starts: CloudFront sends b before this container's copy is stale
      stored = '{"current":"b","previous":"a"}';
      now = 10_000;
      await expect(requireOrigin({ [ORIGIN_HEADER]: 'b' }, secrets)).rejects.toMatchObject({ code: 'ORIGIN_REFUSED' });
      expect(reads).toBe(1); // read 10 s ago: forged values cannot make a read per request
      now = 31_000;
      await requireOrigin({ [ORIGIN_HEADER]: 'b' }, secrets);
      await requireOrigin({ [ORIGIN_HEADER]: 'a' }, secrets);
      expect(reads).toBe(2);
      now = 31_000 + 5 * 60_000;
      await requireOrigin({ [ORIGIN_HEADER]: 'b' }, secrets);
      expect(reads).toBe(3); // five minutes on, read again even without a mismatch
    } finally {
      SecretsManagerClient.prototype.send = send;
    }
  });
});

describe('the viewer address, trusted once the origin is proven', () => {
  it('takes CloudFront-Viewer-Address without its port, IPv4 or IPv6', () => {
    expect(viewerAddress({ [VIEWER_ADDRESS_HEADER]: '198.51.100.10:46532' }, '10.0.0.1')).toBe('198.51.100.10');
    expect(viewerAddress({ [VIEWER_ADDRESS_HEADER]: '2001:db8:85a3::8a2e:370:7334:46532' }, '10.0.0.1')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(viewerAddress({ [VIEWER_ADDRESS_HEADER]: '::ffff:192.0.2.1:80' }, '10.0.0.1')).toBe('192.0.2.1');
    expect(viewerAddress({}, '::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('limits IPv6 per /64 and IPv4 per address', () => {
    expect(addressKey('198.51.100.10')).toBe('198.51.100.10');
    expect(addressKey('2001:db8:85a3:1:8a2e:370:7334:1')).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:0DB8:85A3:0001:ffff::2')).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('1::5:6:7:1.2.3.4')).toBe('1:0:0:5::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('a malformed or oversized address is a 400 in the catalogue shape, not a 500', async () => {
    for (const value of ['nonsense', '1.2.3.4.5:80', `${'1'.repeat(5000)}:80`, '2001:db8::zz:80', ':80']) {
      expect(await login({ [VIEWER_ADDRESS_HEADER]: value }), value.slice(0, 20)).toMatchObject({ status: 400, body: BAD_ADDRESS });
    }
  });

  it('oversized headers elsewhere get 4xx answers, never a 500', async () => {
    const huge = 'x'.repeat(12_000);
    expect((await call(deps, 'auth.me', { headers: { authorization: `Bearer ${huge}` } })).status).toBe(401);
    expect((await login({ 'content-type': `application/json; ${huge}` })).status).toBe(200);
    expect((await call(deps, 'shopify.webhook', { rawBody: '{}', headers: { 'x-shopify-shop-domain': huge, 'x-shopify-topic': huge, 'x-shopify-hmac-sha256': huge } })).status).toBeLessThan(500);
  });

  it('sign-in attempts from one IPv6 /64 share one limit, whatever the addresses in it', async () => {
    const prefix = '2001:db8:77:1';
    for (let i = 0; i < 100; i++) await deps.limiter.hit(`login-ip:${prefix}::/64`, 100, 15 * 60);
    for (const host of ['::1', ':aaaa:bbbb:cccc:dddd', '::ffff:1']) {
      const res = await login({ [VIEWER_ADDRESS_HEADER]: `${prefix}${host}:50000` });
      expect(res, host).toMatchObject({ status: 429, body: { errors: [{ code: 'RATE_LIMITED' }] } });
    }
    // another /64 is another count
    expect((await login({ [VIEWER_ADDRESS_HEADER]: '2001:db8:77:2::1:50000' })).status).toBe(200);
  });
});
