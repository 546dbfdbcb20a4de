import { beforeAll, describe, expect, it } from 'vitest';
import { call, seedShop, seedUser, testDeps, type SeededShop } from '../test-support/harness';
import { linkParam } from '../test-support/mail-links';

type Deps = Awaited<ReturnType<typeof testDeps>>;
let deps: Deps;
let paid: SeededShop;

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Sana', last_name: 'Iqbal', email, password: 'staff-pass-123', tag: 'packer', role: 'USER', access_scopes: ['READ_ORDERS'], ...extra,
});

beforeAll(async () => {
  deps = await testDeps();
  paid = await seedShop(deps, { plan: 'MONTHLY' });
});

describe('create user and verify by email', () => {
  it('creates an unverified user, emails a link that verifies once, then the user signs in', async () => {
    const created = await call(deps, 'users.create', { token: paid.ownerToken, body: newUser('sana@example.pk') });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ msg: 'User created', user: { email: 'sana@example.pk', is_verified_user: false, is_active: true, role: 'USER', access_scopes: ['READ_ORDERS'] } });
    const login = () => call(deps, 'auth.login', { body: { email: 'sana@example.pk', password: 'staff-pass-123' } });
    expect((await login()).body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');

    await deps.drainJobs();
    const mail = deps.mailbox.sent.find((m) => m.to === 'sana@example.pk');
    expect(mail?.subject).toBe('Verify your email for Dakiya');
    const token = linkParam(mail, 'token');
    expect(await call(deps, 'auth.verifyEmail', { body: { token } })).toMatchObject({ status: 200, body: { msg: 'Email verified' } });
    expect((await call(deps, 'auth.verifyEmail', { body: { token } })).body.errors[0].msg).toBe('This verification link is not valid or has expired');
    expect((await login()).status).toBe(200);
  });

  it('uses the spec messages', async () => {
    const noScope = await call(deps, 'users.create', { token: paid.ownerToken, body: newUser('a1@example.pk', { access_scopes: [] }) });
    expect(noScope.body.errors[0]).toEqual({ msg: 'Atleast one access scope is required', code: 'VALIDATION_FAILED', param: 'access_scopes' });
    const long = await call(deps, 'users.create', { token: paid.ownerToken, body: newUser('a2@example.pk', { first_name: 'x'.repeat(21), tag: 'y'.repeat(11) }) });
    expect(long.body.errors).toEqual([
      { msg: 'First name must be at most 20 characters', code: 'VALIDATION_FAILED', param: 'first_name' },
      { msg: 'Tag must be at most 10 characters', code: 'VALIDATION_FAILED', param: 'tag' },
    ]);
    const taken = await call(deps, 'users.create', { token: paid.ownerToken, body: newUser(paid.owner.email) });
    expect(taken).toMatchObject({ status: 409, body: { errors: [{ msg: 'This email is already in use', code: 'EMAIL_TAKEN', param: 'email' }] } });
  });
});

it('a user is created even when the verification email cannot be queued, and the answer says so', async () => {
  const failing = { enqueue: async () => { throw new Error('DynamoDB is down'); } };
  const broken = Object.assign(Object.create(Object.getPrototypeOf(deps)), deps, { jobs: failing });
  const res = await call(broken, 'users.create', { token: paid.ownerToken, body: newUser('mailless@example.pk') });
  expect(res.status).toBe(200);
  expect(res.body.msg).toBe('User created, but the verification email could not be sent. Use Send verification email to try again.');
  const list = await call(deps, 'users.list', { token: paid.ownerToken, query: { page: '1', limit: '250' } });
  expect(list.body.childrenAccounts.find((u: { email: string }) => u.email === 'mailless@example.pk')?.is_verified_user).toBe(false);
});

describe('free plan: 10 user accounts', () => {
  it('refuses the 11th with plan_limit_error, and a deletion frees a place', async () => {
    const free = await seedShop(deps, { plan: 'FREE' });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(deps, 'users.create', { token: free.ownerToken, body: newUser(`free${i}-${free.shop._id}@example.pk`) });
      expect(res.status).toBe(200);
      ids.push(res.body.user._id);
    }
    const eleventh = await call(deps, 'users.create', { token: free.ownerToken, body: newUser(`free10-${free.shop._id}@example.pk`) });
    expect(eleventh).toMatchObject({
      status: 403,
      body: { errors: [{ msg: 'Kindly upgrade your plan', code: 'PLAN_LIMIT_REACHED' }], plan_limit_error: true, message: 'Kindly upgrade your plan' },
    });
    expect(await deps.people.invitationsOf(`free10-${free.shop._id}@example.pk`)).toEqual([]);
    expect((await call(deps, 'users.delete', { token: free.ownerToken, params: { id: ids[0]! } })).body).toEqual({ msg: 'User deleted' });
    expect((await call(deps, 'users.create', { token: free.ownerToken, body: newUser(`free11-${free.shop._id}@example.pk`) })).status).toBe(200);
  });

  it('lets exactly 10 of 14 concurrent creates through', async () => {
    const free = await seedShop(deps, { plan: 'FREE' });
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) =>
      call(deps, 'users.create', { token: free.ownerToken, body: newUser(`race${i}-${free.shop._id}@example.pk`) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 403).every((r) => r.body.plan_limit_error === true)).toBe(true);
    const list = await call(deps, 'users.list', { token: free.ownerToken, query: { page: '1', limit: '50' } });
    expect(list.body.pagination.total).toBe(11); // the owner and ten staff
  });
});

describe('managing a staff user', () => {
  it('restricting ends their sessions and sign-in; unrestricting lets them back', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const first = await call(deps, 'users.restrict', { token: paid.ownerToken, body: { id: staff.user._id } });
    expect(first.body).toMatchObject({ msg: 'User has been restricted', user: { is_active: false } });
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(401);
    const login = await call(deps, 'auth.login', { body: { email: staff.user.email, password: staff.password } });
    expect(login.body.errors[0].code).toBe('USER_RESTRICTED');
    const second = await call(deps, 'users.restrict', { token: paid.ownerToken, body: { id: staff.user._id } });
    expect(second.body).toMatchObject({ msg: 'User has been unrestricted', user: { is_active: true } });
    expect((await call(deps, 'auth.login', { body: { email: staff.user.email, password: staff.password } })).status).toBe(200);
  });

  it('only USER rows can be restricted, and an ADMIN email cannot change', async () => {
    const admin = await seedUser(deps, paid.shop._id, { role: 'ADMIN' });
    expect((await call(deps, 'users.restrict', { token: paid.ownerToken, body: { id: admin.user._id } })).body.errors[0].msg)
      .toBe('Only users with role USER can be restricted');
    expect((await call(deps, 'users.changeEmail', { token: paid.ownerToken, params: { id: admin.user._id }, body: { email: 'x@example.pk' } })).body.errors[0].msg)
      .toBe("An admin's email cannot be changed");
  });

  it('a USER edit needs a scope; names and tag obey the edit limits', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const noScope = await call(deps, 'users.edit', {
      token: paid.ownerToken, params: { id: staff.user._id }, body: { first_name: 'A', last_name: 'B', tag: 't', access_scopes: [] },
    });
    expect(noScope.body.errors[0]).toEqual({ msg: 'At lease one scope should be assigned to update user', code: 'VALIDATION_FAILED', param: 'access_scopes' });
    const ok = await call(deps, 'users.edit', {
      token: paid.ownerToken, params: { id: staff.user._id }, body: { first_name: 'x'.repeat(30), last_name: 'Khan', tag: 'rider', access_scopes: ['READ_ACCOUNTS'] },
    });
    expect(ok.body).toMatchObject({ msg: 'User updated', user: { first_name: 'x'.repeat(30), tag: 'rider', access_scopes: ['READ_ACCOUNTS'] } });
    expect((await call(deps, 'users.get', { token: paid.ownerToken, params: { id: staff.user._id } })).body.user.tag).toBe('rider');
  });

  it('links mailed to the old address stop working after an email change', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    await call(deps, 'auth.resetPin', { body: { email: staff.user.email } });
    await deps.drainJobs();
    const hash = linkParam(deps.mailbox.sent.filter((m) => m.to === staff.user.email).at(-1), 'hash');
    await call(deps, 'users.changeEmail', { token: paid.ownerToken, params: { id: staff.user._id }, body: { email: `moved-${staff.user._id}@example.pk` } });
    const body = { password: 'hijack-pass-1', confirm_password: 'hijack-pass-1' };
    expect((await call(deps, 'auth.resetPassword', { query: { hash }, body })).body.errors[0].msg).toBe('This reset link is not valid or has expired');
  });

  it('an odd query value cannot open the ADMIN list without a session', async () => {
    for (const page of ['__proto__', 'constructor', 'toString']) {
      expect((await call(deps, 'users.list', { query: { page } })).status).toBe(401);
    }
  });

  it('changing the email needs a new verification and ends sessions', async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const res = await call(deps, 'users.changeEmail', { token: paid.ownerToken, params: { id: staff.user._id }, body: { email: 'Moved@Example.pk' } });
    expect(res.body).toMatchObject({ msg: 'Email updated', user: { email: 'moved@example.pk', is_verified_user: false } });
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(401);
    // the old address is free (the person behind it had no other store); the new one is claimed only once verified
    expect(await deps.people.findByEmail(staff.user.email)).toBeUndefined();
    expect(await deps.people.findByEmail('moved@example.pk')).toBeUndefined();
    expect(await deps.people.invitationsOf('moved@example.pk')).toEqual([{ shopId: paid.shop._id, userId: staff.user._id }]);
  });

  it("an admin sets a user's password and logs them out everywhere", async () => {
    const staff = await seedUser(deps, paid.shop._id);
    const res = await call(deps, 'users.setPassword', { token: paid.ownerToken, params: { id: staff.user._id }, body: { password: 'brand-new-pass', logoutFromAllDevices: true } });
    expect(res.body).toEqual({ msg: 'Password has been changed' });
    expect((await call(deps, 'auth.me', { token: staff.token })).status).toBe(401);
    expect((await call(deps, 'auth.login', { body: { email: staff.user.email, password: 'brand-new-pass' } })).status).toBe(200);
  });

  it("only the owner changes the owner's name and details, and the owner stays an ADMIN", async () => {
    const admin = await seedUser(deps, paid.shop._id, { role: 'ADMIN' });
    const rename = { first_name: 'Someone', last_name: 'Else', tag: 'owner' };
    const byAdmin = await call(deps, 'users.edit', { token: admin.token, params: { id: paid.owner._id }, body: rename });
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body.errors[0]).toEqual({ msg: "The store owner's account cannot be edited by another user", code: 'VALIDATION_FAILED' });
    expect((await call(deps, 'users.get', { token: paid.ownerToken, params: { id: paid.owner._id } })).body.user).toMatchObject({
      first_name: paid.owner.first_name, is_owner: true, role: 'ADMIN',
    });
    const demote = await call(deps, 'users.edit', { token: paid.ownerToken, params: { id: paid.owner._id }, body: { ...rename, role: 'USER', access_scopes: ['READ_ORDERS'] } });
    expect(demote.body.errors[0]).toEqual({ msg: 'The store owner stays an ADMIN', code: 'VALIDATION_FAILED', param: 'role' });
    const own = await call(deps, 'users.edit', { token: paid.ownerToken, params: { id: paid.owner._id }, body: { first_name: 'Ayesha', last_name: 'Malik', tag: 'owner' } });
    expect(own.body).toMatchObject({ msg: 'User updated', user: { first_name: 'Ayesha', last_name: 'Malik', role: 'ADMIN', is_owner: true } });
    // another admin is not the owner
    expect((await call(deps, 'users.get', { token: paid.ownerToken, params: { id: admin.user._id } })).body.user.is_owner).toBe(false);
  });

  it('the owner cannot be deleted by another admin, nor anyone delete themselves', async () => {
    const admin = await seedUser(deps, paid.shop._id, { role: 'ADMIN' });
    const owner = await call(deps, 'users.delete', { token: admin.token, params: { id: paid.owner._id } });
    expect(owner.body.errors[0].msg).toBe("The store owner's account cannot be deleted by another user");
    const self = await call(deps, 'users.delete', { token: admin.token, params: { id: admin.user._id } });
    expect(self.body.errors[0].msg).toBe('You cannot delete your own account');
  });

  it('the light list for order filters is open to READ_ORDERS; the full list is ADMIN only', async () => {
    const reader = await seedUser(deps, paid.shop._id, { scopes: ['READ_ORDERS'] });
    const light = await call(deps, 'users.list', { token: reader.token, query: { page: 'orders' } });
    expect(light.status).toBe(200);
    expect(Object.keys(light.body.users[0]).sort()).toEqual(['_id', 'first_name', 'last_name', 'tag']);
    expect((await call(deps, 'users.list', { token: reader.token, query: { page: '1' } })).body.errors[0].code).toBe('ADMIN_ONLY');
    const page = await call(deps, 'users.list', { token: paid.ownerToken, query: { page: '2', limit: '2' } });
    expect(page.body.childrenAccounts).toHaveLength(2);
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 2 });
  });
});
