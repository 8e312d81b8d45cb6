// Keeps a phone's screen on while a meditation plays (the Screen Wake Lock API), so the phone does not lock and
// hold the page back halfway through. The browser lets go of the lock whenever the page is hidden; it is asked
// for again when the page is visible and the meditation still plays. Where the API is missing or refuses
// (an old browser, battery saver, a page not served over HTTPS), the meditation simply goes on without it.
import { useEffect, useState } from 'react';

type Sentinel = { readonly released: boolean; release(): Promise<void>; addEventListener(type: 'release', listener: () => void): void };
type WakeLockApi = { request(type: 'screen'): Promise<Sentinel> };
type Page = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export type ScreenWakeLock = {
  /** Whether the screen should stay on now. */
  hold(on: boolean): void;
  dispose(): void;
};

const browserWakeLock = (): WakeLockApi | undefined =>
  typeof navigator !== 'undefined' && 'wakeLock' in navigator ? (navigator.wakeLock as unknown as WakeLockApi) : undefined;

export function createScreenWakeLock({ wakeLock = browserWakeLock(), page = document }: { wakeLock?: WakeLockApi; page?: Page } = {}): ScreenWakeLock {
  let wanted = false;
  let sentinel: Sentinel | null = null;
  let requesting = false;

  const release = () => {
    const held = sentinel;
    sentinel = null;
    if (held && !held.released) held.release().catch(() => undefined);
  };

  const acquire = () => {
    if (!wakeLock || !wanted || sentinel || requesting || page.visibilityState !== 'visible') return;
    requesting = true;
    wakeLock.request('screen').then(
      (granted) => {
        requesting = false;
        sentinel = granted;
        granted.addEventListener('release', () => {
          if (sentinel === granted) sentinel = null;
        });
        // Paused or ended while the browser was answering.
        if (!wanted) release();
      },
      () => {
        // Refused (battery saver, a hidden page, a permissions policy): the screen follows the phone's settings.
        requesting = false;
      },
    );
  };

  const onVisibility = () => acquire();
  page.addEventListener('visibilitychange', onVisibility);

  return {
    hold(on) {
      wanted = on;
      if (on) acquire();
      else release();
    },
    dispose() {
      wanted = false;
      release();
      page.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** Holds the screen on while `on` is true (and the page is visible), and lets it go otherwise. */
export function useScreenWakeLock(on: boolean, create: () => ScreenWakeLock = createScreenWakeLock): void {
  const [lock] = useState(create);
  useEffect(() => () => lock.dispose(), [lock]);
  useEffect(() => lock.hold(on), [lock, on]);
}
