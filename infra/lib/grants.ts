import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { LambdaNeeds } from '@dakiya/shared';

/**
 * Small grant helpers with explicit actions and resources: no `*` in an action or a resource, so
 * every grant is visible in the template and cdk-nag's IAM5 has nothing to suppress. Which helper a
 * function gets is decided by its declared needs (shared/src/needs.ts), in `grantNeeds`.
 */

export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** The key the table is encrypted with, used only through DynamoDB (kms:ViaService). */
const TABLE_KEY_READ = ['kms:Decrypt', 'kms:DescribeKey'] as const;
const TABLE_KEY_WRITE = ['kms:Encrypt', 'kms:GenerateDataKey'] as const;

/**
 * Item reads (and writes) on the table and its named indexes. No Scan: no request path scans
 * (DESIGN.md). Writes only on the table itself: indexes are written by DynamoDB.
 */
export function grantTable(grantee: iam.IGrantable, table: dynamodb.ITable, indexNames: readonly string[], access: 'read' | 'readWrite'): void {
  const indexArns = indexNames.map((name) => `${table.tableArn}/index/${name}`);
  iam.Grant.addToPrincipal({ grantee, actions: [...TABLE_READ_ACTIONS], resourceArns: [table.tableArn, ...indexArns] });
  if (access === 'readWrite') {
    iam.Grant.addToPrincipal({ grantee, actions: [...TABLE_WRITE_ACTIONS], resourceArns: [table.tableArn] });
  }
  const key = table.encryptionKey;
  if (!key) return;
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: access === 'readWrite' ? [...TABLE_KEY_READ, ...TABLE_KEY_WRITE] : [...TABLE_KEY_READ],
      resources: [key.keyArn],
      conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${Stack.of(table).region}.amazonaws.com` } },
    }),
  );
}

/**
 * Open and/or seal values with the app key directly (functions/adapters/crypto/secret-box.ts). The box
 * always binds an encryption context `context` (the shop id), so these statements cannot be used
 * on data keys of the table or of Secrets Manager, which carry other contexts.
 */
export function grantSealed(grantee: iam.IGrantable, key: kms.IKey, use: NonNullable<LambdaNeeds['sealed']>): void {
  const actions = [...(use !== 'seal' ? ['kms:Decrypt'] : []), ...(use !== 'open' ? ['kms:Encrypt'] : [])];
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions,
      resources: [key.keyArn],
      conditions: { 'ForAnyValue:StringEquals': { 'kms:EncryptionContextKeys': 'context' } },
    }),
  );
}

/** The ARN of an SES identity (a verified domain or address) in the stack's account and region. */
export function sesIdentityArn(stack: Stack, identity: string): string {
  return stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
}

/** ses:SendEmail (v1 and v2 API) as one verified identity only, from the configured address only. */
export function grantSendMail(grantee: iam.IGrantable, identityArn: string, fromAddress: string): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [identityArn],
      conditions: { StringEquals: { 'ses:FromAddress': fromAddress } },
    }),
  );
}

/** Queue work on the job table's queues. They are SQS-managed encrypted, so no key grant is needed. */
export function grantEnqueue(grantee: iam.IGrantable, queues: readonly sqs.IQueue[]): void {
  if (queues.length === 0) return;
  iam.Grant.addToPrincipal({
    grantee,
    actions: ['sqs:SendMessage'],
    resourceArns: queues.map((queue) => queue.queueArn),
  });
}

/** The files bucket under every shop's one prefix: `put` writes files (s3:PutObject), `sign` reads them, which the links it signs need. */
export function grantFiles(grantee: iam.IGrantable, bucket: s3.IBucket, files: NonNullable<LambdaNeeds['files']>): void {
  iam.Grant.addToPrincipal({
    grantee,
    actions: { put: ['s3:PutObject'], sign: ['s3:GetObject'], putAndSign: ['s3:PutObject', 's3:GetObject'] }[files.access],
    resourceArns: [bucket.arnForObjects(`shop/*/${files.prefix}/*`)],
  });
  const stack = Stack.of(bucket);
  const logicalId = stack.resolve(stack.getLogicalId(bucket.node.defaultChild as CfnElement)) as string;
  if (Construct.isConstruct(grantee)) {
    acknowledge(
      grantee,
      `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/shop/*/${files.prefix}/*]`,
      'Files are keyed by shop (shop/<id>/...) and shops are created at run time, so the grant names one prefix under every shop and one action, never the whole bucket.',
    );
  }
}

/** Read one secret's value (and decrypt it through Secrets Manager when it uses a customer key). */
export function grantReadSecret(grantee: iam.IGrantable, secret: secretsmanager.ISecret): void {
  secret.grantRead(grantee);
}

export interface GrantTargets {
  table: dynamodb.ITable;
  indexNames: readonly string[];
  key: kms.IKey;
  mailIdentityArn: string;
  mailFromAddress: string;
  shopifyClientSecret: secretsmanager.ISecret;
  /** The queue of each queue row of the job table. */
  queues: ReadonlyMap<string, sqs.IQueue>;
  /** The private files bucket. */
  files: s3.IBucket;
}

/** Every grant of one function, from its declared needs and nothing else. */
export function grantNeeds(name: string, grantee: iam.IGrantable, needs: LambdaNeeds, to: GrantTargets): void {
  if (needs.table !== 'none') grantTable(grantee, to.table, to.indexNames, needs.table);
  // a migration job goes through every shop: the table itself, never an index
  if (needs.scanTable) iam.Grant.addToPrincipal({ grantee, actions: ['dynamodb:Scan'], resourceArns: [to.table.tableArn] });
  if (needs.sealed) grantSealed(grantee, to.key, needs.sealed);
  if (needs.mail) grantSendMail(grantee, to.mailIdentityArn, to.mailFromAddress);
  if (needs.shopifySecret) grantReadSecret(grantee, to.shopifyClientSecret);
  if (needs.files) grantFiles(grantee, to.files, needs.files);
  grantEnqueue(grantee, (needs.enqueue ?? []).map((jobId) => {
    const queue = to.queues.get(jobId);
    if (!queue) throw new Error(`"${name}" declares enqueue "${jobId}", which has no queue (known: ${[...to.queues.keys()].join(', ')})`);
    return queue;
  }));
}
