import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/*
 * The simulator signs independently of the app's adapter, so a bug in the adapter's HMAC code cannot
 * hide behind the same bug on this side.
 */

/** §1.5: sorted `key=value` pairs, URLSearchParams encoding with '+' as %20, hex HMAC-SHA256. */
export function signQueryParams(params: Record<string, string>, secret: string): string {
  const entries = Object.entries(params)
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const message = new URLSearchParams(entries).toString().replace(/\+/g, '%20');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** §2.2: base64 HMAC-SHA256 of the exact body bytes. */
export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export const uuid = randomUUID;

function b64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/** HS256 JWT, the App Bridge session token format (§1.9). */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** Claims of a correctly signed HS256 JWT, or null. Time checks are the caller's. */
export function verifyJwt(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
