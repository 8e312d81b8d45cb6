import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionKeeper, RENEW_MARGIN_MS, RETRY_MS, type SessionTimes } from './session-keeper';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The defaults of the server: a week idle, thirty days at most. */
const DEFAULTS = { idleTimeoutSeconds: 168 * 3600 };
const times = (expiresInMs: number, idleTimeoutSeconds = DEFAULTS.idleTimeoutSeconds): SessionTimes => ({
  expiresInSeconds: Math.round(expiresInMs / 1000),
  idleTimeoutSeconds,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Browsers (and Node) run a timer at once when its delay does not fit in 32 bits; the fake timers do not. */
let timersSet = 0;
const browserClock = {
  now: () => Date.now(),
  setTimeout: (run: () => void, ms: number) => {
    timersSet += 1;
    return setTimeout(run, ms > 2 ** 31 - 1 ? 0 : ms);
  },
  clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** A keeper whose renewals answer `next` (a fresh 30-day session unless told otherwise). */
function keeper(next: () => Promise<SessionTimes | null> = async () => times(30 * DAY)) {
  const renew = vi.fn(next);
  return { keeper: createSessionKeeper({ renew, clock: browserClock }), renew };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('session keeper', () => {
  it('renews a little before the absolute end while the learner is active — not before', async () => {
    const { keeper: k, renew } = keeper();
    k.start(times(3 * HOUR));
    await advance(HOUR);
    k.activity(); // a tap, then a long meditation without touching anything
    await advance(2 * HOUR - RENEW_MARGIN_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    await advance(1);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does not renew for a learner silent for over two hours (a forgotten tab, however long the idle window)', async () => {
    const { keeper: k, renew } = keeper();
    k.start(times(3 * HOUR));
    await advance(3 * HOUR - RENEW_MARGIN_MS + MINUTE);
    expect(renew).not.toHaveBeenCalled();
  });

  it('a learner who loads the page in the last minutes of a session is renewed at once', async () => {
    const { keeper: k, renew } = keeper();
    k.start(times(5 * MINUTE));
    await advance(0);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('waits out a 30-day session calmly (a timer over ~24.8 days would fire at once, again and again)', async () => {
    const { keeper: k, renew } = keeper();
    timersSet = 0;
    // An idle window longer than the session (SESSION_IDLE_HOURS allows 90 days): the absolute end comes first.
    k.start(times(30 * DAY, 60 * 86400));
    await advance(25 * DAY);
    expect(renew).not.toHaveBeenCalled();
    // About one timer a day, not a busy loop.
    expect(timersSet).toBeLessThan(40);
    await advance(5 * DAY - RENEW_MARGIN_MS - HOUR);
    expect(renew).not.toHaveBeenCalled();
    k.activity();
    await advance(HOUR);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('never renews a hidden tab nobody touches; renews as soon as the learner is back before the end', async () => {
    const { keeper: k, renew } = keeper();
    k.start(times(30 * DAY, 60 * 86400));
    await advance(30 * DAY - RENEW_MARGIN_MS + MINUTE);
    expect(renew).not.toHaveBeenCalled();
    await advance(5 * MINUTE);
    expect(renew).not.toHaveBeenCalled();
    // The tab is shown again with three minutes left.
    k.activity();
    await advance(0);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('with a short idle window (1 h), keeps a quiet but present learner signed in, and lets an absent one go', async () => {
    const { keeper: k, renew } = keeper(async () => times(30 * DAY, 3600));
    // A fresh session, but only an hour of idleness allowed: the idle end comes first.
    k.start(times(30 * DAY, 3600));
    const margin = Math.min(RENEW_MARGIN_MS, HOUR / 4);
    await advance(HOUR - margin);
    // Loaded the page 50 minutes ago and has been meditating since: within the hour, still active.
    expect(renew).toHaveBeenCalledTimes(1);
    // Nothing more from the learner: at the next renewal the last sign of them is 1h40 old.
    await advance(HOUR);
    expect(renew).toHaveBeenCalledTimes(1);
    await advance(10 * HOUR);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('stops when the session is gone (renewal answers null), even if the learner keeps typing', async () => {
    const { keeper: k, renew } = keeper(async () => null);
    k.start(times(MINUTE));
    await advance(0);
    expect(renew).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) {
      k.activity();
      await advance(10 * MINUTE);
    }
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('offline: tries again a minute later, not on every keystroke', async () => {
    let online = false;
    const { keeper: k, renew } = keeper(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return times(30 * DAY);
    });
    k.start(times(5 * MINUTE));
    await advance(0);
    expect(renew).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i += 1) k.activity();
    await advance(RETRY_MS / 2);
    expect(renew).toHaveBeenCalledTimes(1);
    online = true;
    await advance(RETRY_MS / 2);
    expect(renew).toHaveBeenCalledTimes(2);
    // Renewed: a whole new session, nothing more for a long while.
    await advance(DAY);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('after a logout nothing is renewed, not even by an answer that was on its way', async () => {
    let answer!: (value: SessionTimes) => void;
    const { keeper: k, renew } = keeper(() => new Promise((resolve) => (answer = resolve)));
    k.start(times(MINUTE));
    await advance(0);
    k.stop();
    answer(times(2 * MINUTE));
    await advance(10 * MINUTE);
    k.activity();
    await advance(10 * MINUTE);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
