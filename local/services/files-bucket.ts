import { CreateBucketCommand, BucketAlreadyOwnedByYou } from '@aws-sdk/client-s3';
import { createS3Client } from '@dakiya/functions/adapters/s3/file-store';

/** The files bucket on fauxqs's S3 (the SQS port serves it), as CDK makes it; fauxqs keeps no file across a restart. */
export async function createFilesBucket(endpoint: string, bucket: string): Promise<void> {
  const s3 = createS3Client('us-east-1', endpoint);
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
  } finally {
    s3.destroy();
  }
}
