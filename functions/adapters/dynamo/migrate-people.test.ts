import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { call, seedShop, testDeps } from '../../test-support/harness';
import { hashPassword } from '../../ground/passwords';
import { newId } from '../../ground/ids';
import { keys } from './keys';
import { migrateToPeople } from './migrate-people';

describe('a table from before people (local data kept on disk)', () => {
  it('becomes people and invitations: passwords and two-factor carry over, and sign-in works as before', async () => {
    const deps = await testDeps();
    const shop = await seedShop(deps, { plan: 'MONTHLY' });
    const table = deps.env.TABLE_NAME;
    const stamp = new Date().toISOString();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const oldUser = (email: string, verified: boolean, extra: Record<string, unknown> = {}) => ({
      _id: newId(), shopId: shop.shop._id, first_name: 'Old', last_name: 'Timer', email, phone: '', role: 'USER', tag: 'old',
      access_scopes: ['READ_ORDERS'], is_active: true, is_verified_user: verified, two_factor_enabled: false, createdAt: stamp, updatedAt: stamp, ...extra,
    });
    const verified = oldUser('old-verified@example.pk', true, {
      passwordHash: await hashPassword('old-pass-123'), two_factor_enabled: true, twoFactorSecret: await deps.secrets.encrypt(secret, shop.shop._id),
    });
    const pending = oldUser('old-pending@example.pk', false, { passwordHash: await hashPassword('old-pass-456') });
    for (const user of [verified, pending]) {
      await deps.db.send(new PutCommand({ TableName: table, Item: { ...keys.user(user.shopId, user._id), type: 'user', ...user } }));
      await deps.db.send(new PutCommand({ TableName: table, Item: { ...keys.emailClaim(user.email), type: 'email', shopId: user.shopId, userId: user._id } }));
    }

    expect(await migrateToPeople(deps.db, table, deps.secrets, deps.now)).toBe(2);
    // a second start does not scan again; and were it to, it would find nothing left to move
    expect(await migrateToPeople(deps.db, table, deps.secrets, deps.now)).toBe(0);
    await deps.db.send(new DeleteCommand({ TableName: table, Key: { pk: 'MIGRATION#people', sk: 'MIGRATION' } }));
    expect(await migrateToPeople(deps.db, table, deps.secrets, deps.now)).toBe(0);

    const login = await call(deps, 'auth.login', { body: { email: 'old-verified@example.pk', password: 'old-pass-123' } });
    expect(login.body.two_factor_await).toBe(true);
    const done = await call(deps, 'auth.verifyAuthenticator', { body: { code: await generate({ secret }), twoFactorToken: login.body.auth_token } });
    expect((await call(deps, 'auth.me', { token: done.body.auth_token })).body.data).toMatchObject({ _id: verified._id, two_factor_enabled: true });
    expect((await call(deps, 'auth.login', { body: { email: 'old-pending@example.pk', password: 'old-pass-456' } })).body.errors[0].code).toBe('EMAIL_NOT_VERIFIED');
    expect(await deps.people.findByEmail('old-pending@example.pk')).toBeUndefined();
  });
});
