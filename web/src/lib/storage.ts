/** Local storage keys of spec 000 §9, and safe accessors (storage can be absent or throw). */
export const STORAGE_KEYS = { token: 'auth_token', user: 'user' } as const;
/** Per-tab key holding the token of a login still waiting for its second factor. */
export const PENDING_TWO_FACTOR_KEY = 'two_factor_token';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window[kind] : null;
  } catch {
    return null;
  }
}

function safe(store: KeyValueStore | null): KeyValueStore {
  return {
    getItem: (key) => {
      try {
        return store?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        store?.setItem(key, value);
      } catch {
        /* storage full or blocked: the session still works for this tab */
      }
    },
    removeItem: (key) => {
      try {
        store?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
  };
}

export const local = safe(browserStore('localStorage'));
export const perTab = safe(browserStore('sessionStorage'));

export function getStoredToken(store: KeyValueStore = local): string | null {
  const token = store.getItem(STORAGE_KEYS.token);
  return token && token.trim() !== '' ? token : null;
}
