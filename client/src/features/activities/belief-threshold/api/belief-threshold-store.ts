// The belief threshold in the activity store (lib/activity): a learner's goals on the server
// (belief-threshold-queries.ts). A guest starts with none and nothing of theirs is kept: their goal lives only in
// the page.
import type { BeliefGoal } from '../../../../../../course/belief-threshold';
import { COMPLETE_ERROR } from '../../../../components/CompleteActivity/CompleteActivity';
import { activityData } from '../../../../lib/activity/use-activity-data';
import type { Completion, Write } from '../../../../lib/activity/use-activity-write';
import { beliefThresholdMutations, beliefThresholdQueries, DELETE_GOAL_ERROR, SAVE_GOAL_ERROR, type GoalDraft } from './belief-threshold-queries';

/** A guest's goal never reaches the server: it only needs an id to be told apart in this page. */
const GUEST_GOAL_ID = 'invitado';
const NO_GOALS: readonly BeliefGoal[] = Object.freeze([]);

export const goals = activityData({
  browser: (): readonly BeliefGoal[] => NO_GOALS,
  server: beliefThresholdQueries.goals,
});

/** The whole goal, as it now stands; the server gives a new one its id. */
export const saveGoal: Write<GoalDraft, BeliefGoal> = {
  browser: (draft) => ({ ...draft, id: draft.id ?? GUEST_GOAL_ID }),
  server: beliefThresholdMutations.saveGoal,
  failure: { says: SAVE_GOAL_ERROR, serverWords: true },
};

/** A guest has no saved goals to delete. */
export const deleteGoal: Write<string, void> = {
  browser: () => undefined,
  server: beliefThresholdMutations.deleteGoal,
  failure: { says: DELETE_GOAL_ERROR, serverWords: true },
};

export const beliefThresholdCompletion: Completion = {
  failure: { says: COMPLETE_ERROR, logs: 'No se pudo marcar la actividad como completada.' },
};
