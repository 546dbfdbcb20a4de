import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_CREDENTIALS, startCourierSims, type CourierSims } from '../../local/simulators/couriers';
import { call, seedAccount, seedShop, testDeps, type TestDeps } from '../test-support/harness';
import { accountsOf } from '../domain/accounts/directory';
import { keys } from '../adapters/dynamo/keys';
import type { AccountRecord } from '../domain/records';

/**
 * The shop item's directory of its tracking accounts on DynamoDB Local: written with every account
 * write, and filled once for a shop from before it. Each shop below is its own, so nothing else moves
 * its directory.
 */
let deps: TestDeps;
let couriers: CourierSims;
/** Queries of a shop's accounts since the last reset. */
let accountReads = 0;

beforeAll(async () => {
  couriers = await startCourierSims();
  deps = await testDeps({}, { COURIER_BASE_URLS: JSON.stringify(couriers.urls), COURIER_TIMEOUT_MS: '3000' });
  deps.db.middlewareStack.add((next) => async (args) => {
    const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues ?? {};
    if (values[':prefix'] === 'ACCOUNT#') accountReads++;
    return next(args);
  }, { step: 'initialize', name: 'countAccountReads' });
}, 60_000);
afterAll(async () => { await couriers?.stop(); });

const directoryOf = async (shopId: string) => (await deps.shops.get(shopId))!.accountDirectory;
const bodyFor = (company: 'LEOPARD' | 'POSTEX') => ({ company, account_name: `${company} main`, weight: 500, is_default: 'No', city: 'Lahore', ...DEMO_CREDENTIALS[company] });
/** A shop as it was before the directory: its item has none. */
const withoutDirectory = (shopId: string) => deps.db.send(new UpdateCommand({ TableName: deps.env.TABLE_NAME, Key: keys.shop(shopId), UpdateExpression: 'REMOVE accountDirectory' }));

describe("the shop's account directory", () => {
  it('follows create, deactivate and restore, and a failed save leaves it unchanged', async () => {
    const { shop, ownerToken } = await seedShop(deps, { plan: 'FREE' });
    expect(await directoryOf(shop._id)).toEqual({});
    const leopard = await call(deps, 'accounts.create', { token: ownerToken, body: bodyFor('LEOPARD') });
    const postex = await call(deps, 'accounts.create', { token: ownerToken, body: bodyFor('POSTEX') });
    expect([leopard.status, postex.status]).toEqual([200, 200]);
    const [l, p] = [leopard.body.account._id as string, postex.body.account._id as string];
    const both = { [l]: { company: 'LEOPARD', active: true }, [p]: { company: 'POSTEX', active: true } };
    expect(await directoryOf(shop._id)).toEqual(both);

    const off = await call(deps, 'accounts.update', { token: ownerToken, body: { id: p, activity: 'IN_ACTIVE' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await directoryOf(shop._id)).toEqual({ ...both, [p]: { company: 'POSTEX', active: false } });
    const on = await call(deps, 'accounts.update', { token: ownerToken, body: { id: p, activity: 'ACTIVE' } });
    expect(on.status).toBe(200);
    expect(await directoryOf(shop._id)).toEqual(both);

    // a move to FREE pauses accounts through the same write, and a reactivation restores them
    const account = (await deps.accounts.get(shop._id, p))!;
    await deps.accounts.setActivity(account, { in_active: true, updatedAt: deps.now().toISOString() });
    expect((await directoryOf(shop._id))![p]).toEqual({ company: 'POSTEX', active: false });
    await deps.accounts.setActivity(account, { in_active: false, updatedAt: deps.now().toISOString() });
    expect(await directoryOf(shop._id)).toEqual(both);

    // refused saves: over the plan's limit, and an id already taken (under another courier); neither touches the directory
    const again: AccountRecord = { ...account, company: 'TCS', _id: l };
    await expect(deps.accounts.createCounted({ ...account, _id: 'f'.repeat(24) }, 2)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    await expect(deps.accounts.createCounted(again, undefined)).rejects.toThrow(/already exists/);
    const refused = await call(deps, 'accounts.create', { token: ownerToken, body: { ...bodyFor('LEOPARD'), api_password: 'wrong-one' } });
    expect(refused.status).toBe(400);
    expect(await directoryOf(shop._id)).toEqual(both);
    expect((await deps.accounts.listOfShop(shop._id)).map((a) => a._id).sort()).toEqual([l, p].sort());
  });

  it('a shop from before it reads its accounts once and writes the directory, unless an account was written since its record was read', async () => {
    const { shop } = await seedShop(deps);
    await withoutDirectory(shop._id);
    // an account written to such a shop only bumps its version
    const leopard = await seedAccount(deps, shop._id, { company: 'LEOPARD' });
    const paused = await seedAccount(deps, shop._id, { company: 'POSTEX', inactive: true });
    const stale = (await deps.shops.get(shop._id))!;
    expect(stale).toMatchObject({ accountsVersion: 2 });
    expect(stale.accountDirectory).toBeUndefined();

    const tcs = await seedAccount(deps, shop._id, { company: 'TCS' });
    accountReads = 0;
    const listed = [
      { accountId: leopard._id, company: 'LEOPARD', active: true }, { accountId: paused._id, company: 'POSTEX', active: false }, { accountId: tcs._id, company: 'TCS', active: true },
    ].sort((a, b) => a.accountId.localeCompare(b.accountId));
    // read with a record from before the TCS account: the answer is right, but the directory is not written
    expect(await accountsOf(stale, deps)).toEqual(listed);
    expect(await directoryOf(shop._id)).toBeUndefined();

    const fresh = (await deps.shops.get(shop._id))!;
    expect(await accountsOf(fresh, deps)).toEqual(listed);
    expect(accountReads).toBe(2);
    const filled = (await deps.shops.get(shop._id))!;
    expect(filled.accountDirectory).toEqual(Object.fromEntries(listed.map(({ accountId, ...entry }) => [accountId, entry])));
    expect(await accountsOf(filled, deps)).toEqual(listed);
    expect(accountReads).toBe(2);

    // later writes go into the directory
    const mnp = await seedAccount(deps, shop._id, { company: 'MNP' });
    expect((await directoryOf(shop._id))![mnp._id]).toEqual({ company: 'MNP', active: true });
  });
});
