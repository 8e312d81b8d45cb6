// The 7-phase meditation as a state machine (activities.md §4 "Meditation", §9): settings → playing → summary.
// Time and sound come in through ports, so the whole timeline runs in tests on a fake clock. React reads it
// through subscribe/getSnapshot (useSyncExternalStore).
//
// The timeline, read from §4 ("After an optional intro audio and a delay of 7 s, the first active phase
// begins") and §9 ("7000 ms before the intro and before the first phase"):
//   0 s          start bell; background music (if any) starts looping at its volume.
//   with intro:  the intro plays at INTRO_DELAY_MS (7 s); the first phase begins FIRST_PHASE_DELAY_MS (7 s)
//                after the intro ends (or fails).
//   no intro:    the first phase begins at FIRST_PHASE_DELAY_MS (7 s).
//   each phase   counts down minutes × 60 s, one tick a second. With the voice on, its prompt plays
//                VOICE_DELAY_MS (3 s) after the phase starts; the guided audio (if that phase's is on) starts
//                GUIDED_AFTER_VOICE_MS (5 s) after the voice ends (or fails), or GUIDED_WITHOUT_VOICE_MS (7 s)
//                after the phase starts when the voice is off. A phase's voice and guided audio stop when it ends.
//   between two phases (not before the first, not after the last) the gong plays, if on; the next phase
//                starts at once.
//   the end      the end bell plays, everything else stops, and the state becomes summary.
// Meditated time is phase time only: the seconds counted down, not the intro or the delays around it.
// A sound that fails is logged and counts as ended, so the flow goes on.
import {
  FIRST_PHASE_DELAY_MS,
  GUIDED_AFTER_VOICE_MS,
  GUIDED_WITHOUT_VOICE_MS,
  INTRO_DELAY_MS,
  SOUND_FILES,
  TICK_MS,
  VOICE_DELAY_MS,
  type PhaseId,
} from '../../../../../course/meditation';
import type { AudioPort, PlayOptions } from './audio';
import type { Clock, TimerId } from './clock';

export type PlannedPhase = { id: PhaseId; seconds: number; guided: boolean };

/** One meditation, as chosen in the settings: the active phases in order and the sounds. */
export type MeditationPlan = {
  phases: readonly PlannedPhase[];
  voice: boolean;
  intro: boolean;
  /** The gong between phases, or null when it is off. */
  gongFile: string | null;
  background: { file: string; volume: number } | null;
};

export type Outcome = 'completed' | 'stopped';

type Progress = {
  /** Counts the meditations started, so a view can tell one summary from the next. */
  run: number;
  phases: readonly PhaseId[];
  /** Seconds meditated so far (phase time only). */
  totalSeconds: number;
};

export type MeditationSnapshot =
  | { status: 'settings' }
  | (Progress & { status: 'playing'; stage: 'preparing' | 'intro' })
  | (Progress & { status: 'playing'; stage: 'phase'; index: number; phase: PhaseId; phaseSeconds: number; remainingSeconds: number })
  | (Progress & { status: 'summary'; outcome: Outcome });

export type PlayingSnapshot = Extract<MeditationSnapshot, { status: 'playing' }>;
export type SummarySnapshot = Extract<MeditationSnapshot, { status: 'summary' }>;

export type MeditationEngine = {
  getSnapshot(): MeditationSnapshot;
  subscribe(listener: () => void): () => void;
  /** Begins a meditation (from settings or summary). False, and nothing happens, when no phase is active. */
  start(plan: MeditationPlan): boolean;
  /** 'Finalizar Meditación': every sound and timer stops at once; the summary shows what was meditated. */
  finish(): void;
  /** 'Meditar de Nuevo': back to the settings. */
  reset(): void;
  /** Stops everything and returns to settings (the view is going away). The engine stays usable. */
  dispose(): void;
};

type Sound = { done: Promise<void>; stop(): void };

/**
 * Timers and sounds that end together. Callbacks from a cleared scope (a timer already due, a sound's end
 * arriving late) do nothing.
 */
class Scope {
  private readonly timers = new Set<TimerId>();
  private readonly sounds = new Set<Sound>();
  private active = true;

  constructor(
    private readonly clock: Clock,
    private readonly audio: AudioPort,
  ) {}

  after(ms: number, callback: () => void): void {
    if (!this.active) return;
    const id = this.clock.setTimeout(() => {
      this.timers.delete(id);
      if (this.active) callback();
    }, Math.max(0, ms));
    this.timers.add(id);
  }

  /** At a time on the clock (now or past: at once). */
  at(time: number, callback: () => void): void {
    this.after(time - this.clock.now(), callback);
  }

  /** Plays a sound; `onDone` runs when it ends or fails (a failure is logged), if the scope is still active. */
  play(file: string, options?: PlayOptions, onDone?: () => void): void {
    if (!this.active) return;
    let sound: Sound;
    try {
      const handle = this.audio.play(file, options);
      sound = { done: handle.ended, stop: () => handle.stop() };
    } catch (error) {
      sound = { done: Promise.reject(error), stop: () => {} };
    }
    this.sounds.add(sound);
    void sound.done
      .catch((error: unknown) => console.error(`No se pudo reproducir el audio «${file}»; la meditación continúa.`, error))
      .then(() => {
        this.sounds.delete(sound);
        if (this.active) onDone?.();
      });
  }

  clear(): void {
    this.active = false;
    for (const id of this.timers) this.clock.clearTimeout(id);
    this.timers.clear();
    for (const sound of this.sounds) sound.stop();
    this.sounds.clear();
  }
}

export function createMeditationEngine({ clock, audio }: { clock: Clock; audio: AudioPort }): MeditationEngine {
  let snapshot: MeditationSnapshot = { status: 'settings' };
  const listeners = new Set<() => void>();
  let run = 0;

  // The meditation (start bell, background, gongs, the delays), the current phase (its voice, guided audio and
  // ticks), and what sounds on after the end (the end bell, until the next meditation or 'Meditar de Nuevo').
  let session: Scope | null = null;
  let phase: Scope | null = null;
  let afterglow: Scope | null = null;

  let plan: MeditationPlan | null = null;
  let totalSeconds = 0;
  // The current phase: its index, when it started on the clock, and the whole seconds counted so far.
  let index = -1;
  let phaseStartedAt = 0;
  let elapsed = 0;

  const emit = (next: MeditationSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const progress = (): Progress => ({ run, phases: plan!.phases.map((p) => p.id), totalSeconds });

  const emitPhase = () => {
    const current = plan!.phases[index]!;
    emit({
      ...progress(),
      status: 'playing',
      stage: 'phase',
      index,
      phase: current.id,
      phaseSeconds: current.seconds,
      remainingSeconds: current.seconds - elapsed,
    });
  };

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

  const stopAll = () => {
    for (const scope of [phase, session, afterglow]) scope?.clear();
    phase = session = afterglow = null;
  };

  /** Counts the whole seconds since the phase began (more than one when the page's timers were held back). */
  const catchUp = () => {
    const current = plan!.phases[index];
    if (!current) return;
    const reached = Math.min(current.seconds, Math.floor((clock.now() - phaseStartedAt) / TICK_MS));
    if (reached <= elapsed) return;
    totalSeconds += reached - elapsed;
    elapsed = reached;
  };

  const scheduleTick = (scope: Scope) => {
    scope.at(phaseStartedAt + (elapsed + 1) * TICK_MS, () => {
      catchUp();
      if (elapsed >= plan!.phases[index]!.seconds) endPhase();
      else {
        emitPhase();
        scheduleTick(scope);
      }
    });
  };

  const beginPhase = (at: number, startedAt: number) => {
    const current = plan!.phases[at]!;
    const scope = new Scope(clock, audio);
    phase = scope;
    index = at;
    phaseStartedAt = startedAt;
    elapsed = 0;
    preloadPhase(at + 1);

    const playGuided = () => scope.play(SOUND_FILES.guided(current.id));
    if (plan!.voice) {
      scope.at(startedAt + VOICE_DELAY_MS, () =>
        scope.play(SOUND_FILES.voice(current.id), undefined, current.guided ? () => scope.after(GUIDED_AFTER_VOICE_MS, playGuided) : undefined),
      );
    } else if (current.guided) {
      scope.at(startedAt + GUIDED_WITHOUT_VOICE_MS, playGuided);
    }
    emitPhase();
    scheduleTick(scope);
  };

  const endPhase = () => {
    const ended = plan!.phases[index]!;
    phase?.clear();
    phase = null;
    // The next phase starts when this one was due to end, even if the tick came late.
    const endedAt = phaseStartedAt + ended.seconds * TICK_MS;
    if (index + 1 < plan!.phases.length) {
      if (plan!.gongFile) session!.play(plan!.gongFile);
      beginPhase(index + 1, endedAt);
    } else {
      complete();
    }
  };

  const complete = () => {
    session?.clear();
    session = null;
    afterglow = new Scope(clock, audio);
    afterglow.play(SOUND_FILES.bellEnd);
    emit({ ...progress(), status: 'summary', outcome: 'completed' });
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
      totalSeconds = 0;
      index = -1;
      elapsed = 0;
      const scope = new Scope(clock, audio);
      session = scope;

      scope.play(SOUND_FILES.bellStart);
      if (next.background) scope.play(next.background.file, { loop: true, volume: next.background.volume });
      if (next.intro) preload(SOUND_FILES.intro);
      preloadPhase(0);
      if (next.gongFile && next.phases.length > 1) preload(next.gongFile);
      preload(SOUND_FILES.bellEnd);

      const firstPhase = () => scope.after(FIRST_PHASE_DELAY_MS, () => beginPhase(0, clock.now()));
      if (next.intro) {
        scope.after(INTRO_DELAY_MS, () => {
          scope.play(SOUND_FILES.intro, undefined, firstPhase);
          emit({ ...progress(), status: 'playing', stage: 'intro' });
        });
      } else {
        firstPhase();
      }
      emit({ ...progress(), status: 'playing', stage: 'preparing' });
      return true;
    },

    finish() {
      if (snapshot.status !== 'playing') return;
      catchUp();
      stopAll();
      emit({ ...progress(), status: 'summary', outcome: 'stopped' });
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
