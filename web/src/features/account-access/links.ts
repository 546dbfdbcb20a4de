import { ObjectId } from '@dakiya/shared';

/** What the emailed links carry, read from the URL (and, for the create-password link, navigation state). */
export interface CreatePasswordLink {
  hash: string;
  id: string;
  email?: string;
}

/**
 * An emailed link's hash: ids (24 hex characters each) and a 43-character secret, in URL-safe base64
 * letters; the server accepts at most 200. Anything shorter or other is a link cut off or mangled on the way.
 */
const HASH = /^[A-Za-z0-9_-]{67,200}$/;

/**
 * Spec 001 §2 "Create password page": hash and id from the query, email from navigation state. A link
 * cut short or mangled in transit (`?hash=abc&id=def`) is no link: the page says so instead of offering a
 * form whose button can only fail.
 */
export function readCreatePasswordLink(search: URLSearchParams, state: unknown): CreatePasswordLink | null {
  const hash = search.get('hash')?.trim() ?? '';
  const id = search.get('id')?.trim() ?? '';
  if (!HASH.test(hash) || !ObjectId.safeParse(id).success) return null;
  const email = state && typeof state === 'object' && typeof (state as { email?: unknown }).email === 'string' ? (state as { email: string }).email : undefined;
  return email ? { hash, id, email } : { hash, id };
}

/** The reset-password link's hash, or null when the link is missing it or it cannot be one. */
export function readResetLink(search: URLSearchParams): string | null {
  const hash = search.get('hash')?.trim() ?? '';
  return HASH.test(hash) ? hash : null;
}

export function readToken(search: URLSearchParams, name: 'token' | 'hash'): string | null {
  const value = search.get(name)?.trim() ?? '';
  return value === '' ? null : value;
}

/**
 * One call per link token for the life of the page: verification tokens are single-use, and React's
 * strict mode (or a remount) must not spend it twice and then report the second answer.
 */
export function spendOnce<T>(cache: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    pending = run();
    cache.set(key, pending);
  }
  return pending;
}

/** Spec 001 §9: to /login 2 s after the password is set. */
export const PASSWORD_SET_REDIRECT_MS = 2000;
/**
 * Spec 001 §8 says 'Email verification successfull...' and 'Email verification Failed...'. Spec messages are
 * kept word for word unless clearly wrong: here the spelling and the trailing dots (a finished result that
 * reads as still going) are fixed, the words kept (README, "Choices").
 */
export const VERIFY_OK = 'Email verification successful';
export const VERIFY_FAILED = 'Email verification failed';
