import type { FilePrefix } from '@dakiya/shared';

/** Where a shop's file lives in the private files bucket: every key is under its shop, like every item of the table. */
export function fileKey(shopId: string, prefix: FilePrefix, name: string): string {
  return `shop/${shopId}/${prefix}/${name}`;
}

/** The private files bucket (S3 in AWS, fauxqs's S3 in local mode and tests). */
export interface FileStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** False once the bucket's lifecycle (or anything else) removed it. */
  exists(key: string): Promise<boolean>;
  /** A link that reads the file for `seconds`, downloaded under `fileName`. */
  signedUrl(key: string, seconds: number, fileName: string): Promise<string>;
}
