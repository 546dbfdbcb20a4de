import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { LoginInput, LoginOutput, SessionUser } from '@dakiya/shared';
import { api, isApiError } from '../../../lib/api';
import { getStoredToken, local, perTab, PENDING_TWO_FACTOR_KEY, STORAGE_KEYS } from '../../../lib/storage';
import { initialSessionState, LOAD_USER_ERROR, sessionReducer } from './session-reducer';
import { SessionContext, type LoginResult, type Session } from './session-context';

function storeSession(token: string, user: SessionUser) {
  local.setItem(STORAGE_KEYS.token, token);
  local.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  // a completed sign-in ends any second-factor step of this tab
  perTab.removeItem(PENDING_TWO_FACTOR_KEY);
}

function clearStoredSession() {
  local.removeItem(STORAGE_KEYS.token);
  local.removeItem(STORAGE_KEYS.user);
  perTab.removeItem(PENDING_TWO_FACTOR_KEY);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, undefined, () =>
    initialSessionState({
      token: getStoredToken(),
      user: local.getItem(STORAGE_KEYS.user),
      pendingTwoFactorToken: perTab.getItem(PENDING_TWO_FACTOR_KEY),
    }),
  );
  // Only the latest load may write the state (a cross-tab change can race a page-load check).
  const loadSeq = useRef(0);

  /** Spec 000 §4 "Loading the current user". */
  const loadUser = useCallback(async (token: string): Promise<boolean> => {
    const seq = ++loadSeq.current;
    dispatch({ type: 'loadUser/pending' });
    try {
      const answer = await api('auth.me', {}, { token });
      if (seq !== loadSeq.current) return false;
      storeSession(token, answer.data);
      dispatch({ type: 'loadUser/fulfilled', user: answer.data, token });
      return true;
    } catch (error) {
      if (seq !== loadSeq.current) return false;
      // No answer, or the server failed: nothing said the token is bad, so keep it and let the person retry.
      if (isApiError(error) && (error.status === 0 || error.status >= 500)) {
        dispatch({ type: 'loadUser/unreachable' });
        return false;
      }
      clearStoredSession();
      dispatch({ type: 'loadUser/rejected', error: LOAD_USER_ERROR });
      return false;
    }
  }, []);

  // Session start: a stored token triggers loading the current user.
  useEffect(() => {
    const token = getStoredToken();
    if (token) void loadUser(token);
  }, [loadUser]);

  // Cross-tab sync: another tab signed in, switched account or signed out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
      const token = getStoredToken();
      if (token) {
        void loadUser(token);
      } else {
        loadSeq.current++;
        dispatch({ type: 'logout' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [loadUser]);

  const awaitSecondFactor = useCallback((token: string) => {
    perTab.setItem(PENDING_TWO_FACTOR_KEY, token);
    dispatch({ type: 'twoFactor/pending', token });
  }, []);

  /** What a sign-in answered (the password, or the emailed code after it): the next step, or the user loaded. */
  const settle = useCallback(
    async (answer: LoginOutput): Promise<LoginResult> => {
      if (answer.email_code_token) return { twoFactor: false, emailCodeToken: answer.email_code_token };
      if (answer.stores) return { twoFactor: false, stores: answer.stores, notice: answer.notice };
      if (answer.two_factor_await) {
        awaitSecondFactor(answer.auth_token);
        return { twoFactor: true };
      }
      const ok = await loadUser(answer.auth_token);
      if (!ok) throw new Error(LOAD_USER_ERROR);
      return { twoFactor: false };
    },
    [loadUser, awaitSecondFactor],
  );

  const login = useCallback(
    async (input: LoginInput) => settle(await api('auth.login', { body: input }, { token: null })),
    [settle],
  );

  const verifySignInCode = useCallback(
    async (token: string, code: string) => settle(await api('auth.verifySignInCode', { body: { token, code } }, { token: null })),
    [settle],
  );

  const signInWithToken = useCallback(
    (token: string) => {
      local.setItem(STORAGE_KEYS.token, token);
      return loadUser(token);
    },
    [loadUser],
  );

  const replaceToken = useCallback((token: string) => {
    local.setItem(STORAGE_KEYS.token, token);
    dispatch({ type: 'token/replaced', token });
  }, []);

  const clearAuthorization = useCallback(() => {
    loadSeq.current++;
    clearStoredSession();
    dispatch({ type: 'logout' });
  }, []);

  const logout = useCallback(() => {
    const token = getStoredToken();
    // Fire-and-forget: a failed call is only logged and logout still proceeds.
    api('auth.logout', { body: {} }, { token }).catch((error: unknown) => {
      console.warn('logout call failed', error);
    });
    clearAuthorization();
  }, [clearAuthorization]);

  const retry = useCallback(() => {
    const token = getStoredToken();
    if (token) void loadUser(token);
  }, [loadUser]);

  const value = useMemo<Session>(
    () => ({ ...state, login, verifySignInCode, awaitSecondFactor, signInWithToken, replaceToken, logout, clearAuthorization, retry }),
    [state, login, verifySignInCode, awaitSecondFactor, signInWithToken, replaceToken, logout, clearAuthorization, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
