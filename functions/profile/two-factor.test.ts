import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { call, seedShop, seedUser, testDeps, type SeededShop } from '../test-support/harness';

type Deps = Awaited<ReturnType<typeof testDeps>>;
let deps: Deps;
let paid: SeededShop;
let free: SeededShop;

beforeAll(async () => {
  deps = await testDeps();
  paid = await seedShop(deps, { plan: 'YEARLY' });
  free = await seedShop(deps, { plan: 'FREE' });
});

/** A code of the time step `steps` away from now: each step's code is accepted once, so tests move on in time. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const PASSWORD = 'staff-password-1';
const WRONG_PASSWORD = { msg: 'Current password is incorrect', code: 'VALIDATION_FAILED', param: 'password' };
const USED = 'This code was already used. Wait for the next code from your authenticator app.';

/** A staff member of the paid shop with two-factor on; answers the secret, the recovery codes and a fresh token. */
async function withTwoFactor(shopId = paid.shop._id) {
  const staff = await seedUser(deps, shopId);
  const secret = (await call(deps, 'profile.qrCode', { token: staff.token })).body.secret as string;
  const enabled = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: await codeAt(secret), password: PASSWORD } });
  expect(enabled.status).toBe(200);
  return { ...staff, secret, codes: enabled.body.recovery_codes as string[], token: enabled.body.auth_token as string };
}

const login = (email: string, password = PASSWORD) => call(deps, 'auth.login', { body: { email, password } });

describe('turning two-factor on', () => {
  it('a stolen session cannot turn it on: the current password is asked for and a wrong one changes nothing', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const secret = (await call(deps, 'profile.qrCode', { token: staff.token })).body.secret as string;
    const missing = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: await codeAt(secret) } });
    expect(missing.body.errors[0]).toEqual({ msg: 'Current password is required', code: 'VALIDATION_FAILED', param: 'password' });
    const wrong = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: await codeAt(secret), password: 'guessed-pass' } });
    expect(wrong).toMatchObject({ status: 400, body: { errors: [WRONG_PASSWORD] } });
    expect((await call(deps, 'auth.me', { token: staff.token })).body.data.two_factor_enabled).toBe(false);
    expect((await login(staff.user.email)).body.two_factor_await).toBe(false);
  });

  it('with the password and a code: ten recovery codes once, every other session ended, a code at every sign-in', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const other = (await login(staff.user.email)).body.auth_token;
    const qr = await call(deps, 'profile.qrCode', { token: staff.token });
    expect(qr.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = qr.body.secret as string;
    const bad = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: '000000', password: PASSWORD } });
    expect(bad.body.errors[0]).toEqual({ msg: 'The code is not correct. Try the newest code from your authenticator app.', code: 'VALIDATION_FAILED', param: 'code' });
    const enabled = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: await codeAt(secret), password: PASSWORD } });
    expect(enabled.body).toMatchObject({ msg: 'Two factor authentication enabled' });
    const codes = enabled.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
    // stored as digests only
    const record = await deps.people.get(staff.person!._id);
    expect(JSON.stringify([...(record?.recoveryCodes ?? [])])).not.toContain(codes[0]!.replace(/-/g, ''));
    expect(record?.recoveryCodes?.size).toBe(10);
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(401);
    expect((await call(deps, 'auth.me', { token: other })).status).toBe(401);
    expect((await call(deps, 'auth.me', { token: enabled.body.auth_token })).body.data.two_factor_enabled).toBe(true);
    expect((await call(deps, 'profile.get', { token: enabled.body.auth_token })).body.data.recovery_codes_left).toBe(10);

    const pending = await login(staff.user.email);
    expect(pending.body.two_factor_await).toBe(true);
    expect((await call(deps, 'auth.me', { token: pending.body.auth_token })).status).toBe(401); // half signed in is not signed in
    const done = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(secret, 1), twoFactorToken: pending.body.auth_token } });
    expect(done.status).toBe(200);
    expect((await call(deps, 'auth.me', { token: done.body.auth_token })).status).toBe(200);
    // the second-step token works once
    const again = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(secret, 1), twoFactorToken: pending.body.auth_token } });
    expect(again.body.errors[0].msg).toBe('Your sign-in expired. Sign in again.');
  });
});

describe('a TOTP code works once (RFC 6238 §5.2)', () => {
  it('the code that signed in cannot sign in again, nor can an older one', async () => {
    const staff = await withTwoFactor();
    const code = await codeAt(staff.secret, 1);
    const first = await login(staff.user.email);
    expect((await call(deps, 'auth.verifyAuthenticator', { body: { code, twoFactorToken: first.body.auth_token } })).status).toBe(200);
    const second = await login(staff.user.email);
    const replay = await call(deps, 'auth.verifyAuthenticator', { body: { code, twoFactorToken: second.body.auth_token } });
    expect(replay).toMatchObject({ status: 400, body: { errors: [{ msg: USED, code: 'VALIDATION_FAILED', param: 'code' }] } });
    const older = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(staff.secret, 0), twoFactorToken: second.body.auth_token } });
    expect(older.body.errors[0].msg).toBe(USED);
  });

  it('two sign-ins racing with the same code: exactly one gets in (the step is kept by a conditional write)', async () => {
    const staff = await withTwoFactor();
    const code = await codeAt(staff.secret, 1);
    const tokens = await Promise.all(Array.from({ length: 4 }, async () => (await login(staff.user.email)).body.auth_token as string));
    const results = await Promise.all(tokens.map((twoFactorToken) => call(deps, 'auth.verifyAuthenticator', { body: { code, twoFactorToken } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.errors[0].msg === USED)).toBe(true);
  });

  it('the code that enabled two-factor cannot be used to sign in', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const secret = (await call(deps, 'profile.qrCode', { token: staff.token })).body.secret as string;
    const code = await codeAt(secret);
    await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code, password: PASSWORD } });
    const pending = (await login(staff.user.email)).body.auth_token;
    expect((await call(deps, 'auth.verifyAuthenticator', { body: { code, twoFactorToken: pending } })).body.errors[0].msg).toBe(USED);
  });
});

describe('recovery codes', () => {
  it('sign an owner in once each, and the page says how many are left', async () => {
    const staff = await withTwoFactor();
    const pending = (await login(staff.user.email)).body.auth_token;
    const used = await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: staff.codes[0]!.toUpperCase(), twoFactorToken: pending } });
    expect(used.status).toBe(200);
    expect(used.body.recovery_codes_left).toBe(9);
    expect((await call(deps, 'auth.me', { token: used.body.auth_token })).status).toBe(200);
    const again = await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: staff.codes[0]!, twoFactorToken: (await login(staff.user.email)).body.auth_token } });
    expect(again).toMatchObject({ status: 400, body: { errors: [{ msg: 'This recovery code is not correct or was already used.', code: 'VALIDATION_FAILED', param: 'recovery_code' }] } });
    expect((await call(deps, 'profile.get', { token: used.body.auth_token })).body.data.recovery_codes_left).toBe(9);
  });

  it('one code spent by two racing sign-ins lets exactly one in', async () => {
    const staff = await withTwoFactor();
    const tokens = await Promise.all(Array.from({ length: 4 }, async () => (await login(staff.user.email)).body.auth_token as string));
    const results = await Promise.all(tokens.map((twoFactorToken) => call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: staff.codes[3]!, twoFactorToken } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('wrong recovery codes count toward the same lockout as wrong codes', async () => {
    const staff = await withTwoFactor();
    const pending = (await login(staff.user.email)).body.auth_token;
    for (let i = 0; i < 5; i++) {
      expect((await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: 'aaaa-bbbb-cccc', twoFactorToken: pending } })).status).toBe(400);
    }
    const locked = await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: staff.codes[1]!, twoFactorToken: pending } });
    expect(locked).toMatchObject({ status: 429, body: { errors: [{ code: 'RATE_LIMITED' }] } });
  });

  it('renewing needs the password and a code, and the old codes stop working', async () => {
    const staff = await withTwoFactor();
    const wrong = await call(deps, 'profile.recoveryCodes', { token: staff.token, body: { password: 'nope-nope', code: await codeAt(staff.secret, 1) } });
    expect(wrong.body.errors[0]).toEqual(WRONG_PASSWORD);
    const renewed = await call(deps, 'profile.recoveryCodes', { token: staff.token, body: { password: PASSWORD, code: await codeAt(staff.secret, 1) } });
    expect(renewed.body.msg).toBe('New recovery codes created');
    expect(renewed.body.recovery_codes).toHaveLength(10);
    const pending = (await login(staff.user.email)).body.auth_token;
    expect((await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: staff.codes[5]!, twoFactorToken: pending } })).status).toBe(400);
    expect((await call(deps, 'auth.verifyRecoveryCode', { body: { recovery_code: renewed.body.recovery_codes[5], twoFactorToken: pending } })).status).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; a recovery code will do for a lost phone', async () => {
    const staff = await withTwoFactor();
    const noPassword = await call(deps, 'profile.disableTwoFactor', { token: staff.token, body: { password: 'wrong-pass', code: await codeAt(staff.secret, 1) } });
    expect(noPassword.body.errors[0]).toEqual(WRONG_PASSWORD);
    const noCode = await call(deps, 'profile.disableTwoFactor', { token: staff.token, body: { password: PASSWORD, code: '000000' } });
    expect(noCode.body.errors[0].param).toBe('code');
    const missing = await call(deps, 'profile.disableTwoFactor', { token: staff.token, body: { password: PASSWORD } });
    expect(missing.body.errors[0]).toEqual({ msg: 'Code is required', code: 'VALIDATION_FAILED', param: 'code' });
    expect((await call(deps, 'auth.me', { token: staff.token })).body.data.two_factor_enabled).toBe(true);
    const off = await call(deps, 'profile.disableTwoFactor', { token: staff.token, body: { password: PASSWORD, code: staff.codes[2]! } });
    expect(off.body).toEqual({ msg: 'Two factor authentication disabled' });
    expect((await call(deps, 'auth.me', { token: staff.token })).body.data.two_factor_enabled).toBe(false);
    expect((await login(staff.user.email)).body.two_factor_await).toBe(false);
    const record = await deps.people.get(staff.person!._id);
    expect(record?.twoFactorSecret).toBeUndefined();
    expect(record?.recoveryCodes).toBeUndefined();
  });
});

describe('an ADMIN resets a staff member’s two-factor', () => {
  it('the member then signs in with the password alone', async () => {
    const staff = await withTwoFactor();
    const res = await call(deps, 'users.resetTwoFactor', { token: paid.ownerToken, params: { id: staff.user._id } });
    expect(res.body).toMatchObject({ msg: 'Two factor authentication has been reset', user: { _id: staff.user._id, two_factor_enabled: false } });
    expect((await login(staff.user.email)).body.two_factor_await).toBe(false);
    const again = await call(deps, 'users.resetTwoFactor', { token: paid.ownerToken, params: { id: staff.user._id } });
    expect(again.body.errors[0]).toEqual({ msg: 'Two factor authentication is not enabled for this user', code: 'VALIDATION_FAILED', param: 'id' });
  });

  it('not the owner’s (recovery codes are for that), not their own, and not in another shop', async () => {
    const admin = await seedUser(deps, paid.shop._id, { role: 'ADMIN' });
    const owner = await call(deps, 'users.resetTwoFactor', { token: admin.token, params: { id: paid.owner._id } });
    expect(owner.body.errors[0].msg).toBe("The store owner's account cannot be reset by another user");
    const self = await call(deps, 'users.resetTwoFactor', { token: admin.token, params: { id: admin.user._id } });
    expect(self.body.errors[0].msg).toBe('Turn off your own two factor authentication from your profile');
    const staff = await withTwoFactor();
    const foreign = await call(deps, 'users.resetTwoFactor', { token: free.ownerToken, params: { id: staff.user._id } });
    expect(foreign.status).toBe(404);
    expect((await deps.members.get(paid.shop._id, staff.user._id))?.two_factor_enabled).toBe(true);
  });
});

describe('the plan gates setting two-factor up, not the protection', () => {
  it('after the shop moves to FREE, sign-in still asks for the code and /me says so', async () => {
    const shop = await seedShop(deps, { plan: 'MONTHLY' });
    const staff = await withTwoFactor(shop.shop._id);
    await deps.shops.update(shop.shop._id, { plan: 'FREE' });
    expect((await call(deps, 'auth.me', { token: staff.token })).body.data.two_factor_enabled).toBe(true);
    const pending = await login(staff.user.email);
    expect(pending.body.two_factor_await).toBe(true);
    expect((await call(deps, 'auth.me', { token: pending.body.auth_token })).status).toBe(401);
    const done = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(staff.secret, 1), twoFactorToken: pending.body.auth_token } });
    expect(done.status).toBe(200);
    // setting it up again is the paid feature; keeping, leaving and renewing codes are not
    const qr = await call(deps, 'profile.qrCode', { token: done.body.auth_token });
    expect(qr).toMatchObject({ status: 403, body: { errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE' }] } });
    const off = await call(deps, 'profile.disableTwoFactor', { token: done.body.auth_token, body: { password: PASSWORD, code: staff.codes[0]! } });
    expect(off.status).toBe(200);
  });
});

describe('the second step', () => {
  it('locks after five wrong codes', async () => {
    const staff = await withTwoFactor();
    const pending = (await login(staff.user.email)).body.auth_token;
    for (let i = 0; i < 5; i++) {
      expect((await call(deps, 'auth.verifyAuthenticator', { body: { code: '000000', twoFactorToken: pending } })).status).toBe(400);
    }
    const locked = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(staff.secret, 1), twoFactorToken: pending } });
    expect(locked).toMatchObject({ status: 429, body: { errors: [{ code: 'RATE_LIMITED' }] } });
  });

  it('a burst of parallel guesses gets five checks, not one per request', async () => {
    const staff = await withTwoFactor();
    const pending = (await login(staff.user.email)).body.auth_token;
    const burst = await Promise.all(Array.from({ length: 20 }, () => call(deps, 'auth.verifyAuthenticator', { body: { code: '000000', twoFactorToken: pending } })));
    expect(burst.filter((r) => r.status === 400)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it('the install hand-off of a person with two-factor on leads to the code, not into the dashboard', async () => {
    const staff = await withTwoFactor();
    const { startSession } = await import('../domain/sessions');
    const handoff = await startSession(staff.user, paid.shop, 'handoff', deps);
    const traded = await call(deps, 'auth.exchangeToken', { body: { token: handoff } });
    expect(traded.body.two_factor_await).toBe(true);
    expect((await call(deps, 'auth.me', { token: traded.body.auth_token })).status).toBe(401);
    const done = await call(deps, 'auth.verifyAuthenticator', { body: { code: await codeAt(staff.secret, 1), twoFactorToken: traded.body.auth_token } });
    expect(done.status).toBe(200);
  });
});
