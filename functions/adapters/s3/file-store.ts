import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
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
