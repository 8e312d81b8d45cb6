// Activity 8, the belief threshold: the time
// frames in order, the goal rule, and the questioning's progression. Shared by the page and the server.

export type TimeFrame = {
  label: string;
  years: number;
};

/** Asked in this order, from the farthest to the nearest. */
export const TIME_FRAMES: readonly TimeFrame[] = [
  { label: '20 años', years: 20 },
  { label: '15 años', years: 15 },
  { label: '10 años', years: 10 },
  { label: '7 años', years: 7 },
  { label: '5 años', years: 5 },
  { label: '3 años', years: 3 },
  { label: '1 año', years: 1 },
  { label: '6 meses', years: 0.5 },
  { label: '3 meses', years: 0.25 },
  { label: '1 mes', years: 0.083 },
];

export const frameByYears = (years: number) => TIME_FRAMES.find((f) => f.years === years);
export const isKnownFrame = (frame: { label: string; years: number }) => frameByYears(frame.years)?.label === frame.label;

/** The goal, trimmed, must be longer than 10 characters. */
export const MIN_GOAL_EXCLUSIVE = 10;
export const MAX_GOAL = 1_000;
export const MAX_BELIEF = 5_000;
export const isValidGoalText = (text: string) => text.trim().length > MIN_GOAL_EXCLUSIVE;

export const GOAL_TOO_SHORT = 'Describe tu meta con un poco más de detalle (más de 10 caracteres).';
export const BELIEF_REQUIRED = 'Escribe la creencia que te hace dudar.';
export const DELETE_CONFIRM = '¿Seguro que quieres eliminar esta meta? Esta acción no se puede deshacer.';
export const IN_PROGRESS = 'En progreso...';

export type Hesitation = {
  timeFrame: TimeFrame;
  belief: string;
};

export interface BeliefGoal {
  id: string;
  manifestGoal: string;
  hesitations: Hesitation[];
  currentTimeIndex: number;
  perfectTimeFrameLabel: string | null;
  perfectTimeFrameYears: number | null;
}

/** A goal with a perfect time is done; otherwise it is still in progress. */
export const isGoalDone = (goal: Pick<BeliefGoal, 'perfectTimeFrameLabel'>) => goal.perfectTimeFrameLabel !== null;

export type Step = { screen: 'questioning'; index: number } | { screen: 'summary' };

/** 'Sí, Absolutamente' (and a saved doubt) moves to the next time frame, or to the summary after the last. */
export function advance(index: number): Step {
  return index + 1 < TIME_FRAMES.length ? { screen: 'questioning', index: index + 1 } : { screen: 'summary' };
}

/** 'Uhm... dudo' then the belief: the hesitation is added for the current frame, then the questioning advances. */
export function addHesitation(goal: BeliefGoal, belief: string): { goal: BeliefGoal; step: Step } {
  const timeFrame = TIME_FRAMES[goal.currentTimeIndex]!;
  const step = advance(goal.currentTimeIndex);
  return {
    goal: {
      ...goal,
      hesitations: [...goal.hesitations, { timeFrame: { ...timeFrame }, belief: belief.trim() }],
      currentTimeIndex: step.screen === 'questioning' ? step.index : goal.currentTimeIndex,
    },
    step,
  };
}

/** 'Este tiempo es perfecto': the current frame becomes the goal's perfect time; then the summary. */
export function choosePerfect(goal: BeliefGoal): BeliefGoal {
  const frame = TIME_FRAMES[goal.currentTimeIndex]!;
  return { ...goal, perfectTimeFrameLabel: frame.label, perfectTimeFrameYears: frame.years };
}

/**
 * 'Empezar de Nuevo': the hesitations and the index are cleared and the questioning starts again from the
 * first frame. Nothing else: a perfect time already found stays (the goal stays done) until another frame
 * is chosen as perfect.
 */
export function restart(goal: BeliefGoal): BeliefGoal {
  return { ...goal, hesitations: [], currentTimeIndex: 0 };
}
