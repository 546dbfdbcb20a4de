import type { SessionUser } from '@dakiya/shared';

/** Session state of spec 000 §3. `pendingTwoFactorToken` holds a login waiting for its code. */
export interface SessionState {
  user: SessionUser | null;
  authToken: string | null;
  isAuthorized: boolean;
  loading: boolean;
  error: string | null;
  pendingTwoFactorToken: string | null;
  /**
   * The current-user check got no answer (offline) or a server failure: the stored token is kept, since
   * nothing said it is bad, and the app offers to try again instead of signing the person out.
   */
  unreachable: boolean;
}

export type SessionAction =
  | { type: 'loadUser/pending' }
  | { type: 'loadUser/fulfilled'; user: SessionUser; token: string }
  | { type: 'loadUser/rejected'; error: string }
  | { type: 'loadUser/unreachable' }
  | { type: 'twoFactor/pending'; token: string }
  /** The server issued a new token for the same person (two-factor enabled): keep the user, swap the token. */
  | { type: 'token/replaced'; token: string }
  | { type: 'logout' };

/** Spec 000 §8: the current-user call failed. */
export const LOAD_USER_ERROR = 'Failed to log in';

export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && '_id' in value ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/**
 * Spec 000 §3: user restored from storage, authToken null, isAuthorized true when a token is stored.
 * `loading` starts true with a stored token because the current-user check starts at once; this keeps
 * the shell from flashing before the check.
 */
export function initialSessionState(stored: {
  token: string | null;
  user: string | null;
  pendingTwoFactorToken?: string | null;
}): SessionState {
  return {
    user: parseStoredUser(stored.user),
    authToken: null,
    isAuthorized: stored.token !== null,
    loading: stored.token !== null,
    error: null,
    pendingTwoFactorToken: stored.pendingTwoFactorToken ?? null,
    unreachable: false,
  };
}

/** Spec 000 §4 transitions. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'loadUser/pending':
      return { ...state, loading: true, error: null, isAuthorized: false, unreachable: false };
    case 'loadUser/unreachable':
      return { ...state, loading: false, isAuthorized: false, unreachable: true };
    case 'loadUser/fulfilled':
      return {
        ...state,
        loading: false,
        isAuthorized: true,
        error: null,
        user: action.user,
        authToken: action.token,
        pendingTwoFactorToken: null,
      };
    case 'loadUser/rejected':
      return { ...state, loading: false, error: action.error, isAuthorized: false, user: null, authToken: null };
    case 'twoFactor/pending':
      return { ...state, loading: false, pendingTwoFactorToken: action.token };
    case 'token/replaced':
      return state.isAuthorized ? { ...state, authToken: action.token } : state;
    case 'logout':
      return { ...state, user: null, authToken: null, isAuthorized: false, loading: false, error: null, pendingTwoFactorToken: null, unreachable: false };
  }
}
