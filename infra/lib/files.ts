import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_KEEP_DAYS } from '@dakiya/shared';

export interface FilesProps {
  /** Where S3 writes the bucket's access logs (the stack's logs bucket). */
  logsBucket: s3.IBucket;
}

/**
 * The private files bucket: CSV exports now, airway bills next. Keys are `shop/<id>/<prefix>/...`;
 * each function is granted only its prefix and action (grants.ts, from shared/src/needs.ts). Nobody
 * reads it but through a link a function signed; the lifecycle deletes every file after a week.
 */
export class Files extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: FilesProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'files-kept-a-week', expiration: Duration.days(EXPORT_KEEP_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/files/',
      // every file is a copy of table data, gone within a week anyway
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });
  }
}
