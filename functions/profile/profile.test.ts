import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '@dakiya/shared';
import { call, seedShop, seedUser, testDeps, type SeededShop } from '../test-support/harness';
import { linkParam } from '../test-support/mail-links';

type Deps = Awaited<ReturnType<typeof testDeps>>;
let deps: Deps;
let paid: SeededShop;
// The sign-in slow-down counts real seconds: on a busy machine five slow logins could use up the wait
// before the sixth asks, so the slow-down test stops this clock for its own span.
let stopped: Date | undefined;

beforeAll(async () => {
  deps = await testDeps({ now: () => stopped ?? new Date() });
  paid = await seedShop(deps, { plan: 'YEARLY' });
});

describe('own profile', () => {
  it('shows the shop with its activity status and the user with two_factor_enabled', async () => {
    const res = await call(deps, 'profile.get', { token: paid.ownerToken });
    expect(res.body.data).toMatchObject({
      first_name: 'Ayesha', two_factor_enabled: false,
      shop: { name: 'Lahore Linen', domain: paid.shop.domain, iana_time_zone: 'Asia/Karachi', currency: 'PKR', status: 'ACTIVE' },
    });
  });

  it('changes the own password: wrong current refused; success keeps this session and ends the others', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const other = (await call(deps, 'auth.login', { body: { email: staff.user.email, password: staff.password } })).body.auth_token;
    const wrong = await call(deps, 'profile.changePassword', { token: staff.token, body: { current_password: 'nope', new_password: 'next-pass-1', confirm_password: 'next-pass-1' } });
    expect(wrong.body.errors[0]).toEqual({ msg: 'Current password is incorrect', code: 'VALIDATION_FAILED', param: 'current_password' });
    const mismatch = await call(deps, 'profile.changePassword', { token: staff.token, body: { current_password: staff.password, new_password: 'next-pass-1', confirm_password: 'next-pass-2' } });
    expect(mismatch.body.errors[0].msg).toBe('Password and confirm password must be same');
    const ok = await call(deps, 'profile.changePassword', { token: staff.token, body: { current_password: staff.password, new_password: 'next-pass-1', confirm_password: 'next-pass-1' } });
    expect(ok.body).toEqual({ msg: 'Password has been changed' });
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(200);
    expect((await call(deps, 'auth.me', { token: other })).status).toBe(401);
  });

  it('edits the own tag', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    expect((await call(deps, 'profile.editTag', { token: staff.token, body: { tag: 'dispatch' } })).body).toMatchObject({ msg: 'Tag updated', user: { tag: 'dispatch' } });
    expect((await call(deps, 'profile.editTag', { token: staff.token, body: { tag: 'x'.repeat(11) } })).body.errors[0].msg).toBe('Tag must be at most 10 characters');
  });
});

describe('a new password equal to the current one is refused', () => {
  it('when changing the own password', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const same = await call(deps, 'profile.changePassword', { token: staff.token, body: { current_password: staff.password, new_password: staff.password, confirm_password: staff.password } });
    expect(same).toMatchObject({ status: 400, body: { errors: [{ msg: 'The new password must be different from the current one', code: 'VALIDATION_FAILED', param: 'new_password' }] } });
    const other = (await call(deps, 'auth.login', { body: { email: staff.user.email, password: staff.password } })).body.auth_token;
    // nothing changed: the other session is still alive
    expect((await call(deps, 'auth.me', { token: other })).status).toBe(200);
  });

  it('when resetting from the emailed link, which still works for a different password', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    await deps.drainJobs();
    const hash = linkParam(deps.mailbox.sent.filter((m) => m.to === staff.user.email).at(-1), 'hash');
    const same = await call(deps, 'auth.resetPassword', { query: { hash }, body: { password: staff.password, confirm_password: staff.password } });
    expect(same).toMatchObject({ status: 400, body: { errors: [{ msg: 'The new password must be different from the current one', code: 'VALIDATION_FAILED', param: 'password' }] } });
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(200);
    const changed = await call(deps, 'auth.resetPassword', { query: { hash }, body: { password: 'another-pass-7', confirm_password: 'another-pass-7' } });
    expect(changed.body).toEqual({ msg: 'Password has been changed' });
  });
});

describe('forgot password', () => {
  it('answers the same for unknown emails and sends a one-time reset link to real ones', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const before = deps.mailbox.sent.length;
    const unknown = await call(deps, 'auth.resetPin', { body: { email: 'nobody@example.pk' } });
    const known = await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    expect(unknown.body).toEqual(known.body);
    await deps.drainJobs();
    expect(deps.mailbox.sent.length).toBe(before + 1);
    const hash = linkParam(deps.mailbox.sent.filter((m) => m.to === staff.user.email).at(-1), 'hash');
    const body = { password: 'reset-pass-99', confirm_password: 'reset-pass-99' };
    expect((await call(deps, 'auth.resetPassword', { query: { hash }, body })).body).toEqual({ msg: 'Password has been changed' });
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(401);
    expect((await call(deps, 'auth.login', { body: { email: staff.user.email, password: 'reset-pass-99' } })).status).toBe(200);
    expect((await call(deps, 'auth.resetPassword', { query: { hash }, body })).body.errors[0].msg).toBe('This reset link is not valid or has expired');
  });

  // issue 17: a lock per account let anyone keep its owner out; the limit is per account and address now
  // (functions/auth/sign-in-limits.test.ts has every rule)
  it('slows wrong passwords down per account and address, and never locks the account', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    stopped = new Date();
    onTestFinished(() => { stopped = undefined; });
    for (let i = 0; i < 5; i++) {
      expect((await call(deps, 'auth.login', { body: { email: staff.user.email, password: 'wrong-pass' } })).status).toBe(400);
    }
    const blocked = await call(deps, 'auth.login', { body: { email: staff.user.email, password: staff.password } });
    expect(blocked).toMatchObject({ status: 429, body: { errors: [{ msg: 'Too many failed attempts. Wait 2 seconds and try again.', code: 'RATE_LIMITED' }], retry_after: 2 } });
    const elsewhere = await call(deps, 'auth.login', { body: { email: staff.user.email, password: staff.password }, headers: { [VIEWER_ADDRESS_HEADER]: '198.51.100.9:5000' } });
    expect(elsewhere.status).toBe(200);
  });
});
