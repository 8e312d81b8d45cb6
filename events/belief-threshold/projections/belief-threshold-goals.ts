// Inline read model: each learner's belief goals, one row per goal (the same fold the decisions use).
import type { BeliefGoal } from '../../../course/belief-threshold';
import { rowProjection } from '../../store/projection';
import { BeliefGoalDeleted, BeliefGoalSaved } from '../belief-threshold.events';

export interface BeliefGoalRow {
  [column: string]: string | number | null | BeliefGoal['hesitations'];
  goal_id: string;
  user_id: string;
  manifest_goal: string;
  hesitations: BeliefGoal['hesitations'];
  current_time_index: number;
  perfect_time_frame_label: string | null;
  perfect_time_frame_years: number | null;
  created_at: string;
  updated_at: string;
}

export const beliefThresholdGoalsProjection = rowProjection<BeliefGoalRow>({
  name: 'belief_threshold_goals',
  mode: 'inline',
  table: 'belief_threshold_goals',
  keyColumns: ['goal_id'],
  eventTypes: [BeliefGoalSaved.type, BeliefGoalDeleted.type],
  key: (e) => (BeliefGoalSaved.is(e) || BeliefGoalDeleted.is(e) ? { goal_id: e.data.goalId } : undefined),
  evolve: (row, e) => {
    if (BeliefGoalDeleted.is(e)) return null;
    if (!BeliefGoalSaved.is(e)) return row ?? null;
    const d = e.data;
    return {
      goal_id: d.goalId,
      user_id: d.userId,
      manifest_goal: d.manifestGoal,
      hesitations: d.hesitations,
      current_time_index: d.currentTimeIndex,
      perfect_time_frame_label: d.perfectTimeFrameLabel,
      perfect_time_frame_years: d.perfectTimeFrameYears,
      created_at: row?.created_at ?? e.recordedAt.toISOString(),
      updated_at: e.recordedAt.toISOString(),
    };
  },
});
