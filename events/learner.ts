// The learner's stream folded once for every course decision: progress (completions, reflections),
// the wheel (ratings, area texts), the deep-why and the belief goals. Each part is its slice's own pure evolve.
import { DEEP_WHY_ACTIVITY } from '../course/activities';
import { evolveBeliefGoals, initialBeliefGoals, type BeliefGoalsState } from './belief-threshold/belief-threshold';
import { evolveProgress, initialProgress, type ProgressState } from './course/course';
import { evolveDeepWhy, initialDeepWhy, type DeepWhyState } from './deep-why/deep-why';
import type { RecordedEvent } from './store/types';
import { evolveWheel, initialWheel, type WheelState } from './wheel/wheel';

export interface LearnerState {
  progress: ProgressState;
  wheel: WheelState;
  deepWhy: DeepWhyState;
  beliefGoals: BeliefGoalsState;
}

export const learnerFold = {
  initial: { progress: initialProgress, wheel: initialWheel, deepWhy: initialDeepWhy, beliefGoals: initialBeliefGoals } as LearnerState,
  evolve: (s: LearnerState, e: RecordedEvent): LearnerState => ({
    progress: evolveProgress(s.progress, e),
    wheel: evolveWheel(s.wheel, e),
    deepWhy: evolveDeepWhy(s.deepWhy, e),
    beliefGoals: evolveBeliefGoals(s.beliefGoals, e),
  }),
};

/** An activity started again after its completion (the deep why's 'Rehacer Ejercicio'): finishing it counts again. */
export const startedAgain = (s: LearnerState, slug: string): boolean => slug === DEEP_WHY_ACTIVITY && s.deepWhy.restarted;
