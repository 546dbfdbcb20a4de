import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { INDEXES } from '../../functions/adapters/dynamo/table';
import { configFromContext } from '../lib/config';

const base = { stage: 'dev', supportEmail: 'support@dakiya.pk', shopifyApiVersion: '2026-07' };
const read = (context: Record<string, unknown>, account?: string) => configFromContext(new App({ context }).node, { account });
const prod = {
  ...base,
  stage: 'prod',
  domainName: 'app.dakiya.pk',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc-123',
  alarmEmail: 'ops@dakiya.pk',
  shopifyClientId: 'abc123',
};

describe('configFromContext', () => {
  it('reads cdk.json-style context with defaults', () => {
    const config = read(base);
    expect(config).toMatchObject({
      stage: 'dev',
      region: 'ap-south-1',
      production: false,
      supportEmail: 'support@dakiya.pk',
      mailFrom: 'Dakiya <no-reply@dakiya.pk>',
      mailDomain: 'dakiya.pk',
      shopifyApiVersion: '2026-07',
      waf: true,
      monthlyBudgetUsd: 50,
      apiLatencyAlarmMs: 3000,
      reserveConcurrency: false,
      accountConcurrency: 1000,
      tableIndexes: INDEXES.map((i) => i.name),
      logRetention: RetentionDays.ONE_MONTH,
      logLevel: 'INFO',
      apiRateLimit: 50,
      apiBurstLimit: 100,
    });
    expect(config.domainName).toBeUndefined();
    expect(config.account).toBeUndefined();
    expect(config.alarmEmail).toBeUndefined();
    expect(config.shopifyClientSecretName).toBeUndefined();
  });

  it('warns (does not fail) when the Shopify client id or the alarm email is missing outside production', () => {
    expect(read(base).warnings).toEqual([expect.stringContaining('shopifyClientId'), expect.stringContaining('alarmEmail')]);
    expect(read({ ...base, shopifyClientId: 'abc', alarmEmail: 'ops@dakiya.pk' })).toMatchObject({ shopifyClientId: 'abc', warnings: [] });
  });

  it('takes -c strings for numbers and flags, and a sender of its own', () => {
    const config = read({
      ...base,
      logRetentionDays: '90',
      apiRateLimit: '20',
      mailFrom: 'Dakiya <mail@notify.dakiya.pk>',
      logLevel: 'debug',
      waf: 'false',
      reserveConcurrency: 'true',
      accountConcurrency: '2000',
      monthlyBudgetUsd: '0',
      region: 'me-central-1',
      account: '123456789012',
    });
    expect(config).toMatchObject({
      logRetention: RetentionDays.THREE_MONTHS,
      apiRateLimit: 20,
      mailDomain: 'notify.dakiya.pk',
      logLevel: 'DEBUG',
      waf: false,
      reserveConcurrency: true,
      accountConcurrency: 2000,
      monthlyBudgetUsd: 0,
      region: 'me-central-1',
      account: '123456789012',
    });
  });

  it('uses the credentials\' account unless context pins one', () => {
    expect(read(base, '999999999999').account).toBe('999999999999');
    expect(read({ ...base, account: '123456789012' }, '999999999999').account).toBe('123456789012');
  });

  it('treats stage prod as production: a custom domain (TLS 1.2+) and an alarm email are required', () => {
    expect(read(prod)).toMatchObject({ production: true, domainName: 'app.dakiya.pk' });
    expect(() => read({ ...prod, domainName: undefined, certificateArn: undefined })).toThrow(/production stage: it needs a custom domain/);
    expect(() => read({ ...prod, alarmEmail: undefined })).toThrow(/production stage: set -c alarmEmail/);
    expect(() => read({ ...prod, shopifyClientId: 'replace-with-your-shopify-client-id' })).toThrow(/production stage: set -c shopifyClientId/);
    expect(read({ ...base, shopifyClientId: 'replace-with-your-shopify-client-id' }).shopifyClientId).toBe('shopify-client-id-not-set');
    // any stage can opt in; prod opts out only when told so
    expect(() => read({ ...base, shopifyClientId: 'abc', production: 'true' })).toThrow(/custom domain/);
    expect(read({ ...prod, production: 'false', alarmEmail: undefined }).production).toBe(false);
  });

  it('refuses missing or malformed values with the key in the message', () => {
    expect(() => read({ ...base, stage: undefined })).toThrow(/"stage"/);
    expect(() => read({ ...base, stage: 'Prod!' })).toThrow(/"stage"/);
    expect(() => read({ ...base, supportEmail: 'nope' })).toThrow(/"supportEmail"/);
    expect(() => read({ ...base, logRetentionDays: '31' })).toThrow(/"logRetentionDays"/);
    expect(() => read({ ...base, apiRateLimit: '-1' })).toThrow(/"apiRateLimit"/);
    expect(() => read({ ...base, domainName: 'app.dakiya.pk' })).toThrow(/certificateArn/);
    expect(() => read({ ...base, domainName: 'a.pk', certificateArn: 'arn:aws:acm:ap-south-1:111111111111:certificate/x' })).toThrow(/us-east-1/);
    expect(() => read({ ...base, waf: 'yes' })).toThrow(/"waf" must be true or false/);
    expect(() => read({ ...base, region: 'mumbai' })).toThrow(/"region"/);
    expect(() => read({ ...base, account: '12' })).toThrow(/"account"/);
    expect(() => read({ ...base, alarmEmail: 'ops' })).toThrow(/"alarmEmail"/);
    expect(() => read({ ...base, tableIndexes: 'noSuchIndex' })).toThrow(/"tableIndexes" names "noSuchIndex"/);
  });
});
