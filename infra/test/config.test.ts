import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { configFromContext } from '../lib/config';

const base = { stage: 'dev', supportEmail: 'support@dakiya.pk', shopifyApiVersion: '2026-07' };
const read = (context: Record<string, unknown>) => configFromContext(new App({ context }).node);

describe('configFromContext', () => {
  it('reads cdk.json-style context with defaults', () => {
    const config = read(base);
    expect(config).toMatchObject({
      stage: 'dev',
      supportEmail: 'support@dakiya.pk',
      mailFrom: 'Dakiya <no-reply@dakiya.pk>',
      mailDomain: 'dakiya.pk',
      shopifyApiVersion: '2026-07',
      logRetention: RetentionDays.ONE_MONTH,
      logLevel: 'INFO',
      apiRateLimit: 50,
      apiBurstLimit: 100,
    });
    expect(config.domainName).toBeUndefined();
    expect(config.shopifyClientSecretName).toBeUndefined();
  });

  it('warns (does not fail) when the Shopify client id is missing', () => {
    expect(read(base).warnings).toEqual([expect.stringContaining('shopifyClientId')]);
    expect(read({ ...base, shopifyClientId: 'abc' })).toMatchObject({ shopifyClientId: 'abc', warnings: [] });
  });

  it('takes -c strings for numbers and a sender of its own', () => {
    const config = read({
      ...base,
      logRetentionDays: '90',
      apiRateLimit: '20',
      mailFrom: 'Dakiya <mail@notify.dakiya.pk>',
      logLevel: 'debug',
    });
    expect(config).toMatchObject({
      logRetention: RetentionDays.THREE_MONTHS,
      apiRateLimit: 20,
      mailDomain: 'notify.dakiya.pk',
      logLevel: 'DEBUG',
    });
  });

  it('refuses missing or malformed values with the key in the message', () => {
    expect(() => read({ ...base, stage: undefined })).toThrow(/"stage"/);
    expect(() => read({ ...base, stage: 'Prod!' })).toThrow(/"stage"/);
    expect(() => read({ ...base, supportEmail: 'nope' })).toThrow(/"supportEmail"/);
    expect(() => read({ ...base, logRetentionDays: '31' })).toThrow(/"logRetentionDays"/);
    expect(() => read({ ...base, apiRateLimit: '-1' })).toThrow(/"apiRateLimit"/);
    expect(() => read({ ...base, domainName: 'app.dakiya.pk' })).toThrow(/certificateArn/);
  });
});
