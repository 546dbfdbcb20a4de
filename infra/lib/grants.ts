import type { Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';

/**
 * Small grant helpers with explicit actions and resources: no `*` in an action or a resource, so
 * every grant is visible in the template and cdk-nag's IAM5 has nothing to suppress.
 */

/** Item reads and writes on the table and its named indexes. No Scan: no request path scans (DESIGN.md). */
export function grantTableReadWrite(grantee: iam.IGrantable, table: dynamodb.ITable, indexNames: readonly string[]): void {
  iam.Grant.addToPrincipal({
    grantee,
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:DescribeTable',
    ],
    resourceArns: [table.tableArn, ...indexNames.map((name) => `${table.tableArn}/index/${name}`)],
  });
}

/**
 * Use of the app's customer managed key: envelope encryption of courier credentials and Shopify
 * tokens (Encrypt/Decrypt), and the table's at-rest encryption (GenerateDataKey/Decrypt/DescribeKey).
 */
export function grantKeyUse(grantee: iam.IGrantable, key: kms.IKey): void {
  key.grant(grantee, 'kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey', 'kms:DescribeKey');
}

/** The ARN of an SES identity (a verified domain or address) in the stack's account and region. */
export function sesIdentityArn(stack: Stack, identity: string): string {
  return stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
}

/** ses:SendEmail (v1 and v2 API) as one verified identity only: the sender domain. */
export function grantSendMail(grantee: iam.IGrantable, identityArn: string): void {
  iam.Grant.addToPrincipal({
    grantee,
    actions: ['ses:SendEmail', 'ses:SendRawEmail'],
    resourceArns: [identityArn],
  });
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

/** Read one secret's value (and decrypt it through Secrets Manager when it uses a customer key). */
export function grantReadSecret(grantee: iam.IGrantable, secret: secretsmanager.ISecret): void {
  secret.grantRead(grantee);
}
