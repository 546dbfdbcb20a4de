import type { SessionUser } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { initialSessionState, LOAD_USER_ERROR, parseStoredUser, sessionReducer, type SessionState } from './session-reducer';

const user: SessionUser = {
  _id: 'b'.repeat(24), first_name: 'Bilal', last_name: 'Ahmed', email: 'bilal@example.pk', phone: '', role: 'USER', tag: 'BA',
  access_scopes: ['READ_ORDERS'], is_active: true, is_verified_user: true, two_factor_enabled: false, is_owner: false, createdAt: '2024-03-05T10:30:00.000Z',
  shop: { name: 'Chai Co', domain: 'chai.myshopify.com', iana_time_zone: 'Asia/Karachi', currency: 'PKR' },
};

describe('initial session state (spec 000 §3)', () => {
  it('is authorized (and checking) when a token is stored; user restored from storage', () => {
    const s = initialSessionState({ token: 'tok', user: JSON.stringify(user) });
    expect(s).toEqual({ user, authToken: null, isAuthorized: true, loading: true, error: null, pendingTwoFactorToken: null, unreachable: false });
  });
  it('is anonymous without a token', () => {
    const s = initialSessionState({ token: null, user: null });
    expect(s.isAuthorized).toBe(false);
    expect(s.loading).toBe(false);
    expect(s.user).toBeNull();
  });
  it('ignores a stored user that is not JSON', () => {
    expect(parseStoredUser('{oops')).toBeNull();
    expect(parseStoredUser('"text"')).toBeNull();
  });
});

describe('transitions (spec 000 §4)', () => {
  const anon: SessionState = initialSessionState({ token: null, user: null });

  it('loading the current user: pending -> fulfilled', () => {
    const pending = sessionReducer({ ...anon, error: 'old' }, { type: 'loadUser/pending' });
    expect(pending).toMatchObject({ loading: true, error: null, isAuthorized: false });
    const done = sessionReducer(pending, { type: 'loadUser/fulfilled', user, token: 'tok' });
    expect(done).toMatchObject({ loading: false, isAuthorized: true, user, authToken: 'tok', error: null });
  });

  it("failure -> 'Failed to log in', authorization cleared", () => {
    const signedIn = sessionReducer(anon, { type: 'loadUser/fulfilled', user, token: 'tok' });
    const failed = sessionReducer(sessionReducer(signedIn, { type: 'loadUser/pending' }), { type: 'loadUser/rejected', error: LOAD_USER_ERROR });
    expect(failed).toMatchObject({ loading: false, isAuthorized: false, error: 'Failed to log in', user: null, authToken: null });
  });

  it('no answer to the check: not signed out, offered to try again; a new check clears it', () => {
    const signedIn = sessionReducer(anon, { type: 'loadUser/fulfilled', user, token: 'tok' });
    const cut = sessionReducer(sessionReducer(signedIn, { type: 'loadUser/pending' }), { type: 'loadUser/unreachable' });
    expect(cut).toMatchObject({ loading: false, isAuthorized: false, unreachable: true, error: null, user });
    expect(sessionReducer(cut, { type: 'loadUser/pending' })).toMatchObject({ loading: true, unreachable: false });
  });

  it('two-factor pending keeps the token without authorizing', () => {
    const s = sessionReducer(anon, { type: 'twoFactor/pending', token: 'half' });
    expect(s.pendingTwoFactorToken).toBe('half');
    expect(s.isAuthorized).toBe(false);
    const after = sessionReducer(s, { type: 'loadUser/fulfilled', user, token: 'full' });
    expect(after.pendingTwoFactorToken).toBeNull();
  });

  it('a replaced token keeps the user and stays authorized; ignored when signed out', () => {
    const signedIn = sessionReducer(anon, { type: 'loadUser/fulfilled', user, token: 'old' });
    const swapped = sessionReducer(signedIn, { type: 'token/replaced', token: 'new' });
    expect(swapped).toEqual({ ...signedIn, authToken: 'new' });
    expect(sessionReducer(anon, { type: 'token/replaced', token: 'new' })).toBe(anon);
  });

  it('logout clears user, token and authorization', () => {
    const signedIn = sessionReducer(anon, { type: 'loadUser/fulfilled', user, token: 'tok' });
    expect(sessionReducer(signedIn, { type: 'logout' })).toEqual({
      user: null, authToken: null, isAuthorized: false, loading: false, error: null, pendingTwoFactorToken: null, unreachable: false,
    });
  });
});
