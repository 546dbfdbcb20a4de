import type { z } from '@dakiya/shared';
import { CourierUnavailableError, type CourierId } from '../../domain/ports/courier';

/**
 * Parses a courier body with a schema. A body that does not fit is treated like an outage: we cannot
 * tell what the courier did, so nothing may be concluded from it.
 */
export function parseBody<S extends z.ZodType>(courier: CourierId, schema: S, body: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new CourierUnavailableError(courier, 'unparseable', `${courier} sent an unexpected ${what} response`);
  }
  return result.data;
}

/** Couriers send flags and numbers as numbers or strings ("1", "true"). */
export function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') return ['1', 'true', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

export function messagesOf(value: unknown, fallback: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && v.trim() !== '' && v !== 'null' && v !== '0') out.push(v.trim());
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  // Couriers often repeat the same text at envelope and row level.
  const unique = [...new Set(out)];
  return unique.length > 0 ? unique : [fallback];
}

/**
 * Leopards and M&P refuse bad credentials with HTTP 200 and a text. Tracking answers have no room for
 * a refusal, and reading it as "not found" would hide a broken account, so such texts are recognised.
 */
export function isCredentialRefusal(message: unknown): boolean {
  return typeof message === 'string' && /invalid\s+(api|user|username|password|credential|login|token)|api key|password/i.test(message);
}

export function credentialRefusal(courier: CourierId, what: string): CourierUnavailableError {
  return new CourierUnavailableError(courier, 'auth', `${courier} refused the credentials (${what})`);
}
