import { createContext, useContext } from 'react';
import type { LoginInput, StoreOption } from '@dakiya/shared';
import type { SessionState } from './session-reducer';

/**
 * Signed in (or waiting for the authenticator's code), a person of several stores who must choose one
 * first, or a sign-in stepped up to a code emailed to the account (with its token).
 */
export type LoginResult =
  | { twoFactor: boolean; stores?: undefined; emailCodeToken?: undefined }
  | { twoFactor: false; stores: StoreOption[]; notice?: string; emailCodeToken?: undefined }
  | { twoFactor: false; stores?: undefined; emailCodeToken: string };

export interface Session extends SessionState {
  /** POST /login-user, then (unless a second factor is pending) GET /me with the new token. */
  login(input: LoginInput): Promise<LoginResult>;
  /** POST /verify-sign-in-code: the emailed code of a stepped-up sign-in; then as after login. */
  verifySignInCode(token: string, code: string): Promise<LoginResult>;
  /** Keep a token that waits for its second factor (login or the Shopify hand-off answered two_factor_await). */
  awaitSecondFactor(token: string): void;
  /** Store a token (e.g. from `?token=`) and load the current user with it. Resolves true on success. */
  signInWithToken(token: string): Promise<boolean>;
  /**
   * Store a token the server issued for the signed-in person (enabling two-factor revokes the old one)
   * without reloading the user, so the page in view stays mounted.
   */
  replaceToken(token: string): void;
  /** Tell the server (fire-and-forget), then clear state and both storage keys. */
  logout(): void;
  /** Forget the session without calling the server (a 401 answer). */
  clearAuthorization(): void;
  /** Check the stored token again after the check got no answer (`unreachable`). */
  retry(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
