// Keeps a signed-in learner's session alive while they are using the site — a long meditation, a long answer —
// and lets it lapse as the server intends when they are not.
//
// A session ends at the sooner of two moments: its absolute end (SESSION_MAX_DAYS after login) and the end of its
// idle window (SESSION_IDLE_HOURS after the last request). Only a refresh (a new session) moves the first; any
// request moves the second, but a learner who reads, types or meditates makes no request for a long while. So,
// a little before the sooner end, the session is renewed — if the learner was active recently: an input (pointer,
// key, touch, wheel) or the tab shown again. A hidden tab nobody touches is never renewed, so it cannot keep a
// session alive forever; when its learner comes back before the end, the renewal happens at once.
//
// Times come from the server as durations (not dates), so a phone whose clock is wrong still renews in time.

export type SessionTimes = { expiresInSeconds: number; idleTimeoutSeconds: number };

/** How long before the end the session is renewed; for a short idle window, a quarter of it. */
export const RENEW_MARGIN_MS = 10 * 60_000;
/** The longest quiet spell (no input, the tab not shown again) after which the learner no longer counts as active. */
export const ACTIVE_WINDOW_MS = 2 * 60 * 60_000;
/** After a renewal that failed (no connection), the next attempt waits this long. */
export const RETRY_MS = 60_000;
/** setTimeout fires at once for delays over 2^31 − 1 ms (~24.8 days): a 30-day wait is taken a day at a time. */
const MAX_TIMER_MS = 24 * 60 * 60_000;

type Clock = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

type KeeperOptions = {
  /** Renews the session: its new times, or null when it is gone (then the keeper stops). Rejects when offline. */
  renew: () => Promise<SessionTimes | null>;
  clock?: Clock;
};

export function createSessionKeeper({ renew, clock = realClock }: KeeperOptions) {
  let running = false;
  let endsAt = 0;
  let marginMs = 0;
  let activeWindowMs = ACTIVE_WINDOW_MS;
  // Loading the page is the learner's doing: it counts as activity.
  let lastActive = clock.now();
  let notBefore = 0;
  let renewing = false;
  let timer: unknown = null;
  // Bumped by every start and stop: a renewal's answer only counts for the session it was asked for.
  let generation = 0;

  const dueAt = () => Math.max(endsAt - marginMs, notBefore);
  const isActive = (now: number) => now - lastActive <= activeWindowMs;

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!running) return;
    timer = clock.setTimeout(check, Math.min(Math.max(0, dueAt() - clock.now()), MAX_TIMER_MS));
  }

  function check() {
    timer = null;
    const now = clock.now();
    if (now < dueAt()) schedule();
    else if (isActive(now)) void renewNow();
    // Otherwise nothing: the learner is away. activity() renews if they come back in time.
  }

  async function renewNow() {
    if (renewing) return;
    renewing = true;
    const asked = generation;
    try {
      const times = await renew();
      // Signed out (or in again) meanwhile: the answer belongs to a session nobody keeps any more.
      if (asked !== generation) return;
      if (times) start(times);
      else stop();
    } catch {
      if (asked !== generation) return;
      notBefore = clock.now() + RETRY_MS;
      schedule();
    } finally {
      renewing = false;
    }
  }

  function start(times: SessionTimes) {
    const now = clock.now();
    const idleMs = times.idleTimeoutSeconds * 1000;
    generation += 1;
    running = true;
    endsAt = now + Math.min(times.expiresInSeconds * 1000, idleMs);
    marginMs = Math.min(RENEW_MARGIN_MS, idleMs / 4);
    // Active means "would not have been idle by the server's own measure", within two hours at most.
    activeWindowMs = Math.min(idleMs, ACTIVE_WINDOW_MS);
    notBefore = 0;
    schedule();
  }

  function stop() {
    generation += 1;
    running = false;
    schedule();
  }

  return {
    /** The server just told this session's times (login, who-am-I, refresh). */
    start,
    /** Signed out: nothing more to keep. */
    stop,
    /** The learner did something (input, or came back to the tab): renews at once if the end is near. */
    activity() {
      lastActive = clock.now();
      if (running && !renewing && lastActive >= dueAt()) void renewNow();
    },
  };
}

export type SessionKeeper = ReturnType<typeof createSessionKeeper>;

/** What counts as the learner being there: an input, or the tab shown again. Returns the way to stop listening. */
export function listenForActivity(onActivity: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const inputs = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
  const shown = () => {
    if (document.visibilityState === 'visible') onActivity();
  };
  for (const type of inputs) window.addEventListener(type, onActivity, options);
  document.addEventListener('visibilitychange', shown);
  return () => {
    for (const type of inputs) window.removeEventListener(type, onActivity, options);
    document.removeEventListener('visibilitychange', shown);
  };
}
