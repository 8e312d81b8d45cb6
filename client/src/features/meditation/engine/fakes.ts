// Test doubles for the engine's ports: a clock moved by hand and an audio port that records what played.
// Used by the engine's unit tests and the tool's component tests (jsdom has no media playback).
import type { AudioPort, PlayOptions, SoundHandle } from './audio';
import type { Clock, TimerId } from './clock';

/** Lets promise callbacks (a sound's end reaching the engine) run, as they would between two real timers. */
async function flushMicrotasks() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

export type FakeClock = Clock & {
  /** Moves time forward, firing every timer due on the way in order, with promise callbacks in between. */
  advance(ms: number): Promise<void>;
  pending(): number;
};

export function createFakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { due: number; callback: () => void }>();

  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { due: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(id: TimerId) {
      timers.delete(id as number);
    },
    pending: () => timers.size,
    async advance(ms) {
      const target = now + ms;
      await flushMicrotasks();
      for (;;) {
        let next: [number, { due: number; callback: () => void }] | undefined;
        for (const entry of timers) if (entry[1].due <= target && (!next || entry[1].due < next[1].due)) next = entry;
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].due;
        next[1].callback();
        await flushMicrotasks();
      }
      now = target;
      await flushMicrotasks();
    },
  };
}

export type PlayedSound = {
  file: string;
  options: PlayOptions | undefined;
  at: number;
  stoppedAt: number | null;
  /** The volume it plays at now (changed by setVolume). */
  volume: number;
  paused: boolean;
};

export type FakeAudio = AudioPort & {
  played: PlayedSound[];
  preloaded: string[];
  /** When each play of `file` started (clock time), in order. */
  startsOf(file: string): number[];
};

/**
 * Sounds end on the fake clock after their length of playing (pauses left out): `lengths[file]` ms, 'fail' to
 * reject at once, 'throw' to throw from play(); others last `defaultMs`. Looping sounds never end. Each reports
 * its length and position (timing()) unless `lengthUnknown` names it.
 */
export function createFakeAudio(
  clock: Clock,
  lengths: Record<string, number | 'fail' | 'throw'> = {},
  defaultMs = 2_000,
  lengthUnknown: readonly string[] = [],
): FakeAudio {
  const played: PlayedSound[] = [];
  const preloaded: string[] = [];
  return {
    played,
    preloaded,
    startsOf: (file) => played.filter((sound) => sound.file === file).map((sound) => sound.at),
    preload(file) {
      preloaded.push(file);
    },
    play(file, options): SoundHandle {
      const length = lengths[file] ?? defaultMs;
      if (length === 'throw') throw new Error(`no se puede reproducir ${file}`);
      const sound: PlayedSound = { file, options, at: clock.now(), stoppedAt: null, volume: options?.volume ?? 1, paused: false };
      played.push(sound);
      let timer: TimerId | null = null;
      // Milliseconds played before the current stretch, and when the current stretch began.
      let playedMs = 0;
      let since = clock.now();
      let finish: () => void = () => {};
      const ended = new Promise<void>((resolve, reject) => {
        if (length === 'fail') reject(new Error(`falta ${file}`));
        else finish = resolve;
      });
      const arm = () => {
        since = clock.now();
        if (length === 'fail' || options?.loop) return;
        timer = clock.setTimeout(finish, length - playedMs);
      };
      arm();
      const position = () => playedMs + (sound.paused ? 0 : clock.now() - since);
      return {
        ended,
        stop() {
          if (sound.stoppedAt !== null) return;
          sound.stoppedAt = clock.now();
          if (timer !== null) clock.clearTimeout(timer);
        },
        pause() {
          if (sound.stoppedAt !== null || sound.paused) return;
          playedMs = position();
          sound.paused = true;
          if (timer !== null) clock.clearTimeout(timer);
          timer = null;
        },
        resume() {
          if (sound.stoppedAt !== null || !sound.paused) return;
          sound.paused = false;
          arm();
        },
        setVolume(volume) {
          sound.volume = volume;
        },
        timing() {
          if (length === 'fail' || lengthUnknown.includes(file)) return null;
          return { position: position() / 1000, duration: length / 1000 };
        },
      };
    },
  };
}
