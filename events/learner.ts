// The learner's stream folded once for every course decision: progress (completions, reflections),
// the wheel (ratings, area texts) and the deep-why. Each part is its slice's own pure evolve.
import { evolveProgress, initialProgress, type ProgressState } from './course/course';
import { evolveDeepWhy, initialDeepWhy, type DeepWhyState } from './deepwhy/deepwhy';
import type { RecordedEvent } from './store/types';
import { evolveWheel, initialWheel, type WheelState } from './wheel/wheel';

export interface LearnerState {
  progress: ProgressState;
  wheel: WheelState;
  deepWhy: DeepWhyState;
}

export const learnerFold = {
  initial: { progress: initialProgress, wheel: initialWheel, deepWhy: initialDeepWhy } as LearnerState,
  evolve: (s: LearnerState, e: RecordedEvent): LearnerState => ({
    progress: evolveProgress(s.progress, e),
    wheel: evolveWheel(s.wheel, e),
    deepWhy: evolveDeepWhy(s.deepWhy, e),
  }),
};
