// The 7-phase meditation as a state machine: settings → playing (which may be paused) → summary. Time and sound
// come in through ports, so the whole timeline runs in tests on a fake clock. React reads it through
// subscribe/getSnapshot (useSyncExternalStore).
//
// The timeline (7 s before the intro, and 7 s between the intro and the first phase):
//   0 s          start bell; background music (if any) starts looping at its volume.
//   with intro:  the intro plays at INTRO_DELAY_MS (7 s); the first phase begins FIRST_PHASE_DELAY_MS (7 s)
//                after the intro ends (or fails, or has held the meditation back INTRO_MAX_MS).
//   no intro:    the first phase begins at FIRST_PHASE_DELAY_MS (7 s).
//   each phase   counts down minutes × 60 s, one tick a second. With the voice on, its prompt plays
//                VOICE_DELAY_MS (3 s) after the phase starts; the guided audio (if that phase's is on) starts
//                GUIDED_AFTER_VOICE_MS (5 s) after the voice ends (or fails), or GUIDED_WITHOUT_VOICE_MS (7 s)
//                after the phase starts when the voice is off. A phase's voice and guided audio stop when it ends.
//   between two phases (not before the first, not after the last) the gong plays, if on; the next phase
//                starts at once.
//   the end      the end bell plays, everything else stops, and the state becomes summary.
// Before the first phase the view gets a countdown each second: to the intro, or to the first phase.
// Pause holds every timer and sound where it is; skip ends the intro or the current phase at once (the gong,
// then the next phase; after the last, the end). Meditated time is the time played, from the start to the
// end or 'Finalizar', pauses left out. A sound that fails is logged and counts as ended, so the flow goes on.
import {
  FIRST_PHASE_DELAY_MS,
  GUIDED_AFTER_VOICE_MS,
  GUIDED_WITHOUT_VOICE_MS,
  INTRO_DELAY_MS,
  INTRO_MAX_MS,
  SOUND_FILES,
  TICK_MS,
  VOICE_DELAY_MS,
  type PhaseId,
} from '../../../../../course/meditation';
import type { AudioPort, PlayOptions, SoundHandle } from './audio';
import type { Clock } from './clock';
import { Timeline } from './timeline';

export type PlannedPhase = { id: PhaseId; seconds: number; guided: boolean };

/** One meditation, as chosen in the settings: the active phases in order and the sounds. */
export type MeditationPlan = {
  phases: readonly PlannedPhase[];
  voice: boolean;
  intro: boolean;
  /** The gong between phases, or null when it is off. */
  gongFile: string | null;
  background: { file: string; volume: number } | null;
  /** The volume of every sound, 0 to 1 (the background plays at its own volume times this). 1 when absent. */
  volume?: number;
};

export type Outcome = 'completed' | 'stopped';

type Progress = {
  /** Counts the meditations started, so a view can tell one summary from the next. */
  run: number;
  phases: readonly PhaseId[];
  /** Whole seconds played so far, pauses left out. */
  totalSeconds: number;
};

/** Whole seconds until the intro or the first phase begins. */
export type Countdown = { to: 'intro' | 'phase'; seconds: number };

export type MeditationSnapshot =
  | { status: 'settings' }
  | (Progress & { status: 'playing'; paused: boolean; stage: 'preparing' | 'intro'; countdown: Countdown | null })
  | (Progress & {
      status: 'playing';
      paused: boolean;
      stage: 'phase';
      index: number;
      phase: PhaseId;
      phaseSeconds: number;
      remainingSeconds: number;
    })
  | (Progress & { status: 'summary'; outcome: Outcome });

export type PlayingSnapshot = Extract<MeditationSnapshot, { status: 'playing' }>;
export type SummarySnapshot = Extract<MeditationSnapshot, { status: 'summary' }>;

export type MeditationEngine = {
  getSnapshot(): MeditationSnapshot;
  subscribe(listener: () => void): () => void;
  /** Begins a meditation (from settings or summary). False, and nothing happens, when no phase is active. */
  start(plan: MeditationPlan): boolean;
  /** Holds the meditation: no sound, no time passes. */
  pause(): void;
  resume(): void;
  /** Ends the wait before the first phase, or the current phase, now (resuming first when paused). */
  skip(): void;
  /** The volume of every sound, 0 to 1, at once and for the sounds still to come. */
  setVolume(volume: number): void;
  /** 'Finalizar Meditación': every sound and timer stops at once; the summary shows what was meditated. */
  finish(): void;
  /** 'Meditar de Nuevo': back to the settings. */
  reset(): void;
  /** Stops everything and returns to settings (the view is going away). The engine stays usable. */
  dispose(): void;
};

type Sound = { handle: SoundHandle | null; done: Promise<void>; base: number };

const clampVolume = (volume: number) => (Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 1);

/**
 * Timers and sounds that end together. Callbacks from a cleared scope (a timer already due, a sound's end
 * arriving late) do nothing.
 */
class Scope {
  private readonly timers = new Set<unknown>();
  private readonly sounds = new Set<Sound>();
  private active = true;

  constructor(
    private readonly timeline: Timeline,
    private readonly audio: AudioPort,
    private readonly volume: () => number,
  ) {}

  after(ms: number, callback: () => void): void {
    if (!this.active) return;
    const id = this.timeline.setTimeout(
      () => {
        this.timers.delete(id);
        if (this.active) callback();
      },
      Math.max(0, ms),
    );
    this.timers.add(id);
  }

  /** At a time of the timeline (now or past: at once). */
  at(time: number, callback: () => void): void {
    this.after(time - this.timeline.now(), callback);
  }

  /**
   * Plays a sound; `onDone` runs when it ends or fails (a failure is logged), if the scope is still active.
   * The handle, or null when the sound could not even start.
   */
  play(file: string, options?: PlayOptions, onDone?: () => void): SoundHandle | null {
    if (!this.active) return null;
    const base = options?.volume ?? 1;
    let sound: Sound;
    try {
      const handle = this.audio.play(file, { ...options, volume: base * this.volume() });
      sound = { handle, done: handle.ended, base };
    } catch (error) {
      sound = { handle: null, done: Promise.reject(error), base };
    }
    this.sounds.add(sound);
    void sound.done
      .catch((error: unknown) => console.error(`No se pudo reproducir el audio «${file}»; la meditación continúa.`, error))
      .then(() => {
        this.sounds.delete(sound);
        if (this.active) onDone?.();
      });
    return sound.handle;
  }

  pauseSounds(): void {
    for (const sound of this.sounds) sound.handle?.pause();
  }

  resumeSounds(): void {
    for (const sound of this.sounds) sound.handle?.resume();
  }

  setVolume(volume: number): void {
    for (const sound of this.sounds) sound.handle?.setVolume(sound.base * volume);
  }

  clear(): void {
    this.active = false;
    for (const id of this.timers) this.timeline.clearTimeout(id);
    this.timers.clear();
    for (const sound of this.sounds) sound.handle?.stop();
    this.sounds.clear();
  }
}

export function createMeditationEngine({ clock, audio }: { clock: Clock; audio: AudioPort }): MeditationEngine {
  let snapshot: MeditationSnapshot = { status: 'settings' };
  const listeners = new Set<() => void>();
  let run = 0;
  let volume = 1;

  // A fresh timeline per meditation: it stands still while paused.
  let timeline = new Timeline(clock);
  // The meditation (start bell, background, gongs), the wait before the first phase (the intro and the
  // countdown), the current phase (its voice, guided audio and ticks), and what sounds on after the end (the
  // end bell, until the next meditation or 'Meditar de Nuevo').
  let session: Scope | null = null;
  let prelude: Scope | null = null;
  let phase: Scope | null = null;
  let afterglow: Scope | null = null;

  let plan: MeditationPlan | null = null;
  let startedAt = 0;
  // Before the first phase: when the intro or the first phase is due (timeline time), and the intro itself.
  let introDueAt: number | null = null;
  let phaseDueAt: number | null = null;
  let stage: 'preparing' | 'intro' = 'preparing';
  let intro: SoundHandle | null = null;
  // The current phase: its index, when it started on the timeline, and the whole seconds counted so far.
  let index = -1;
  let phaseStartedAt = 0;
  let elapsed = 0;

  const emit = (next: MeditationSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const scope = () => new Scope(timeline, audio, () => volume);
  const seconds = (ms: number) => Math.max(0, Math.floor(ms / TICK_MS));
  const progress = (at = timeline.now()): Progress => ({
    run,
    phases: plan!.phases.map((p) => p.id),
    totalSeconds: seconds(at - startedAt),
  });

  const countdown = (): Countdown | null => {
    const now = timeline.now();
    const left = (due: number) => Math.max(0, Math.ceil((due - now) / TICK_MS));
    if (introDueAt !== null) return { to: 'intro', seconds: left(introDueAt) };
    if (phaseDueAt !== null) return { to: 'phase', seconds: left(phaseDueAt) };
    const timing = intro?.timing();
    return timing ? { to: 'phase', seconds: Math.max(0, Math.ceil(timing.duration - timing.position)) + FIRST_PHASE_DELAY_MS / TICK_MS } : null;
  };

  const emitPrelude = () => emit({ ...progress(), status: 'playing', paused: timeline.paused, stage, countdown: countdown() });

  const emitPhase = () => {
    const current = plan!.phases[index]!;
    emit({
      ...progress(),
      status: 'playing',
      paused: timeline.paused,
      stage: 'phase',
      index,
      phase: current.id,
      phaseSeconds: current.seconds,
      remainingSeconds: current.seconds - elapsed,
    });
  };

  const emitPlaying = () => (phase ? emitPhase() : emitPrelude());

  const preload = (file: string) => {
    try {
      audio.preload?.(file);
    } catch (error) {
      console.error(`No se pudo precargar el audio «${file}».`, error);
    }
  };

  const preloadPhase = (at: number) => {
    const next = plan!.phases[at];
    if (!next) return;
    if (plan!.voice) preload(SOUND_FILES.voice(next.id));
    if (next.guided) preload(SOUND_FILES.guided(next.id));
  };

  const scopes = () => [session, prelude, phase, afterglow];

  const stopAll = () => {
    for (const s of scopes()) s?.clear();
    session = prelude = phase = afterglow = null;
    intro = null;
  };

  /** A tick a second from `from` (timeline time) while the scope lasts, each one calling `tick`. */
  const everySecond = (target: Scope, from: number, tick: () => void) => {
    const next = (n: number) =>
      target.at(from + n * TICK_MS, () => {
        tick();
        next(Math.floor((timeline.now() - from) / TICK_MS) + 1);
      });
    next(1);
  };

  /** Counts the whole seconds since the phase began (more than one when the page's timers were held back). */
  const catchUp = () => {
    const current = plan!.phases[index];
    if (!current) return;
    elapsed = Math.max(elapsed, Math.min(current.seconds, seconds(timeline.now() - phaseStartedAt)));
  };

  const scheduleTick = (target: Scope) => {
    target.at(phaseStartedAt + (elapsed + 1) * TICK_MS, () => {
      catchUp();
      if (elapsed >= plan!.phases[index]!.seconds) endPhase(phaseStartedAt + plan!.phases[index]!.seconds * TICK_MS);
      else {
        emitPhase();
        scheduleTick(target);
      }
    });
  };

  const beginPhase = (at: number, startedAtTime: number) => {
    const current = plan!.phases[at]!;
    prelude?.clear();
    prelude = null;
    intro = null;
    introDueAt = phaseDueAt = null;
    const target = scope();
    phase = target;
    index = at;
    phaseStartedAt = startedAtTime;
    elapsed = 0;
    preloadPhase(at + 1);

    const playGuided = () => target.play(SOUND_FILES.guided(current.id));
    if (plan!.voice) {
      target.at(startedAtTime + VOICE_DELAY_MS, () =>
        target.play(SOUND_FILES.voice(current.id), undefined, current.guided ? () => target.after(GUIDED_AFTER_VOICE_MS, playGuided) : undefined),
      );
    } else if (current.guided) {
      target.at(startedAtTime + GUIDED_WITHOUT_VOICE_MS, playGuided);
    }
    emitPhase();
    scheduleTick(target);
  };

  /** Ends the current phase at `endedAt` (timeline time): the gong and the next phase, or the end. */
  const endPhase = (endedAt: number) => {
    phase?.clear();
    phase = null;
    if (index + 1 < plan!.phases.length) {
      if (plan!.gongFile) session!.play(plan!.gongFile);
      beginPhase(index + 1, endedAt);
    } else {
      complete(endedAt);
    }
  };

  const complete = (endedAt: number) => {
    const totals = progress(endedAt);
    session?.clear();
    session = null;
    afterglow = scope();
    afterglow.play(SOUND_FILES.bellEnd);
    emit({ ...totals, status: 'summary', outcome: 'completed' });
  };

  /** The wait before the first phase: with the intro, 7 s, the intro, 7 s; without it, 7 s. */
  const beginPrelude = (withIntro: boolean) => {
    const target = scope();
    prelude = target;
    const firstPhaseIn = (ms: number) => {
      phaseDueAt = timeline.now() + ms;
      target.at(phaseDueAt, () => beginPhase(0, timeline.now()));
    };
    if (withIntro) {
      introDueAt = startedAt + INTRO_DELAY_MS;
      let introOver = false;
      const afterIntro = () => {
        if (introOver) return;
        introOver = true;
        intro?.stop();
        firstPhaseIn(FIRST_PHASE_DELAY_MS);
        emitPrelude();
      };
      target.at(introDueAt, () => {
        introDueAt = null;
        stage = 'intro';
        intro = target.play(SOUND_FILES.intro, undefined, afterIntro);
        target.after(INTRO_MAX_MS, afterIntro);
        emitPrelude();
      });
    } else {
      firstPhaseIn(FIRST_PHASE_DELAY_MS);
    }
    everySecond(target, startedAt, emitPrelude);
  };

  return {
    getSnapshot: () => snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start(next) {
      if (snapshot.status === 'playing' || next.phases.length === 0) return false;
      stopAll();
      run += 1;
      plan = next;
      volume = clampVolume(next.volume ?? volume);
      timeline = new Timeline(clock);
      startedAt = timeline.now();
      index = -1;
      elapsed = 0;
      introDueAt = phaseDueAt = null;
      stage = 'preparing';
      session = scope();

      session.play(SOUND_FILES.bellStart);
      if (next.background) session.play(next.background.file, { loop: true, volume: next.background.volume });
      if (next.intro) preload(SOUND_FILES.intro);
      preloadPhase(0);
      if (next.gongFile && next.phases.length > 1) preload(next.gongFile);
      preload(SOUND_FILES.bellEnd);

      beginPrelude(next.intro);
      emitPrelude();
      return true;
    },

    pause() {
      if (snapshot.status !== 'playing' || timeline.paused) return;
      if (phase) catchUp();
      timeline.pause();
      for (const s of scopes()) s?.pauseSounds();
      emitPlaying();
    },

    resume() {
      if (snapshot.status !== 'playing' || !timeline.paused) return;
      timeline.resume();
      for (const s of scopes()) s?.resumeSounds();
      emitPlaying();
    },

    skip() {
      if (snapshot.status !== 'playing') return;
      if (timeline.paused) {
        timeline.resume();
        for (const s of scopes()) s?.resumeSounds();
      }
      if (phase) {
        catchUp();
        endPhase(timeline.now());
      } else {
        beginPhase(0, timeline.now());
      }
    },

    setVolume(next) {
      volume = clampVolume(next);
      for (const s of scopes()) s?.setVolume(volume);
    },

    finish() {
      if (snapshot.status !== 'playing') return;
      const totals = progress();
      stopAll();
      emit({ ...totals, status: 'summary', outcome: 'stopped' });
    },

    reset() {
      if (snapshot.status !== 'summary') return;
      stopAll();
      emit({ status: 'settings' });
    },

    dispose() {
      stopAll();
      if (snapshot.status !== 'settings') emit({ status: 'settings' });
    },
  };
}
