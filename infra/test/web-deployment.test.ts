import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPA_REWRITE } from '../lib/web';
import { distributionConfig, envOf, resources, synth, type Synth } from './support';

describe('the SPA rewrite (CloudFront Function on the S3 behaviour)', () => {
  // The function is plain ES5.1-style JavaScript: run it as CloudFront would.
  const handler = new Function(`${SPA_REWRITE}; return handler;`)() as (event: unknown) => { uri: string };
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it.each([
    ['/', '/index.html'],
    ['/orders', '/index.html'],
    ['/orders/123/', '/index.html'],
    ['/track/LE123456789', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/favicon.svg', '/favicon.svg'],
    ['/index.html', '/index.html'],
  ])('%s -> %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });
});

describe('with a built SPA and a custom domain', () => {
  let s: Synth;
  beforeAll(() => {
    const dist = mkdtempSync(join(tmpdir(), 'dakiya-web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Dakiya</title>');
    s = synth({
      webDistDir: dist,
      bundle: false,
      context: {
        domainName: 'app.dakiya.pk',
        certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000',
        shopifyClientSecretName: 'dakiya/prod/shopify-client-secret',
      },
    });
  }, 120_000);

  it('deploys web/dist to the SPA bucket and invalidates index.html', () => {
    s.template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    s.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: true,
      DistributionPaths: ['/index.html'],
    });
  });

  it('serves the custom domain with TLS 1.2 and uses it as APP_URL', () => {
    const config = distributionConfig(s.template);
    expect(config.Aliases).toEqual(['app.dakiya.pk']);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    const fns = Object.values(resources(s.template, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties!.FunctionName ?? '').startsWith('dakiya-test-'),
    );
    expect(fns.length).toBeGreaterThan(0);
    for (const fn of fns) {
      expect(envOf(s.template, String(fn.Properties!.FunctionName)).APP_URL).toBe('https://app.dakiya.pk');
    }
  });

  it('references the named Shopify secret instead of creating one', () => {
    s.template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    expect(JSON.stringify(envOf(s.template, 'dakiya-test-shopify').SHOPIFY_CLIENT_SECRET_ARN)).toContain(
      ':secret:dakiya/prod/shopify-client-secret',
    );
  });

  it('passes cdk-nag, the CDK-owned deployment provider acknowledged finding by finding', () => {
    const report = new AwsSolutionsChecks().validateScope(s.stack);
    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
});
