import { beforeAll, describe, expect, it } from 'vitest';
import { call, testDeps, type TestDeps } from '../test-support/harness';

let deps: TestDeps;
beforeAll(async () => { deps = await testDeps({}, { SUPPORT_EMAIL: 'help@kapra-house.pk' }); });

describe('GET /app-config', () => {
  it("serves the deploy's support address to anyone, signed in or not", async () => {
    const res = await call(deps, 'system.appConfig');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ support_email: 'help@kapra-house.pk' });
  });

  it('falls back to support@dakiya.pk when the deploy sets none', async () => {
    const plain = await testDeps();
    expect((await call(plain, 'system.appConfig')).body).toEqual({ support_email: 'support@dakiya.pk' });
  });
});
