import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, ORIGIN_HEADER, jobName, queueJobIds, scheduledJobIds } from '@dakiya/shared';
import { API_PATH_PATTERN } from '../lib/web';
import { distributionConfig, envOf, resources, statementsOf, synth, type Synth } from './support';

/** The API is reachable only through CloudFront (issue 11 item 1): what the template must say. */
const noWeb = join(tmpdir(), 'dakiya-infra-no-web-dist');
let s: Synth;
beforeAll(() => { s = synth({ webDistDir: noWeb, bundle: false, context: { waf: false } }); }, 120_000);

const originSecretId = () => {
  const found = Object.entries(resources(s.template, 'AWS::SecretsManager::Secret')).filter(([id]) => id.includes('OriginSecret'));
  expect(found).toHaveLength(1);
  return found[0]![0];
};

function apiOrigin(synthd: Synth) {
  const config = distributionConfig(synthd.template);
  const behavior = config.CacheBehaviors.find((b) => b.PathPattern === API_PATH_PATTERN)!;
  const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)! as { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };
  return { behavior, origin };
}

describe('the origin header', () => {
  it('is generated as {"current": 64 characters} in a secret of its own', () => {
    const secret = resources(s.template, 'AWS::SecretsManager::Secret')[originSecretId()]!;
    expect(secret.Properties).toMatchObject({
      Name: 'dakiya/test/origin',
      GenerateSecretString: { SecretStringTemplate: '{}', GenerateStringKey: 'current', ExcludePunctuation: true, PasswordLength: 64 },
    });
    // the AWS managed key: reading it needs no grant on the app key
    expect(secret.Properties!.KmsKeyId).toBeUndefined();
  });

  it('is sent by CloudFront to the API origin as a dynamic reference: the value is never in the template', () => {
    const { origin } = apiOrigin(s);
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    const header = origin.OriginCustomHeaders![0]!;
    expect(header.HeaderName).toBe(ORIGIN_HEADER);
    expect(header.HeaderValue).toEqual({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecretId() }, ':SecretString:current::}}']] });
  });

  it('pins the version the deploy script passes, so a deploy after a rotation updates CloudFront', () => {
    const pinned = synth({ webDistDir: noWeb, bundle: false, context: { waf: false, originSecretVersion: 'a1b2c3d4-0000-4000-8000-000000000000' } });
    expect(apiOrigin(pinned).origin.OriginCustomHeaders![0]!.HeaderValue).toEqual({
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecretId() }, ':SecretString:current::a1b2c3d4-0000-4000-8000-000000000000}}']],
    });
  }, 120_000);

  it('forwards the viewer headers and CloudFront\'s viewer address, not the Host', () => {
    // Managed-AllViewerExceptHostHeader: every viewer header but Host, plus the CloudFront-* headers
    expect(apiOrigin(s).behavior.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });
});

describe('the functions that check it', () => {
  const jobs = [...queueJobIds, ...scheduledJobIds].map(jobName);
  const readsOrigin = (name: string) => statementsOf(s.template, `dakiya-test-${name}`).some((st) =>
    JSON.stringify(st.Resource).includes(originSecretId()) &&
    JSON.stringify(st.Action) === JSON.stringify(['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret']));

  it.each([...GROUPS])('API group %s reads the origin secret by ARN (never the value in its environment)', (group) => {
    const vars = envOf(s.template, `dakiya-test-${group}`);
    expect(vars.ORIGIN_SECRET_ARN).toEqual({ Ref: originSecretId() });
    expect(vars).not.toHaveProperty('ORIGIN_SECRET');
    expect(readsOrigin(group)).toBe(true);
  });

  it.each(jobs)('job %s is not called over HTTP: no origin secret', (job) => {
    expect(envOf(s.template, `dakiya-test-${job}`)).not.toHaveProperty('ORIGIN_SECRET_ARN');
    expect(readsOrigin(job)).toBe(false);
  });
});
