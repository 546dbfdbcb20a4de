import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError, mayReloadForChunk } from './chunk-errors';
import type { KeyValueStore } from './storage';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('a screen whose code did not load', () => {
  it('is recognised by the messages of Chromium, Firefox, Safari and Vite', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://app.dakiya.pk/assets/users-page-Ab12.js',
      'error loading dynamically imported module: https://app.dakiya.pk/assets/x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/x.css',
    ]) expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads the page once, not again while the reload is recent, and again after a while', () => {
    const store = memory();
    expect(mayReloadForChunk(store, 1_000_000, true)).toBe(true);
    expect(store.data.size).toBe(0);
    expect(claimChunkReload(store, 1_000_000, true)).toBe(true);
    expect(mayReloadForChunk(store, 1_000_000 + 5_000, true)).toBe(false);
    expect(store.data.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(claimChunkReload(store, 1_000_000 + 5_000, true)).toBe(false);
    expect(claimChunkReload(store, 1_000_000 + CHUNK_RELOAD_WINDOW_MS + 1, true)).toBe(true);
  });

  it('never reloads offline: the browser would replace the app with its own error page', () => {
    const store = memory();
    expect(claimChunkReload(store, 1_000_000, false)).toBe(false);
    expect(store.data.size).toBe(0);
  });
});
