import type { KeyValueStore } from './storage';

/**
 * The messages browsers give a dynamic `import()` that could not load its file: after a deploy the old
 * chunk names are gone; offline nothing loads. Chromium, Firefox and Safari word it differently; Vite
 * adds its own when a chunk's preloads fail.
 */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { message, name } = error as { message?: unknown; name?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message));
}

/** Where the last reload for a missing chunk is remembered (per tab: sessionStorage). */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
/** A second chunk failure within this time after a reload is not a deploy: the reload did not help. */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

/**
 * A screen's code failed to load. After a deploy one reload fetches the new index.html and its new
 * chunk names; more reloads would loop. Offline a reload only swaps the app for the browser's error
 * page. Returns true when the caller should reload now (and records it).
 */
export function claimChunkReload(store: KeyValueStore, now: number, online: boolean): boolean {
  if (!mayReloadForChunk(store, now, online)) return false;
  store.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

/** The same answer without recording anything (for rendering, which React may run more than once). */
export function mayReloadForChunk(store: KeyValueStore, now: number, online: boolean): boolean {
  if (!online) return false;
  const last = Number(store.getItem(CHUNK_RELOAD_KEY));
  return !(Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS);
}
