import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { resources, synth, type Synth } from './support';

let s: Synth;
beforeAll(() => {
  s = synth({ webDistDir: join(tmpdir(), 'dakiya-infra-no-web-dist'), bundle: false });
}, 120_000);

const filesBucket = () => {
  const [id, bucket] = Object.entries(resources(s.template, 'AWS::S3::Bucket')).find(([name]) => name.startsWith('FilesBucket'))!;
  return { id, props: bucket.Properties as Record<string, unknown> };
};

describe('the private files bucket', () => {
  it('is private, encrypted, logged, and deletes every file after 7 days', () => {
    expect(filesBucket().props).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: { LogFilePrefix: 's3/files/' },
      LifecycleConfiguration: { Rules: [{ Id: 'files-kept-a-week', Status: 'Enabled', ExpirationInDays: 7, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }] },
    });
  });

  it('refuses anything but TLS, and its policy grants nobody anything', () => {
    const { id } = filesBucket();
    const [policy] = Object.values(resources(s.template, 'AWS::S3::BucketPolicy')).filter((p) => JSON.stringify(p.Properties).includes(`"${id}"`));
    const statements = (policy!.Properties as { PolicyDocument: { Statement: Record<string, unknown>[] } }).PolicyDocument.Statement;
    expect(statements).toEqual([
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Principal: { AWS: '*' }, Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    ]);
  });

  it('names itself to the functions that use it, and to no other', () => {
    const withBucket = Object.values(resources(s.template, 'AWS::Lambda::Function'))
      .filter((fn) => JSON.stringify(fn.Properties).includes('FILES_BUCKET'))
      .map((fn) => (fn.Properties as { FunctionName: string }).FunctionName)
      .sort();
    expect(withBucket).toEqual(['dakiya-test-labels', 'dakiya-test-labels-print', 'dakiya-test-orders', 'dakiya-test-orders-export']);
    s.template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'dakiya-test-orders-export',
      Environment: { Variables: Match.objectLike({ FILES_BUCKET: { Ref: filesBucket().id } }) },
    });
  });
});
