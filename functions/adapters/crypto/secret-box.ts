import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SecretBox } from '../../domain/ports/secrets';


/** Local mode: AES-256-GCM with a key from the environment stands in for KMS. */
export class LocalSecretBox implements SecretBox {
  private readonly key: Buffer;
  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('LOCAL_SECRET_KEY must be 32 bytes of base64');
  }

  async encrypt(plain: string, context: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['local1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  async decrypt(blob: string, context: string): Promise<string> {
    const [kind, iv, tag, body] = blob.split('.');
    if (kind !== 'local1' || !iv || !tag || body === undefined) throw new Error('not a local secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export class KmsSecretBox implements SecretBox {
  constructor(private readonly kms: KMSClient, private readonly keyId: string) {}

  async encrypt(plain: string, context: string): Promise<string> {
    const out = await this.kms.send(new EncryptCommand({
      KeyId: this.keyId,
      Plaintext: Buffer.from(plain, 'utf8'),
      EncryptionContext: { context },
    }));
    return `kms1.${Buffer.from(out.CiphertextBlob!).toString('base64url')}`;
  }

  async decrypt(blob: string, context: string): Promise<string> {
    const [kind, body] = blob.split('.');
    if (kind !== 'kms1' || !body) throw new Error('not a KMS secret');
    const out = await this.kms.send(new DecryptCommand({
      CiphertextBlob: Buffer.from(body, 'base64url'),
      EncryptionContext: { context },
    }));
    return Buffer.from(out.Plaintext!).toString('utf8');
  }
}
