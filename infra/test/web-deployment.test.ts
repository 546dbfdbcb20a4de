import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, SPA_REWRITE } from '../lib/web';
import { distributionConfig, envOf, nagFindings, resources, synth, unusedAcknowledgements, type Synth } from './support';

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
        waf: false,
      },
    });
  }, 120_000);

  const deployments = () => {
    const all = Object.entries(s.template.findResources('Custom::CDKBucketDeployment')) as [string, { Properties: Record<string, unknown>; DependsOn?: string[] }][];
    const assets = all.find(([id]) => id.includes('DeployAssets'))!;
    const rest = all.find(([id]) => !id.includes('DeployAssets'))!;
    expect(all).toHaveLength(2);
    return { assets, rest };
  };

  it('uploads hashed assets immutable for a year and never prunes them, so an open tab keeps its chunks', () => {
    const { assets } = deployments();
    expect(assets[1].Properties).toMatchObject({
      Prune: false,
      Exclude: ['*'],
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': IMMUTABLE },
    });
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(assets[1].Properties.DistributionPaths).toBeUndefined();
  });

  it('then uploads index.html and the other unhashed files as no-cache, pruning all but assets/, and invalidates index.html', () => {
    const { assets, rest } = deployments();
    expect(rest[1].Properties).toMatchObject({
      Prune: true,
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': REVALIDATE },
      DistributionPaths: ['/index.html'],
    });
    expect(rest[1].Properties.Include).toBeUndefined();
    expect(REVALIDATE).toBe('no-cache');
    // the new index.html goes live only once the chunks it names are there
    expect(rest[1].DependsOn).toEqual(expect.arrayContaining([expect.stringContaining(assets[0].replace(/CustomResource.*$/, ''))]));
  });

  it('gives the deployment provider a log group with a retention', () => {
    const provider = Object.values(resources(s.template, 'AWS::Lambda::Function')).find((fn) =>
      String(fn.Properties!.Handler).includes('index.handler') && String(fn.Properties!.Runtime).startsWith('python'),
    )!;
    const logGroupId = (provider.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(resources(s.template, 'AWS::Logs::LogGroup')[logGroupId]!.Properties!.RetentionInDays).toBe(30);
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
    // the one secret left is the origin secret (data.ts), always the stack's own
    expect(Object.keys(resources(s.template, 'AWS::SecretsManager::Secret'))).toEqual([expect.stringMatching(/^DataOriginSecret/)]);
    expect(JSON.stringify(envOf(s.template, 'dakiya-test-shopify').SHOPIFY_CLIENT_SECRET_ARN)).toContain(
      ':secret:dakiya/prod/shopify-client-secret',
    );
  });

  it('passes cdk-nag, the CDK-owned deployment provider acknowledged finding by finding, none in vain', () => {
    expect(nagFindings(s.stack)).toEqual([]);
    expect(unusedAcknowledgements([s.stack])).toEqual([]);
  });
});
