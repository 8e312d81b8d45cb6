// A deploy while a tab is open: the page's code names hashed chunks that the new build no longer has, so the next
// lazy page fails to load. Reloading fetches the new build's HTML and chunks; the learner lands on the same
// address. Once only: a reload that does not help (the chunk really is missing, a cached old shell) ends on the
// error page, never in a loop.

const KEY = 'manifiesta_chunk_reload';
/** A second failure within this long of an automatic reload is not reloaded again. */
export const RELOAD_GUARD_MS = 60_000;

/** How each browser says that a module (or its stylesheet) could not be loaded. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));
}

type Environment = { storage: Storage; reload: () => void; online: () => boolean; now: () => number };

const browser = (): Environment => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  online: () => navigator.onLine !== false,
  now: () => Date.now(),
});

/**
 * Reloads the page when `error` is a chunk that failed to load and no automatic reload happened in the last
 * minute. True when the page is reloading (show nothing more); false when the error should be shown. Offline,
 * a reload would only trade our page for the browser's: the error page says to check the connection instead.
 */
export function reloadForStaleChunk(error: unknown, env: Environment = browser()): boolean {
  if (!isChunkLoadError(error) || !env.online()) return false;
  try {
    const last = Number(env.storage.getItem(KEY));
    if (last && env.now() - last < RELOAD_GUARD_MS) return false;
    env.storage.setItem(KEY, String(env.now()));
  } catch {
    // No session storage (privacy mode): without a guard against loops, no automatic reload.
    return false;
  }
  env.reload();
  return true;
}

/** A page loaded: the next deploy may reload once again. */
export function chunkLoaded(storage: Pick<Storage, 'removeItem'> = window.sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing stored, nothing to forget
  }
}
