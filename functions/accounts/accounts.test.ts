import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_CREDENTIALS } from '../../local/simulators/couriers';
import { call, seedAccount, seedShop, type CallResult } from '../test-support/harness';
import { openCredentials } from '../domain/accounts/credentials';
import { makeWorld, type World } from '../test-support/world';

let world: World;
beforeAll(async () => { world = await makeWorld(); });
afterAll(async () => { await world?.stop(); });

/** Every credential value of the demo sets: none may ever appear in an answer. */
const secretValues = Object.values(DEMO_CREDENTIALS).flatMap((c) =>
  Object.entries(c).filter(([k]) => !/^shipper_|address_code/.test(k)).map(([, v]) => String(v)));
const responses: CallResult[] = [];
const api = async (...args: Parameters<typeof call>) => {
  const res = await call(...args);
  responses.push(res);
  return res;
};

const bodyFor = (company: keyof typeof DEMO_CREDENTIALS, extra: Record<string, unknown> = {}) => {
  const creds = DEMO_CREDENTIALS[company] as Record<string, string>;
  const tcs = company === 'TCS' ? { shipper_city: 'Karachi' } : {};
  return { company, account_name: `${company} main`, weight: 500, is_default: 'No', city: 'Lahore', ...creds, ...tcs, ...extra };
};

describe('create account', () => {
  it.each(['LEOPARD', 'MNP', 'POSTEX', 'TCS'] as const)('checks %s credentials with the courier, then saves them sealed', async (company) => {
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const res = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor(company) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Account has been created', account: { company, name: `${company} main`, weight: 500, is_default: true, in_active: false } });
    expect(res.body.account.saved_credentials.length).toBeGreaterThan(0);
    const { Item } = await world.deps.db.send(new GetCommand({ TableName: world.deps.env.TABLE_NAME, Key: { pk: `SHOP#${shop.shop._id}`, sk: `ACCOUNT#${res.body.account._id}` } }));
    // shipper details are ordinary account data; every credential is sealed
    for (const [field, value] of Object.entries(DEMO_CREDENTIALS[company])) {
      if (!/^shipper_|^address_code$/.test(field)) expect(JSON.stringify(Item)).not.toContain(String(value));
    }
  });

  it('refuses credentials the courier does not accept, and says when the courier is down', async () => {
    const refused = await api(world.deps, 'accounts.create', { token: world.a.ownerToken, body: bodyFor('LEOPARD', { api_password: 'wrong-one' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'COURIER_REJECTED', param: 'credentials' });
    expect(refused.body.errors[0].msg).toMatch(/^The courier did not accept these credentials/);
    world.couriers.sims.POSTEX.control.failNext('http-500', 5);
    const down = await api(world.deps, 'accounts.create', { token: world.a.ownerToken, body: bodyFor('POSTEX') });
    world.couriers.sims.POSTEX.control.clearFaults();
    expect(down).toMatchObject({ status: 502, body: { errors: [{ msg: 'The courier did not answer. Please try again in a moment.', code: 'COURIER_UNAVAILABLE' }] } });
  });

  it("stores 0 for a weight left out (the store's default then applies) and keeps what an older account stored", async () => {
    // Prepare: a shop with one account from before 0 was allowed, stored at 100 g
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const older = await seedAccount(world.deps, shop.shop._id, { name: 'Older' });
    // Act
    const res = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('POSTEX', { weight: undefined }) });
    // Assess
    expect(res.body.account.weight).toBe(0);
    const { Item } = await world.deps.db.send(new GetCommand({ TableName: world.deps.env.TABLE_NAME, Key: { pk: `SHOP#${shop.shop._id}`, sk: `ACCOUNT#${res.body.account._id}` } }));
    expect(Item?.weight).toBe(0);
    const listed = (await api(world.deps, 'accounts.list', { token: shop.ownerToken })).body.accounts as { name: string; weight: number }[];
    expect(Object.fromEntries(listed.map((a) => [a.name, a.weight]))).toEqual({ Older: older.weight, 'POSTEX main': 0 });
    expect(older.weight).toBe(100);

    // a weight given, then taken back to the store's
    const id = res.body.account._id as string;
    expect((await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, weight: 750 } })).body.account.weight).toBe(750);
    expect((await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, weight: 0 } })).body.account.weight).toBe(0);
    expect((await world.deps.accounts.get(shop.shop._id, id))?.weight).toBe(0);
  });

  it('uses the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ account_name: 'x' }, 'Company is required'],
      [bodyFor('LEOPARD', { account_name: 'x'.repeat(31) }), 'Account name must be at most 30 characters'],
      [bodyFor('LEOPARD', { weight: 50001 }), 'Weight must be at most 50000'],
      [bodyFor('LEOPARD', { city: undefined }), 'Please add the pickup city'],
      [bodyFor('TCS', { shipper_city: undefined }), 'Please add the shipper city'],
      [bodyFor('TCS', { shipper_mobile: '' }), 'Shipper mobile is required'],
      [bodyFor('TCS', { shipper_mobile: '0300' }), 'Shipper mobile must be a Pakistani mobile number like 03001234567'],
      [bodyFor('POSTEX', { address_code: 'x'.repeat(51) }), 'Address code must be at most 50 characters'],
    ];
    for (const [body, msg] of cases) {
      const res = await api(world.deps, 'accounts.create', { token: world.a.ownerToken, body });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
    }
  });

  it('an empty shipper mobile is one error, "required", on create and on edit (not also "must be a mobile number")', async () => {
    const created = await api(world.deps, 'accounts.create', { token: world.a.ownerToken, body: bodyFor('TCS', { shipper_mobile: '' }) });
    expect(created.body.errors).toEqual([{ msg: 'Shipper mobile is required', code: 'VALIDATION_FAILED', param: 'shipper_mobile' }]);
    const spaces = await api(world.deps, 'accounts.create', { token: world.a.ownerToken, body: bodyFor('TCS', { shipper_mobile: '   ' }) });
    expect(spaces.body.errors).toEqual([{ msg: 'Shipper mobile is required', code: 'VALIDATION_FAILED', param: 'shipper_mobile' }]);
    const id = (await api(world.deps, 'accounts.create', { token: world.a.ownerToken, body: bodyFor('TCS') })).body.account._id;
    const edited = await api(world.deps, 'accounts.update', { token: world.a.ownerToken, body: { id, shipper_mobile: '' } });
    expect(edited.body.errors).toEqual([{ msg: 'Shipper mobile is required', code: 'VALIDATION_FAILED', param: 'shipper_mobile' }]);
  });
});

describe('defaults, activity and limits', () => {
  it('keeps exactly one default, and hides inactive accounts from booking', async () => {
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const first = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('LEOPARD', { account_name: 'First' }) });
    const second = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('POSTEX', { account_name: 'Second', is_default: 'Default' }) });
    let list = (await api(world.deps, 'accounts.list', { token: shop.ownerToken })).body.accounts as { name: string; is_default: boolean }[];
    expect(list.filter((a) => a.is_default).map((a) => a.name)).toEqual(['Second']);

    const edit = await api(world.deps, 'accounts.update', {
      token: shop.ownerToken,
      body: { id: first.body.account._id, name: 'First renamed', api_password: DEMO_CREDENTIALS.LEOPARD.api_password, activity: 'ACTIVE', is_default: true },
    });
    expect(edit.body).toMatchObject({ msg: 'Account updated', account: { name: 'First renamed', is_default: true } });
    list = (await api(world.deps, 'accounts.list', { token: shop.ownerToken })).body.accounts;
    expect(list.filter((a) => a.is_default).map((a) => a.name)).toEqual(['First renamed']);

    await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id: second.body.account._id, name: 'Second', address_code: '001', activity: 'IN_ACTIVE', is_default: false } });
    const active = await api(world.deps, 'accounts.active', { token: shop.ownerToken });
    expect(active.body.accounts.map((a: { name: string }) => a.name)).toEqual(['First renamed']);
    const table = await api(world.deps, 'accounts.table', { token: shop.ownerToken, query: { page: '1', limit: '1' } });
    expect(table.body.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2 });
  });

  it('edit keeps the saved credentials unless one is sent, and checks with the courier only when one changes', async () => {
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const created = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('MNP') });
    const id = created.body.account._id;
    const sim = world.couriers.sims.MNP.control;
    const before = sim.calls().length;
    const renamed = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, name: 'M&P Lahore', activity: 'ACTIVE', is_default: true } });
    expect(renamed.body).toMatchObject({ msg: 'Account updated', account: { name: 'M&P Lahore', is_default: true, saved_credentials: created.body.account.saved_credentials } });
    expect(sim.calls().length).toBe(before); // nothing changed with the courier: nothing asked
    const same = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, name: 'M&P Lahore', api_password: DEMO_CREDENTIALS.MNP.api_password, activity: 'ACTIVE', is_default: true } });
    expect(same.status).toBe(200);
    expect(sim.calls().length).toBe(before);

    const wrong = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, name: 'Renamed again', api_password: 'nope', activity: 'ACTIVE' } });
    expect(wrong.body.errors[0].msg).toMatch(/^The courier did not accept these credentials/);
    expect(sim.calls().length).toBeGreaterThan(before);
    // nothing of the refused edit was written, and the saved password still books
    expect((await api(world.deps, 'accounts.get', { token: shop.ownerToken, params: { id } })).body.account.name).toBe('M&P Lahore');
    const account = await world.deps.accounts.get(shop.shop._id, id);
    expect((await openCredentials(account!, world.deps)).api_password).toBe(DEMO_CREDENTIALS.MNP.api_password);

    const empty = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, name: 'M&P', api_password: '', activity: 'ACTIVE' } });
    expect(empty.body.errors[0]).toEqual({ msg: 'API password is required', code: 'VALIDATION_FAILED', param: 'api_password' });
  });

  it('what update-account is not sent stays: {id, name} keeps the default, activity and credentials', async () => {
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const created = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('LEOPARD', { account_name: 'Main', is_default: 'Default' }) });
    const id = created.body.account._id;
    const renamed = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, name: 'Main Lahore' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account).toMatchObject({ name: 'Main Lahore', is_default: true, in_active: false });
    const stored = (await api(world.deps, 'accounts.get', { token: shop.ownerToken, params: { id } })).body.account;
    expect(stored).toMatchObject({ name: 'Main Lahore', is_default: true, in_active: false, saved_credentials: created.body.account.saved_credentials });
    // and an explicit false still clears it
    const cleared = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id, is_default: false } });
    expect(cleared.body.account).toMatchObject({ name: 'Main Lahore', is_default: false });
  });

  it('an inactive account cannot be the default; the default is made inactive only with Default turned off in the same request', async () => {
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const first = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('LEOPARD', { account_name: 'First' }) });
    const second = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('POSTEX', { account_name: 'Second' }) });
    const refused = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id: second.body.account._id, name: 'Second', activity: 'IN_ACTIVE', is_default: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual({
      msg: 'An inactive account cannot be the default. Make it active, or choose another default account.', code: 'VALIDATION_FAILED', param: 'is_default',
    });
    let list = (await api(world.deps, 'accounts.list', { token: shop.ownerToken })).body.accounts as { name: string; is_default: boolean; in_active: boolean }[];
    expect(list.map((a) => [a.name, a.is_default, a.in_active])).toEqual(expect.arrayContaining([['First', true, false], ['Second', false, false]]));

    // the default is not made inactive behind the merchant's back: refused, nothing written
    const firstId = first.body.account._id;
    const deactivate = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id: firstId, name: 'First', activity: 'IN_ACTIVE' } });
    expect(deactivate.status).toBe(400);
    expect(deactivate.body.errors).toEqual([{
      msg: 'This is the default account, so it cannot be made inactive. Make another account the default first, or turn Default off.', code: 'VALIDATION_FAILED', param: 'activity',
    }]);
    list = (await api(world.deps, 'accounts.list', { token: shop.ownerToken })).body.accounts;
    expect(list.map((a) => [a.name, a.is_default, a.in_active])).toEqual(expect.arrayContaining([['First', true, false]]));
    // turning Default off in the same request is a choice: then it goes inactive and the shop has no default
    await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id: firstId, name: 'First', activity: 'IN_ACTIVE', is_default: false } });
    list = (await api(world.deps, 'accounts.list', { token: shop.ownerToken })).body.accounts;
    expect(list.filter((a) => a.is_default)).toEqual([]);

    // Set default from the list sends only the id: it keeps the name and activity, and an inactive account is refused
    const onlyDefault = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id: second.body.account._id, is_default: true } });
    expect(onlyDefault.body).toMatchObject({ msg: 'Account updated', account: { name: 'Second', in_active: false, is_default: true } });
    const inactive = await api(world.deps, 'accounts.update', { token: shop.ownerToken, body: { id: first.body.account._id, is_default: true } });
    expect(inactive.body.errors[0]).toMatchObject({ param: 'is_default', code: 'VALIDATION_FAILED' });
  });

  it('the free plan allows 10 tracking accounts, also under concurrent creates', async () => {
    const free = await seedShop(world.deps, { plan: 'FREE' });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      api(world.deps, 'accounts.create', { token: free.ownerToken, body: bodyFor('LEOPARD', { account_name: `Leopards ${i}` }) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toMatchObject({ status: 403, body: { errors: [{ code: 'PLAN_LIMIT_REACHED' }], plan_limit_error: true, message: 'Kindly upgrade your plan' } });
    }
  });

  it("lists the courier's own cities for an account", async () => {
    const shop = await seedShop(world.deps, { plan: 'MONTHLY' });
    const created = await api(world.deps, 'accounts.create', { token: shop.ownerToken, body: bodyFor('LEOPARD') });
    const res = await api(world.deps, 'accounts.cities', { token: shop.ownerToken, params: { tracking_account_id: created.body.account._id } });
    expect(res.body.cities).toContainEqual({ label: 'Lahore', value: '789' });
  });
});

it('no answer of this suite contains a saved credential', () => {
  expect(responses.length).toBeGreaterThan(20);
  const all = JSON.stringify(responses.map((r) => r.body));
  for (const secret of secretValues) expect(all).not.toContain(secret);
});
