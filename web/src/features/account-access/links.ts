/** What the emailed links carry, read from the URL (and, for the create-password link, navigation state). */
export interface CreatePasswordLink {
  hash: string;
  id: string;
  email?: string;
}

/** What the server accepts as a link's hash and a user id (CreatePasswordInput): anything else is a broken link. */
const HASH = /^[A-Za-z0-9_-]{1,200}$/;
const USER_ID = /^[0-9a-f]{24}$/;

/**
 * Spec 001 §2 "Create password page": hash and id from the query, email from navigation state. A link
 * cut short or mangled in transit (`?hash=abc&id=def`) is no link: the page says so instead of offering a
 * form whose button can only fail.
 */
export function readCreatePasswordLink(search: URLSearchParams, state: unknown): CreatePasswordLink | null {
  const hash = search.get('hash')?.trim() ?? '';
  const id = search.get('id')?.trim() ?? '';
  if (!HASH.test(hash) || !USER_ID.test(id)) return null;
  const email = state && typeof state === 'object' && typeof (state as { email?: unknown }).email === 'string' ? (state as { email: string }).email : undefined;
  return email ? { hash, id, email } : { hash, id };
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
/** Spec 001 §8. */
export const VERIFY_OK = 'Email verification successfull...';
export const VERIFY_FAILED = 'Email verification Failed...';
