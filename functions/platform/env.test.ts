import { describe, expect, it } from 'vitest';
import { buildDeps } from './deps';
import { parseEnv } from '../ground/env';
import { silentLog } from '../ground/log';

const base = { TABLE_NAME: 't', APP_URL: 'https://app.dakiya.pk', SHOPIFY_CLIENT_ID: 'id' };

describe('env', () => {
  it('a function that never talks to Shopify starts without the Shopify secret', async () => {
    const env = parseEnv(base);
    expect(env.SHOPIFY_SCOPES.split(',')).toContain('write_merchant_managed_fulfillment_orders');
    const deps = buildDeps(env, { log: silentLog });
    await expect(deps.shopifySecrets()).rejects.toThrow('this function has no Shopify client secret');
  });

  it('local mode gives the secret itself, with the previous one during a rotation', async () => {
    const deps = buildDeps(parseEnv({ ...base, SHOPIFY_CLIENT_SECRET: 'now', SHOPIFY_PREVIOUS_CLIENT_SECRET: 'before' }), { log: silentLog });
    expect(await deps.shopifySecrets()).toEqual(['now', 'before']);
  });

  it('courier base URLs arrive as JSON', () => {
    const env = parseEnv({ ...base, COURIER_BASE_URLS: JSON.stringify({ TCS: { api: 'http://127.0.0.1:1' } }) });
    expect(env.COURIER_BASE_URLS).toEqual({ TCS: { api: 'http://127.0.0.1:1' } });
  });
});
