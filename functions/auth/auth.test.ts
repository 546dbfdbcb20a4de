import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../test-support/harness';
import { buildDeps } from '../platform/deps';

let deps: TestDeps;
let seeded: SeededShop;

beforeAll(async () => {
  deps = await testDeps();
  seeded = await seedShop(deps);
});

describe('POST /login-user', () => {
  it('signs in with the right password and the token works on /me', async () => {
    const login = await call(deps, 'auth.login', { body: { email: seeded.owner.email.toUpperCase(), password: seeded.password } });
    expect(login.status).toBe(200);
    expect(login.body.two_factor_await).toBe(false);
    const me = await call(deps, 'auth.me', { token: login.body.auth_token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      _id: seeded.owner._id, email: seeded.owner.email, role: 'ADMIN', first_name: 'Ayesha',
      shop: { name: 'Lahore Linen', domain: seeded.shop.domain, iana_time_zone: 'Asia/Karachi', currency: 'PKR' },
    });
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|scrypt|shpat/);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await call(deps, 'auth.login', { body: { email: seeded.owner.email, password: 'nope-nope' } });
    const unknown = await call(deps, 'auth.login', { body: { email: 'nobody@example.pk', password: 'nope-nope' } });
    const expected = { errors: [{ msg: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' }] };
    expect(wrong).toMatchObject({ status: 400, body: expected });
    expect(unknown).toMatchObject({ status: 400, body: expected });
  });

  it('validates with the spec messages', async () => {
    const res = await call(deps, 'auth.login', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: 'Email is required or invalid', code: 'VALIDATION_FAILED', param: 'email' },
      { msg: 'Password is required', code: 'VALIDATION_FAILED', param: 'password' },
    ]);
  });

  it('refuses restricted and unverified users after the right password', async () => {
    const restricted = await seedUser(deps, seeded.shop._id, { active: false });
    const unverified = await seedUser(deps, seeded.shop._id, { verified: false });
    const a = await call(deps, 'auth.login', { body: { email: restricted.user.email, password: restricted.password } });
    const b = await call(deps, 'auth.login', { body: { email: unverified.user.email, password: unverified.password } });
    expect(a.body.errors[0]).toEqual({ msg: 'Your account has been deactivated. Contact your admin.', code: 'USER_RESTRICTED' });
    expect(b.body.errors[0]).toEqual({ msg: 'Please verify your email before signing in', code: 'EMAIL_NOT_VERIFIED' });
    // and their existing sessions no longer work
    expect((await call(deps, 'auth.me', { token: restricted.token })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('rejects missing, malformed and forged tokens with 401 Unauthorized', async () => {
    const forged = seeded.ownerToken.slice(0, -4) + 'AAAA';
    for (const token of [undefined, 'garbage', forged]) {
      const res = await call(deps, 'auth.me', { token });
      expect(res).toMatchObject({ status: 401, body: { errors: [{ msg: 'Unauthorized', code: 'UNAUTHORIZED' }] } });
    }
  });

  it('logout ends exactly that session', async () => {
    const other = (await call(deps, 'auth.login', { body: { email: seeded.owner.email, password: seeded.password } })).body.auth_token;
    const mine = (await call(deps, 'auth.login', { body: { email: seeded.owner.email, password: seeded.password } })).body.auth_token;
    expect((await call(deps, 'auth.logout', { token: mine })).body).toEqual({ msg: 'Logged out' });
    expect((await call(deps, 'auth.me', { token: mine })).status).toBe(401);
    expect((await call(deps, 'auth.me', { token: other })).status).toBe(200);
  });

  it('an expired session is refused even though DynamoDB Local never deletes TTL items', async () => {
    const hoursLater = (deps.env.SESSION_TTL_HOURS + 1) * 3600 * 1000;
    const later = buildDeps(deps.env, { db: deps.db, log: deps.log, now: () => new Date(Date.now() + hoursLater) });
    expect((await call(later, 'auth.me', { token: seeded.ownerToken })).status).toBe(401);
    expect((await call(deps, 'auth.me', { token: seeded.ownerToken })).status).toBe(200);
  });
});

it('unknown routes and junk JSON answer in the catalogue shape', async () => {
  const junk = await call(deps, 'auth.login', { rawBody: '{"email":' });
  expect(junk).toMatchObject({ status: 400, body: { errors: [{ msg: 'The request body is not valid JSON', code: 'INVALID_JSON' }] } });
});

describe('an uninstall ends the shop’s sessions for good', () => {
  it('no session comes back when the shop is installed again, not even one a racing sign-in wrote after the delete', async () => {
    const shop = await seedShop(deps, { plan: 'MONTHLY' });
    const { startSession } = await import('../domain/sessions');
    const before = await call(deps, 'auth.login', { body: { email: shop.owner.email, password: shop.password } });
    const stale = { ...shop.shop }; // what a sign-in that read the shop just before the uninstall holds
    expect(await deps.shops.endSessions(shop.shop._id)).toBeGreaterThanOrEqual(2);
    const racing = await startSession(shop.owner, stale, 'full', deps);
    await deps.shops.update(shop.shop._id, { status: 'ACTIVE' }); // the reinstall
    for (const token of [shop.ownerToken, before.body.auth_token, racing]) {
      expect((await call(deps, 'auth.me', { token })).status).toBe(401);
    }
    const fresh = await call(deps, 'auth.login', { body: { email: shop.owner.email, password: shop.password } });
    expect((await call(deps, 'auth.me', { token: fresh.body.auth_token })).status).toBe(200);
  });
});

describe('the install hand-off token', () => {
  it('is traded once for a full session and is no session itself', async () => {
    const { startSession } = await import('../domain/sessions');
    const handoff = await startSession(seeded.owner, seeded.shop, 'handoff', deps);
    expect((await call(deps, 'auth.me', { token: handoff })).status).toBe(401);
    const traded = await call(deps, 'auth.exchangeToken', { body: { token: handoff } });
    expect(traded.status).toBe(200);
    expect((await call(deps, 'auth.me', { token: traded.body.auth_token })).body.data._id).toBe(seeded.owner._id);
    const again = await call(deps, 'auth.exchangeToken', { body: { token: handoff } });
    expect(again.body.errors[0]).toEqual({ msg: 'This sign-in link has expired. Open Dakiya from your Shopify admin again.', code: 'VALIDATION_FAILED', param: 'token' });
    // a full session cannot be passed off as a hand-off either
    expect((await call(deps, 'auth.exchangeToken', { body: { token: traded.body.auth_token } })).status).toBe(400);
  });
});
