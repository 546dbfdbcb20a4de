/**
 * Encryption at rest for Shopify tokens, courier credentials and TOTP secrets. The context (usually
 * the shop id) is bound to the ciphertext, so a value copied to another shop's item does not decrypt.
 */
export interface SecretBox {
  encrypt(plain: string, context: string): Promise<string>;
  decrypt(blob: string, context: string): Promise<string>;
}

/** The accepted origin values (what CloudFront sends): the current one, and the previous one while a rotation is under way. */
export interface OriginSecrets {
  /** `fresh`: read again unless the copy in hand is younger than the refresh floor. */
  values(fresh?: boolean): Promise<string[]>;
}
