// The learner's stream folded once for every course decision: progress (completions, reflections),
// the wheel (ratings, area texts), the deep-why, the belief goals, and what the caps count (deep-why rounds
// and questions, meditation sessions and revelations). Each part is its slice's own pure evolve.
import { DEEP_WHY_ACTIVITY } from '../course/activities';
import { learnerOfStream } from './accounts/accounts.events';
import { evolveBeliefGoals, initialBeliefGoals, type BeliefGoalsState } from './belief-threshold/belief-threshold';
import { evolveProgress, initialProgress, type ProgressState } from './course/course';
import { evolveDeepWhy, evolveDeepWhyCounts, initialDeepWhy, initialDeepWhyCounts, type DeepWhyCounts, type DeepWhyState } from './deep-why/deep-why';
import { evolveMeditationCounts, initialMeditationCounts, type MeditationCounts } from './meditation/meditation';
import type { SnapshotFold } from './store/snapshots';
import type { RecordedEvent } from './store/types';
import { evolveWheel, initialWheel, type WheelState } from './wheel/wheel';

export interface LearnerState {
  progress: ProgressState;
  wheel: WheelState;
  deepWhy: DeepWhyState;
  deepWhyCounts: DeepWhyCounts;
  beliefGoals: BeliefGoalsState;
  meditation: MeditationCounts;
}

export const learnerFold: SnapshotFold<LearnerState> = {
  initial: {
    progress: initialProgress,
    wheel: initialWheel,
    deepWhy: initialDeepWhy,
    deepWhyCounts: initialDeepWhyCounts,
    beliefGoals: initialBeliefGoals,
    meditation: initialMeditationCounts,
  } as LearnerState,
  evolve: (s: LearnerState, e: RecordedEvent): LearnerState => ({
    progress: evolveProgress(s.progress, e),
    wheel: evolveWheel(s.wheel, e),
    deepWhy: evolveDeepWhy(s.deepWhy, e),
    deepWhyCounts: evolveDeepWhyCounts(s.deepWhyCounts, e),
    beliefGoals: evolveBeliefGoals(s.beliefGoals, e),
    meditation: evolveMeditationCounts(s.meditation, e),
  }),
  // Persisted every so many events, so that a process without the stream in memory reads only the tail.
  snapshot: { name: 'learner', source: import.meta.url, owner: learnerOfStream },
};

/** An activity started again after its completion (the deep why's 'Rehacer Ejercicio'): finishing it counts again. */
export const startedAgain = (s: LearnerState, slug: string): boolean => slug === DEEP_WHY_ACTIVITY && s.deepWhy.restarted;
