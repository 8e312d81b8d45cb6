import { describe, expect, it } from 'vitest';
import { createScreenWakeLock } from './wake-lock';

/** A browser's wake lock: requests granted (or refused) when the test says, sentinels it can release. */
function fakeBrowser({ refuse = false } = {}) {
  const sentinels: { released: boolean; release(): Promise<void>; addEventListener(type: 'release', listener: () => void): void; drop(): void }[] = [];
  const pending: (() => void)[] = [];
  let visibility: DocumentVisibilityState = 'visible';
  const listeners = new Set<() => void>();
  const wakeLock = {
    request: (type: 'screen') =>
      new Promise<(typeof sentinels)[number]>((resolve, reject) => {
        expect(type).toBe('screen');
        pending.push(() => {
          if (refuse) return reject(new DOMException('Battery saver', 'NotAllowedError'));
          const onRelease: (() => void)[] = [];
          const sentinel = {
            released: false,
            release: async () => {
              sentinel.released = true;
              onRelease.forEach((l) => l());
            },
            addEventListener: (_: 'release', listener: () => void) => void onRelease.push(listener),
            // The browser lets go by itself (the page was hidden).
            drop: () => void sentinel.release(),
          };
          sentinels.push(sentinel);
          resolve(sentinel);
        });
      }),
  };
  const page = {
    get visibilityState() {
      return visibility;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  } as unknown as Document;
  return {
    wakeLock,
    page,
    sentinels,
    requests: () => sentinels.length + pending.length,
    async answer() {
      while (pending.length) pending.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    setVisibility(next: DocumentVisibilityState) {
      visibility = next;
      listeners.forEach((l) => l());
    },
    listeners,
  };
}

describe('the screen wake lock', () => {
  it('is asked for while held, released when let go, and asked for again on the next hold', async () => {
    const browser = fakeBrowser();
    const lock = createScreenWakeLock(browser);
    lock.hold(true);
    await browser.answer();
    expect(browser.sentinels).toHaveLength(1);
    expect(browser.sentinels[0]!.released).toBe(false);
    // Asking twice does not stack locks.
    lock.hold(true);
    await browser.answer();
    expect(browser.requests()).toBe(1);

    lock.hold(false);
    expect(browser.sentinels[0]!.released).toBe(true);
    lock.hold(true);
    await browser.answer();
    expect(browser.sentinels).toHaveLength(2);
  });

  it('when the page comes back into view and the meditation still plays, the lock is asked for again', async () => {
    const browser = fakeBrowser();
    const lock = createScreenWakeLock(browser);
    lock.hold(true);
    await browser.answer();
    browser.setVisibility('hidden');
    browser.sentinels[0]!.drop();
    await browser.answer();
    expect(browser.requests()).toBe(1);

    browser.setVisibility('visible');
    await browser.answer();
    expect(browser.sentinels).toHaveLength(2);
    expect(browser.sentinels[1]!.released).toBe(false);

    // Not while paused.
    lock.hold(false);
    browser.setVisibility('hidden');
    browser.setVisibility('visible');
    await browser.answer();
    expect(browser.sentinels).toHaveLength(2);
  });

  it('a lock granted after the meditation was paused is released at once', async () => {
    const browser = fakeBrowser();
    const lock = createScreenWakeLock(browser);
    lock.hold(true);
    lock.hold(false);
    await browser.answer();
    expect(browser.sentinels[0]!.released).toBe(true);
  });

  it('a refusal or a browser without the API changes nothing', async () => {
    const refusing = fakeBrowser({ refuse: true });
    const lock = createScreenWakeLock(refusing);
    lock.hold(true);
    await refusing.answer();
    expect(refusing.sentinels).toHaveLength(0);
    lock.hold(false);

    const without = fakeBrowser();
    const none = createScreenWakeLock({ wakeLock: undefined, page: without.page });
    expect(() => none.hold(true)).not.toThrow();
    none.dispose();
    expect(without.listeners.size).toBe(0);
  });

  it('dispose releases the lock and stops listening', async () => {
    const browser = fakeBrowser();
    const lock = createScreenWakeLock(browser);
    lock.hold(true);
    await browser.answer();
    lock.dispose();
    expect(browser.sentinels[0]!.released).toBe(true);
    expect(browser.listeners.size).toBe(0);
  });
});
