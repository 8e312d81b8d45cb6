// The guided-breathing pacer as a pure function of elapsed time: which phase, how far into it, how big the
// circle is, how many cycles are left. The component only keeps the clock.

export type BreathPhase = 'inhale' | 'holdIn' | 'exhale' | 'holdOut';

export const PHASES: readonly BreathPhase[] = ['inhale', 'holdIn', 'exhale', 'holdOut'];

export const CUES: Record<BreathPhase, string> = {
  inhale: 'Inhala',
  holdIn: 'Sostén',
  exhale: 'Exhala',
  holdOut: 'Sostén',
};

/** Seconds of each phase; a phase of 0 s is skipped. */
export type Rhythm = {
  id: string;
  name: string;
  description: string;
  seconds: Record<BreathPhase, number>;
};

export const RHYTHMS: readonly Rhythm[] = [
  {
    id: 'cuadrada',
    name: 'Respiración cuadrada · 4-4-4-4',
    description: 'Cuatro tiempos iguales. Ordena la mente y te devuelve el foco antes de una conversación difícil.',
    seconds: { inhale: 4, holdIn: 4, exhale: 4, holdOut: 4 },
  },
  {
    id: '4-7-8',
    name: 'Relajación · 4-7-8',
    description: 'Una exhalación larga que le dice al cuerpo que está a salvo. Ideal para soltar tensión o antes de dormir.',
    seconds: { inhale: 4, holdIn: 7, exhale: 8, holdOut: 0 },
  },
  {
    id: 'coherente',
    name: 'Coherencia cardíaca · 5-5',
    description: 'Inhalar y exhalar cinco segundos, sin pausas. Armoniza el ritmo del corazón y calma las emociones.',
    seconds: { inhale: 5, holdIn: 0, exhale: 5, holdOut: 0 },
  },
];

/** The circle's size at rest (empty lungs) and full. */
export const MIN_SCALE = 0.55;
export const MAX_SCALE = 1;

export type BreathState =
  | {
      done: false;
      phase: BreathPhase;
      /** 1-based number of the cycle under way. */
      cycle: number;
      /** Cycles not finished yet, the one under way included. */
      cyclesLeft: number;
      /** Seconds into the phase and left of it. */
      phaseElapsed: number;
      phaseRemaining: number;
      /** 0 → 1 through the phase. */
      phaseProgress: number;
      scale: number;
    }
  | { done: true; cycle: number; cyclesLeft: 0; scale: number };

export const cycleSeconds = (rhythm: Pick<Rhythm, 'seconds'>) => PHASES.reduce((sum, phase) => sum + Math.max(0, rhythm.seconds[phase]), 0);

/** Slow at both ends, like a natural breath. */
const ease = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;

function scaleOf(phase: BreathPhase, progress: number): number {
  switch (phase) {
    case 'inhale':
      return MIN_SCALE + (MAX_SCALE - MIN_SCALE) * ease(progress);
    case 'holdIn':
      return MAX_SCALE;
    case 'exhale':
      return MAX_SCALE - (MAX_SCALE - MIN_SCALE) * ease(progress);
    case 'holdOut':
      return MIN_SCALE;
    default: {
      const unknown: never = phase;
      throw new Error(`unknown breath phase ${String(unknown)}`);
    }
  }
}

/** Where the breath is `elapsedMs` after starting `cycles` cycles of `rhythm`. */
export function breathAt(rhythm: Pick<Rhythm, 'seconds'>, cycles: number, elapsedMs: number): BreathState {
  const cycleLength = cycleSeconds(rhythm);
  const elapsed = Math.max(0, elapsedMs) / 1000;
  if (cycleLength <= 0 || cycles <= 0 || elapsed >= cycleLength * cycles) {
    return { done: true, cycle: Math.max(0, cycles), cyclesLeft: 0, scale: MIN_SCALE };
  }
  const completedCycles = Math.floor(elapsed / cycleLength);
  let into = elapsed - completedCycles * cycleLength;
  for (const phase of PHASES) {
    const length = Math.max(0, rhythm.seconds[phase]);
    if (length === 0) continue;
    if (into < length) {
      const phaseProgress = into / length;
      return {
        done: false,
        phase,
        cycle: completedCycles + 1,
        cyclesLeft: cycles - completedCycles,
        phaseElapsed: into,
        phaseRemaining: length - into,
        phaseProgress,
        scale: scaleOf(phase, phaseProgress),
      };
    }
    into -= length;
  }
  // Only float rounding lands here: the very end of a cycle is the start of the next one's first phase.
  return breathAt(rhythm, cycles, (completedCycles + 1) * cycleLength * 1000);
}
