import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { call, seedShop, seedUser, testDeps, type SeededShop } from '../test-support/harness';
import { linkParam } from '../test-support/mail-links';

type Deps = Awaited<ReturnType<typeof testDeps>>;
let deps: Deps;
let a: SeededShop;
let b: SeededShop;

beforeAll(async () => {
  deps = await testDeps();
  a = await seedShop(deps, { plan: 'MONTHLY', name: 'Anarkali Attire' });
  b = await seedShop(deps, { plan: 'MONTHLY', name: 'Bahadurabad Books' });
});

const invite = (token: string, email: string, extra: Record<string, unknown> = {}) => call(deps, 'users.create', {
  token, body: { first_name: 'Sana', last_name: 'Iqbal', email, password: 'invited-pass-1', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'], ...extra },
});
const login = (email: string, password: string, store?: string) => call(deps, 'auth.login', { body: { email, password, ...(store ? { store } : {}) } });

/** Opens the newest verification link mailed to `email`, as the person would. */
async function verify(email: string) {
  await deps.drainJobs();
  const token = linkParam(deps.mailbox.sent.filter((m) => m.to === email).at(-1), 'token');
  return call(deps, 'auth.verifyEmail', { body: { token } });
}

describe('an invitation claims nothing', () => {
  it('an admin inviting a store owner’s address blocks nothing and learns nothing', async () => {
    // shop B's admin squats an address nobody has yet, and one that is already shop A's owner's
    const victimDomain = `victim-${Date.now()}.myshopify.com`;
    const fresh = `owner@${victimDomain}`;
    const squat = await invite(b.ownerToken, fresh);
    const known = await invite(b.ownerToken, a.owner.email);
    expect(squat.status).toBe(200);
    expect(known.status).toBe(200);
    // the same answer either way: nothing says whether the address is someone's elsewhere
    const shape = (res: typeof squat) => ({ ...res.body, user: { ...res.body.user, _id: 'x', email: 'x', createdAt: 'x' } });
    expect(shape(squat)).toEqual(shape(known));
    // and the squatted address is still free: the real owner's store installs, and they sign in
    expect(await deps.people.findByEmail(fresh)).toBeUndefined();
    const victim = await seedShop(deps, { domain: victimDomain, name: 'Victim Store' });
    expect(victim.owner.email).toBe(fresh);
    expect((await login(fresh, victim.password)).status).toBe(200);
  });

  it('sign-in with the invited password says to verify first; a wrong one says nothing more', async () => {
    const email = `pending-${Date.now()}@example.pk`;
    await invite(a.ownerToken, email);
    expect((await login(email, 'invited-pass-1')).body.errors[0]).toEqual({ msg: 'Please verify your email before signing in', code: 'EMAIL_NOT_VERIFIED' });
    expect((await login(email, 'not-it-at-all')).body.errors[0]).toEqual({ msg: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' });
  });

  it('the same address twice in one store is refused; in two stores it is two invitations', async () => {
    const email = `twice-${Date.now()}@example.pk`;
    expect((await invite(a.ownerToken, email)).status).toBe(200);
    expect(await invite(a.ownerToken, email)).toMatchObject({ status: 409, body: { errors: [{ msg: 'This email is already in use', code: 'EMAIL_TAKEN', param: 'email' }] } });
    expect((await invite(b.ownerToken, email)).status).toBe(200);
    expect((await deps.people.invitationsOf(email)).map((ref) => ref.shopId).sort()).toEqual([a.shop._id, b.shop._id].sort());
  });
});

describe('one person in several stores', () => {
  it('a merchant’s second store: the same person owns both, and sign-in asks which store', async () => {
    const merchant = await seedShop(deps, { name: 'Clifton Candles' });
    const second = await seedShop(deps, { person: merchant.person, name: 'Defence Dates' });
    expect((await deps.people.get(merchant.person._id))?.membershipCount).toBe(2);
    const choose = await login(merchant.person.email, merchant.password);
    expect(choose.body).toEqual({
      auth_token: '', two_factor_await: false,
      stores: [{ domain: merchant.shop.domain, name: 'Clifton Candles' }, { domain: second.shop.domain, name: 'Defence Dates' }],
    });
    const signedIn = await login(merchant.person.email, merchant.password, second.shop.domain.toUpperCase());
    expect(signedIn.body.two_factor_await).toBe(false);
    const me = await call(deps, 'auth.me', { token: signedIn.body.auth_token });
    expect(me.body.data).toMatchObject({ _id: second.owner._id, role: 'ADMIN', is_owner: true, shop: { name: 'Defence Dates' } });
    // a store of someone else's is not on offer: the list comes back with a notice
    const other = await login(merchant.person.email, merchant.password, a.shop.domain);
    expect(other.body).toMatchObject({ auth_token: '', notice: `You have no access to ${a.shop.domain} with this account. Choose one of your stores.` });
    expect(other.body.stores).toHaveLength(2);
  });

  it('staff invited by a second store keep their password, and each store keeps its own role, scopes and restriction', async () => {
    const staff = await seedUser(deps, a.shop._id, { scopes: ['READ_ORDERS', 'BOOK_ORDERS'] });
    const invited = await invite(b.ownerToken, staff.user.email, { role: 'ADMIN', password: 'admin-chosen-1' });
    expect(invited.status).toBe(200);
    const opened = await verify(staff.user.email);
    expect(opened.body).toEqual({ msg: 'Email verified. Sign in with the password you already use for Dakiya.', existing_account: true });
    // the password B's admin typed is not theirs: only the person's own works
    expect((await login(staff.user.email, 'admin-chosen-1')).body.errors[0].code).toBe('INVALID_CREDENTIALS');
    const inA = await login(staff.user.email, staff.password, a.shop.domain);
    const inB = await login(staff.user.email, staff.password, b.shop.domain);
    const meA = (await call(deps, 'auth.me', { token: inA.body.auth_token })).body.data;
    const meB = (await call(deps, 'auth.me', { token: inB.body.auth_token })).body.data;
    expect(meA).toMatchObject({ role: 'USER', access_scopes: ['READ_ORDERS', 'BOOK_ORDERS'], shop: { domain: a.shop.domain } });
    expect(meB).toMatchObject({ role: 'ADMIN', shop: { domain: b.shop.domain } });
    expect(meA._id).not.toBe(meB._id);

    // B restricts them: B is closed, A is not
    const bMember = invited.body.user._id as string;
    await call(deps, 'users.edit', { token: b.ownerToken, params: { id: bMember }, body: { first_name: 'Sana', last_name: 'Iqbal', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'] } });
    await call(deps, 'users.restrict', { token: b.ownerToken, body: { id: bMember } });
    expect((await call(deps, 'auth.me', { token: inB.body.auth_token })).status).toBe(401);
    expect((await call(deps, 'auth.me', { token: inA.body.auth_token })).status).toBe(200);
    expect((await login(staff.user.email, staff.password, b.shop.domain)).body.errors[0].code).toBe('USER_RESTRICTED');
    // with one store left open there is nothing to choose
    const only = await login(staff.user.email, staff.password);
    expect((await call(deps, 'auth.me', { token: only.body.auth_token })).body.data.shop.domain).toBe(a.shop.domain);
  });

  it('an admin of one store cannot change the sign-in a person shares with another store', async () => {
    const shared = await seedUser(deps, a.shop._id);
    const inB = await seedUser(deps, b.shop._id, { person: shared.person });
    const refused = (what: string) => ({ msg: `This person also signs in to another store with this account, so only they can change its ${what}.`, code: 'VALIDATION_FAILED' });
    expect((await call(deps, 'users.setPassword', { token: b.ownerToken, params: { id: inB.user._id }, body: { password: 'taken-over-1', logoutFromAllDevices: true } })).body.errors[0]).toEqual(refused('password'));
    expect((await call(deps, 'users.changeEmail', { token: b.ownerToken, params: { id: inB.user._id }, body: { email: 'attacker@example.pk' } })).body.errors[0]).toEqual(refused('email'));
    expect((await login(shared.user.email, shared.password, a.shop.domain)).status).toBe(200);
    // a person only this store has is still the admin's to help
    const own = await seedUser(deps, b.shop._id);
    expect((await call(deps, 'users.setPassword', { token: b.ownerToken, params: { id: own.user._id }, body: { password: 'helped-pass-1', logoutFromAllDevices: false } })).body).toEqual({ msg: 'Password has been changed' });
  });

  it('the person’s own password change and two-factor reach every store', async () => {
    const staff = await seedUser(deps, a.shop._id);
    await seedUser(deps, b.shop._id, { person: staff.person });
    const inB = (await login(staff.user.email, staff.password, b.shop.domain)).body.auth_token;
    const changed = await call(deps, 'profile.changePassword', {
      token: staff.token, body: { current_password: staff.password, new_password: 'moved-on-pass-2', confirm_password: 'moved-on-pass-2' },
    });
    expect(changed.body).toEqual({ msg: 'Password has been changed' });
    expect((await call(deps, 'auth.me', { token: inB })).status).toBe(401);
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(200);

    const secret = (await call(deps, 'profile.qrCode', { token: staff.token })).body.secret as string;
    const on = await call(deps, 'profile.verifyQrCode', { token: staff.token, body: { code: await generate({ secret }), password: 'moved-on-pass-2' } });
    expect(on.status).toBe(200);
    const pendingB = await login(staff.user.email, 'moved-on-pass-2', b.shop.domain);
    expect(pendingB.body.two_factor_await).toBe(true);
    const list = await call(deps, 'users.list', { token: b.ownerToken, query: { page: '1', limit: '250' } });
    expect(list.body.childrenAccounts.find((u: { email: string }) => u.email === staff.user.email).two_factor_enabled).toBe(true);
    // and an admin of either store cannot take it off a person the other store shares
    const memberInB = list.body.childrenAccounts.find((u: { email: string }) => u.email === staff.user.email)._id as string;
    expect((await call(deps, 'users.resetTwoFactor', { token: b.ownerToken, params: { id: memberInB } })).body.errors[0].msg)
      .toBe('This person also signs in to another store with this account, so only they can change its two-factor.');
  });

  it('leaving one store keeps the others; leaving the last frees the address', async () => {
    const staff = await seedUser(deps, a.shop._id);
    const inB = await seedUser(deps, b.shop._id, { person: staff.person });
    expect((await call(deps, 'users.delete', { token: b.ownerToken, params: { id: inB.user._id } })).body).toEqual({ msg: 'User deleted' });
    expect((await deps.people.get(staff.person!._id))?.membershipCount).toBe(1);
    expect((await login(staff.user.email, staff.password)).status).toBe(200);
    expect((await call(deps, 'users.delete', { token: a.ownerToken, params: { id: staff.user._id } })).body).toEqual({ msg: 'User deleted' });
    expect(await deps.people.findByEmail(staff.user.email)).toBeUndefined();
    expect((await login(staff.user.email, staff.password)).body.errors[0].code).toBe('INVALID_CREDENTIALS');
  });

  it('two stores’ invitations to a new address opened at once make one person in both', async () => {
    const email = `race-${Date.now()}@example.pk`;
    await invite(a.ownerToken, email);
    await invite(b.ownerToken, email);
    await deps.drainJobs();
    const tokens = deps.mailbox.sent.filter((m) => m.to === email).map((m) => linkParam(m, 'token'));
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map((token) => call(deps, 'auth.verifyEmail', { body: { token } })));
    expect(opened.map((r) => r.status)).toEqual([200, 200]);
    const person = await deps.people.findByEmail(email);
    expect(person?.membershipCount).toBe(2);
    expect((await deps.people.shopsOf(person!._id)).map((ref) => ref.shopId).sort()).toEqual([a.shop._id, b.shop._id].sort());
    // a link opened twice does nothing the second time
    expect((await call(deps, 'auth.verifyEmail', { body: { token: tokens[0]! } })).status).toBe(400);
  });

  it('shop/redact of one store keeps a person another store shares, and erases one it alone had', async () => {
    const doomed = await seedShop(deps, { name: 'Gone Soon' });
    const shared = await seedUser(deps, a.shop._id);
    await seedUser(deps, doomed.shop._id, { person: shared.person });
    const only = await seedUser(deps, doomed.shop._id);
    const ref = { shopId: doomed.shop._id, domain: doomed.shop.domain };
    for (let done = false; !done;) ({ done } = await deps.shops.erasePage(ref, 2, deps.now()));
    expect((await deps.people.get(shared.person!._id))?.membershipCount).toBe(1);
    expect(await deps.people.findByEmail(only.user.email)).toBeUndefined();
    expect(await deps.people.findByEmail(doomed.owner.email)).toBeUndefined();
    expect((await login(shared.user.email, shared.password)).status).toBe(200);
  });
});
