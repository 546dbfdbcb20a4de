import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A session token names its shop and user (so the lookup is one GetItem under the shop) and carries
 * 256 random bits; only the hash of those bits is stored, so a table dump yields no usable token.
 */
export function issueSessionToken(shopId: string, userId: string): { token: string; tokenHash: string } {
  const secret = randomSecret();
  return { token: `${shopId}.${userId}.${secret}`, tokenHash: sha256(secret) };
}

const TOKEN = /^([0-9a-f]{24})\.([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

export function parseSessionToken(token: string): { shopId: string; userId: string; tokenHash: string } | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  return { shopId: match[1]!, userId: match[2]!, tokenHash: sha256(match[3]!) };
}

/** 256 random bits, URL-safe: the secret part of a session token or an emailed link (43 characters). */
export const randomSecret = () => randomBytes(32).toString('base64url');

export const randomBytesOf = (count: number): Buffer => randomBytes(count);

/** A code of `count` random decimal digits (an emailed sign-in code). */
export const randomDigits = (count: number) => String(randomInt(0, 10 ** count)).padStart(count, '0');

export function randomNonce(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}
