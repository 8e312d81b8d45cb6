// Time for the meditation engine, injected so tests (and Playwright's fake clock) drive it to the millisecond.

export type TimerId = unknown;

export interface Clock {
  setTimeout(callback: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  /** Milliseconds since some fixed point; only differences are used. */
  now(): number;
}

/** The page's own timers, looked up on each call so a clock installed later (tests, Playwright) is used. */
export const browserClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};
