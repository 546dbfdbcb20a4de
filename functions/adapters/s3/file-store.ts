import { GetObjectCommand, HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from '../../domain/ports/files';
import { awsClientConfig } from '../aws-client';

/** Local mode and tests point at fauxqs's S3, which is reached by path (its bucket host names need DNS it does not have). */
export function createS3Client(region: string, endpoint?: string): S3Client {
  return new S3Client({ ...awsClientConfig(region, endpoint), ...(endpoint ? { forcePathStyle: true } : {}) });
}

/** The private files bucket. */
export class S3FileStore implements FileStore {
  constructor(private readonly s3: S3Client, private readonly bucket: string) {}

  /**
   * A multipart upload in parts of 8 MiB once the file is larger than one part: a whole shop's export
   * (100,000 bookings) is larger than local S3 takes in one PUT (fauxqs: 11 MiB), and parts keep each
   * request small on AWS too. A small file is one PUT, as before.
   */
  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await new Upload({
      client: this.s3,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      // a failed upload's parts are left to the bucket's lifecycle (it aborts them after a day): aborting
      // here would need s3:AbortMultipartUpload, which the job is not granted (s3:PutObject covers the rest)
      leavePartsOnError: true,
    }).done();
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async signedUrl(key: string, seconds: number, fileName: string): Promise<string> {
    // the name is ours (letters, digits, dashes): nothing to escape in the header
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"` });
    return getSignedUrl(this.s3, command, { expiresIn: seconds });
  }
}
