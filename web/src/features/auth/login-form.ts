import type { LoginInput } from '@dakiya/shared';
import { GENERIC_ERROR, isApiError, NETWORK_ERROR } from '../../lib/api';
import { isChunkLoadError } from '../../lib/chunk-errors';
import { LOAD_USER_ERROR } from './session/session-reducer';

export type FieldErrors = Partial<Record<'email' | 'password', string>>;

type LoginSchema = typeof import('@dakiya/shared').LoginInput;

/** Field messages of spec 000 §5, from the shared LoginInput schema. */
export function validateLogin(
  schema: LoginSchema,
  values: { email: string; password: string },
): { ok: true; data: LoginInput } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'email' || key === 'password') && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** Spec 000 §8 "Login error": the server's message or 'Something went wrong'. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.status === 0 ? GENERIC_ERROR : error.message || GENERIC_ERROR;
  if (error instanceof Error && error.message === LOAD_USER_ERROR) return LOAD_USER_ERROR;
  return GENERIC_ERROR;
}

/** Sign-in's own code (the form's checks) could not be downloaded, online, and a reload did not help. */
export const LOGIN_CODE_MISSING = 'Dakiya could not download part of this page. Reload the page, then sign in again.';

/**
 * The line under that message when no answer came at all (or the form's code could not be downloaded):
 * what failed and what to do. `online` is the browser's own guess (navigator.onLine).
 */
export function loginErrorDetail(error: unknown, online = true): string | undefined {
  if (isChunkLoadError(error)) return online ? LOGIN_CODE_MISSING : NETWORK_ERROR;
  return isApiError(error) && error.status === 0 ? NETWORK_ERROR : undefined;
}

/** A slowed-down sign-in (RATE_LIMITED with `retry_after`): the seconds to wait before the next try. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = isApiError(error) && error.code === 'RATE_LIMITED' ? error.body?.retry_after : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/**
 * The heading of a slow-down: the server's message names the seconds at the moment it answered, and the
 * countdown under it names them now, so the two would disagree after a second.
 */
export const SLOWED_DOWN = 'Too many failed attempts.';

/** The line under a slow-down, counting down to the next try. */
export function waitLine(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'You can try again now.';
  return `You can try again in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}.`;
}
