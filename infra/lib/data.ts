import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE, projectionOf, type IndexDef } from '../../functions/adapters/dynamo/table';
import { acknowledge } from './nag';

export interface DataProps {
  prefix: string;
  /** Name of an existing secret with the Shopify client secret; unset: the stack creates one. */
  shopifyClientSecretName?: string;
  /**
   * The GSIs this deploy gives the table (config `tableIndexes`; default all of INDEXES). DynamoDB
   * adds one GSI per table update, so the deploy script (infra/deploy.ts) walks a release that adds
   * several through one deploy per index.
   */
  indexes: readonly IndexDef[];
  /** Every index of the release, built or not yet, for the grants; default INDEXES. */
  allIndexes?: readonly IndexDef[];
}

const PROJECTION_TYPES = {
  ALL: dynamodb.ProjectionType.ALL,
  KEYS_ONLY: dynamodb.ProjectionType.KEYS_ONLY,
  INCLUDE: dynamodb.ProjectionType.INCLUDE,
} as const;

/**
 * The stateful part: the app's KMS key, the single table (keys, TTL and GSIs from
 * functions/adapters/dynamo/table.ts, the same definition local mode and the tests use) and the
 * Shopify client secret. Key and table are retained when the stack is deleted.
 */
export class Data extends Construct {
  readonly key: kms.Key;
  readonly table: dynamodb.Table;
  readonly indexNames: readonly string[];
  readonly shopifyClientSecret: secretsmanager.ISecret;
  /**
   * What CloudFront sends in the origin header and the API functions accept (functions/platform/origin.ts):
   * `{"current": "..."}` generated at creation, `{"current": new, "previous": old}` during a rotation.
   */
  readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    this.key = new kms.Key(this, 'Key', {
      alias: `alias/${props.prefix}`,
      description: 'Dakiya: table encryption, courier credentials and Shopify tokens, the Shopify client secret',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: props.prefix,
      partitionKey: { name: TABLE_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.key,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of props.indexes) {
      const projection = projectionOf(index);
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partition, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sort, type: dynamodb.AttributeType.STRING },
        projectionType: PROJECTION_TYPES[projection.ProjectionType],
        nonKeyAttributes: projection.NonKeyAttributes,
      });
    }
    // Grants name every index of the release, built or not yet: a role may name an index before it exists.
    this.indexNames = (props.allIndexes ?? INDEXES).map((index) => index.name);

    if (props.shopifyClientSecretName) {
      this.shopifyClientSecret = secretsmanager.Secret.fromSecretNameV2(
        this,
        'ShopifyClientSecret',
        props.shopifyClientSecretName,
      );
    } else {
      const secret = new secretsmanager.Secret(this, 'ShopifyClientSecret', {
        secretName: `${props.prefix.replace(/-/g, '/')}/shopify-client-secret`,
        description: 'Shopify app client secret (Partner dashboard > app > Client credentials): the secret itself, or {"current":"...","previous":"..."} during a rotation.',
        encryptionKey: this.key,
        removalPolicy: RemovalPolicy.RETAIN,
      });
      acknowledge(
        secret,
        'AwsSolutions-SMG4',
        'The Shopify client secret is issued and rotated in the Shopify Partner dashboard, not by a rotation Lambda: during a rotation the secret holds {"current": new, "previous": old} and the functions accept both (functions/platform/deps.ts).',
      );
      this.shopifyClientSecret = secret;
    }

    // AWS-managed key: the API functions read it, and none of them should hold a grant on the app key for that
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      secretName: originSecretName(props.prefix),
      description: 'Dakiya: the value CloudFront sends to the API in the origin header. Rotate: put {"current":"<new>","previous":"<old>"}, npm run deploy, then {"current":"<new>"}.',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', excludePunctuation: true, passwordLength: 64 },
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'CloudFront holds the value in its origin configuration, so a rotation is a deploy: put {"current": new, "previous": old}, run npm run deploy (it pins the new version in the distribution), and the functions accept both meanwhile (infra/README.md).',
    );
  }
}

/** `dakiya/{stage}/origin`: the deploy script reads its current version by this name. */
export function originSecretName(prefix: string): string {
  return `${prefix.replace(/-/g, '/')}/origin`;
}
