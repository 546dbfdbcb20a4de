import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { call, seedShop, seedUser, testDeps, type SeededShop, type TestDeps } from '../../test-support/harness';
import { parseSessionToken } from '../../ground/tokens';
import { DynamoSessionRepo } from './session-repo';

let deps: TestDeps;
let seeded: SeededShop;
beforeAll(async () => {
  deps = await testDeps();
  seeded = await seedShop(deps);
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenParts = (token: string) => parseSessionToken(token)!;

/** The DynamoDB commands `fn` sends through the app's client, by name. */
async function commandsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = deps.db.send.bind(deps.db);
  const spy = vi.spyOn(deps.db, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
    sent.push(command.constructor.name);
    return original(command as never);
  }) as never);
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

describe('a signed-in request reads session, user and shop in one round trip (issue 11 item 8)', () => {
  it('GET /me sends one BatchGetItem and nothing else', async () => {
    let status = 0;
    const sent = await commandsOf(async () => { status = (await call(deps, 'auth.me', { token: seeded.ownerToken })).status; });
    expect(status).toBe(200);
    expect(sent).toEqual(['BatchGetCommand']);
  });

  it('returns the three records as stored', async () => {
    const { shopId, userId, tokenHash } = tokenParts(seeded.ownerToken);
    const found = await deps.sessions.getSignedIn(shopId, userId, tokenHash);
    expect(found?.user).toEqual(await deps.members.get(shopId, userId));
    expect(found?.shop).toEqual(await deps.shops.get(shopId));
    expect(found?.session).toEqual(await deps.sessions.get(shopId, userId, tokenHash));
    expect(found?.session).toMatchObject({ shopId, userId, tokenHash, kind: 'full' });
  });

  it('nothing when the session, the user or the shop is missing, or the session has expired', async () => {
    const { shopId, userId, tokenHash } = tokenParts(seeded.ownerToken);
    expect(await deps.sessions.getSignedIn(shopId, userId, 'f'.repeat(64))).toBeUndefined();
    const other = await seedShop(deps);
    // a session of another shop's user named under this shop: no user of that id here
    const otherParts = tokenParts(other.ownerToken);
    expect(await deps.sessions.getSignedIn(shopId, otherParts.userId, otherParts.tokenHash)).toBeUndefined();
    expect(await deps.sessions.getSignedIn('0'.repeat(24), userId, tokenHash)).toBeUndefined();
    const later = new DynamoSessionRepo(deps.db, deps.env.TABLE_NAME, () => nowSeconds() + 10 * 24 * 3600);
    expect(await later.getSignedIn(shopId, userId, tokenHash)).toBeUndefined();
  });

  it('a restricted user is refused with the one 401 though all three records are read', async () => {
    const staff = await seedUser(deps, seeded.shop._id, { scopes: ['READ_ORDERS'] });
    await deps.members.update(seeded.shop._id, staff.user._id, { is_active: false });
    const res = await call(deps, 'auth.me', { token: staff.token });
    expect(res).toMatchObject({ status: 401, body: { errors: [{ msg: 'Unauthorized', code: 'UNAUTHORIZED' }] } });
  });

  // DynamoDB Local never throttles; in AWS a BatchGetItem can answer part and hand back the rest
  it('asks again for keys DynamoDB left unprocessed', async () => {
    const { shopId, userId, tokenHash } = tokenParts(seeded.ownerToken);
    const batches: number[] = [];
    const partial = {
      send: async (command: BatchGetCommand) => {
        const [table, request] = Object.entries(command.input.RequestItems!)[0]!;
        const keys = request.Keys!;
        batches.push(keys.length);
        if (batches.length > 1) return deps.db.send(command);
        const answered = await deps.db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys.slice(0, 1) } } }));
        return { ...answered, UnprocessedKeys: { [table]: { Keys: keys.slice(1) } } };
      },
    } as unknown as DynamoDBDocumentClient;
    const repo = new DynamoSessionRepo(partial, deps.env.TABLE_NAME, nowSeconds);
    const found = await repo.getSignedIn(shopId, userId, tokenHash);
    expect(batches).toEqual([3, 2]);
    expect(found).toEqual(await deps.sessions.getSignedIn(shopId, userId, tokenHash));
  });
});
