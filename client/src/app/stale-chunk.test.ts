import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkLoaded, isChunkLoadError, reloadForStaleChunk, RELOAD_GUARD_MS } from './stale-chunk';

const CHROMIUM = new TypeError('Failed to fetch dynamically imported module: https://manifiesta.example/assets/ActivityRoute-abc123.js');

let now = 1_700_000_000_000;
const env = (online = true) => ({ storage: window.sessionStorage, reload: vi.fn(), online: () => online, now: () => now });

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('a chunk gone after a deploy', () => {
  it.each([
    ['Chromium', CHROMIUM],
    ['Firefox', new TypeError('error loading dynamically imported module: https://x/assets/a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ["Vite's stylesheet preload", new Error('Unable to preload CSS for /assets/sales-c2.css')],
  ])('is recognised as %s says it', (_, error) => expect(isChunkLoadError(error)).toBe(true));

  it.each([
    ['a bug in a page', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['an API error', new Error('Error del servidor.')],
    ['not an error', 'Failed to fetch dynamically imported module'],
  ])('is not %s', (_, error) => expect(isChunkLoadError(error)).toBe(false));

  it('reloads the page once; a second failure right after is shown, not reloaded again', () => {
    const first = env();
    expect(reloadForStaleChunk(CHROMIUM, first)).toBe(true);
    expect(first.reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails again (e.g. an old shell from a cache).
    now += 5_000;
    const second = env();
    expect(reloadForStaleChunk(CHROMIUM, second)).toBe(false);
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('after a page loaded, or a while later, a new deploy may reload once again', () => {
    expect(reloadForStaleChunk(CHROMIUM, env())).toBe(true);
    chunkLoaded();
    now += 1_000;
    expect(reloadForStaleChunk(CHROMIUM, env())).toBe(true);
    now += RELOAD_GUARD_MS;
    expect(reloadForStaleChunk(CHROMIUM, env())).toBe(true);
  });

  it('does not reload for other errors, nor offline (the error page says to check the connection)', () => {
    const bug = env();
    expect(reloadForStaleChunk(new TypeError('x is not a function'), bug)).toBe(false);
    const offline = env(false);
    expect(reloadForStaleChunk(CHROMIUM, offline)).toBe(false);
    expect(bug.reload).not.toHaveBeenCalled();
    expect(offline.reload).not.toHaveBeenCalled();
  });

  it('without session storage there is no guard against a loop, so no automatic reload', () => {
    const broken = {
      ...env(),
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      } as unknown as Storage,
    };
    expect(reloadForStaleChunk(CHROMIUM, broken)).toBe(false);
    expect(broken.reload).not.toHaveBeenCalled();
  });
});
