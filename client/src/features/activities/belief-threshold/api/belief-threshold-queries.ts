// The belief threshold (activity 8): a learner's goals, each saved whole, and their deletion; the writes keep
// the cached list in step with what the server saved. Keys: ['activities', 'beliefThreshold', 'goals'].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { BELIEF_THRESHOLD_ACTIVITY } from '../../../../../../course/activities';
import type { BeliefGoal } from '../../../../../../course/belief-threshold';
import { api, unwrap } from '../../../../api/client';

export const LOAD_GOALS_ERROR = 'No se pudieron cargar tus metas.';
export const SAVE_GOAL_ERROR = 'No se pudo guardar tu meta. Inténtalo de nuevo.';
export const DELETE_GOAL_ERROR = 'No se pudo eliminar la meta. Inténtalo de nuevo.';

/** A goal as it is sent: without an id it is a new one, and the server gives it its id. */
export type GoalDraft = Omit<BeliefGoal, 'id'> & { id?: string };

export async function fetchGoals(): Promise<BeliefGoal[]> {
  return unwrap(await api.GET('/api/activity/getBeliefThreshold', { params: { query: { activityId: BELIEF_THRESHOLD_ACTIVITY } } }), LOAD_GOALS_ERROR);
}

export async function postGoal(goal: GoalDraft): Promise<BeliefGoal> {
  return unwrap(await api.POST('/api/activity/saveBeliefThreshold', { body: { activityId: BELIEF_THRESHOLD_ACTIVITY, ...goal } }), SAVE_GOAL_ERROR);
}

export async function postDeleteGoal(id: string): Promise<void> {
  unwrap(await api.POST('/api/activity/deleteBeliefThresholdGoal', { body: { id } }), DELETE_GOAL_ERROR);
}

/** The list after a save: the saved goal replaces the one with its id, or is added at the end. */
export function withSavedGoal(goals: readonly BeliefGoal[] | undefined, saved: BeliefGoal): BeliefGoal[] {
  const list = goals ?? [];
  return list.some((g) => g.id === saved.id) ? list.map((g) => (g.id === saved.id ? saved : g)) : [...list, saved];
}

export const beliefThresholdQueries = {
  all: () => ['activities', 'beliefThreshold'] as const,
  goals: () =>
    queryOptions({
      queryKey: [...beliefThresholdQueries.all(), 'goals'] as const,
      queryFn: fetchGoals,
    }),
};

export const beliefThresholdMutations = {
  saveGoal: () =>
    mutationOptions({
      mutationKey: [...beliefThresholdQueries.all(), 'saveGoal'],
      mutationFn: postGoal,
      onSuccess: (saved, _draft, _result, { client }) => client.setQueryData(beliefThresholdQueries.goals().queryKey, (old) => withSavedGoal(old, saved)),
    }),
  deleteGoal: () =>
    mutationOptions({
      mutationKey: [...beliefThresholdQueries.all(), 'deleteGoal'],
      mutationFn: postDeleteGoal,
      onSuccess: (_deleted, id, _result, { client }) => client.setQueryData(beliefThresholdQueries.goals().queryKey, (old) => old?.filter((g) => g.id !== id)),
    }),
};
