import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '@dakiya/shared';
import { awsClientConfig } from '../adapters/aws-client';
import type { Env } from '../ground/env';
import type { OriginSecrets } from '../domain/ports/secrets';
import { AppError } from '../ground/errors';

/** A container keeps the secret this long, so a rotation reaches every container within it. */
const CACHE_MS = 5 * 60 * 1000;
/** A mismatch reads again at most this often: forged headers cannot turn into a read per request. */
const REFRESH_FLOOR_MS = 30 * 1000;

/** `{ "current": "...", "previous": "..." }` (what the stack creates and rotation writes) or a bare value. */
export function parseOriginSecret(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return trimmed ? [trimmed] : [];
  const value = JSON.parse(trimmed) as { current?: unknown; previous?: unknown };
  return [value.current, value.previous].filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** Local mode and tests give the value (ORIGIN_SECRET); AWS gives the Secrets Manager secret (ORIGIN_SECRET_ARN). */
export function originSecretsFrom(env: Env, nowMs: () => number = Date.now): OriginSecrets {
  if (env.ORIGIN_SECRET) {
    const values = parseOriginSecret(env.ORIGIN_SECRET);
    return { values: async () => values };
  }
  const arn = env.ORIGIN_SECRET_ARN;
  let client: SecretsManagerClient | undefined;
  let cached: { values: string[]; at: number } | undefined;
  let loading: Promise<string[]> | undefined;
  const load = () => (loading ??= (async () => {
    // without the secret nothing can be accepted: every request is refused, as a misconfigured origin should be
    if (!arn) throw new Error('this function has no origin secret (ORIGIN_SECRET or ORIGIN_SECRET_ARN)');
    client ??= new SecretsManagerClient(awsClientConfig(env.AWS_REGION));
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const values = parseOriginSecret(SecretString ?? '');
    cached = { values, at: nowMs() };
    return values;
  })().finally(() => { loading = undefined; }));
  return {
    values: async (fresh = false) => {
      const age = cached ? nowMs() - cached.at : Infinity;
      if (cached && age < (fresh ? REFRESH_FLOOR_MS : CACHE_MS)) return cached.values;
      return load();
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function matchesAny(sent: string, values: string[]): boolean {
  const got = digest(sent);
  let ok = false;
  for (const value of values) ok = timingSafeEqual(got, digest(value)) || ok;
  return ok;
}

/**
 * The first check of every request: it came through CloudFront (or the local gateway). A mismatch
 * reads the secret again once (a rotation may have started since this container read it).
 */
export async function requireOrigin(headers: Record<string, string>, secrets: OriginSecrets): Promise<void> {
  const sent = headers[ORIGIN_HEADER];
  if (!sent) throw new AppError('ORIGIN_REFUSED');
  if (matchesAny(sent, await secrets.values())) return;
  if (matchesAny(sent, await secrets.values(true))) return;
  throw new AppError('ORIGIN_REFUSED');
}

/** Longest "ip:port" CloudFront can send: a full IPv6 address and a port. */
const MAX_VIEWER_ADDRESS = 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255:65535'.length;

/**
 * The viewer's address from CloudFront-Viewer-Address ("198.51.100.10:46532", "2001:db8::1:46532"),
 * trusted only after requireOrigin. Without the header (a caller CloudFront did not describe) the
 * connection's address counts. A malformed one is refused as bad input, not carried into a key.
 */
export function viewerAddress(headers: Record<string, string>, sourceIp: string): string {
  const header = headers[VIEWER_ADDRESS_HEADER];
  if (header === undefined) return normalizeIp(sourceIp);
  const ip = header.length <= MAX_VIEWER_ADDRESS ? header.replace(/:\d{1,5}$/, '') : '';
  if (!isIP(ip)) throw new AppError('VALIDATION_FAILED', { msg: 'The viewer address is not valid', param: VIEWER_ADDRESS_HEADER });
  return normalizeIp(ip);
}

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address. */
function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * What per-address limits count: an IPv4 address whole; an IPv6 address by its /64, since one
 * subscriber usually holds a whole /64 and could otherwise take a fresh address per attempt.
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // a dotted IPv4 tail (64:ff9b::192.0.2.1) stands for the last two groups
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
