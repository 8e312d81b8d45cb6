// The belief threshold's read model: each learner's goals (belief_threshold_goals), one row per goal.
import type { BeliefGoal } from '../../course/belief-threshold';
import type { Queryable } from '../store/types';

type GoalRecord = {
  goal_id: string;
  manifest_goal: string;
  hesitations: BeliefGoal['hesitations'];
  current_time_index: number;
  perfect_time_frame_label: string | null;
  perfect_time_frame_years: number | null;
};

/** The learner's goals in the order they were created. */
export async function goalsOf(db: Queryable, userId: string): Promise<BeliefGoal[]> {
  const { rows } = await db.query<GoalRecord>(
    `SELECT goal_id, manifest_goal, hesitations, current_time_index, perfect_time_frame_label, perfect_time_frame_years
     FROM belief_threshold_goals WHERE user_id = $1 ORDER BY created_at, goal_id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.goal_id,
    manifestGoal: r.manifest_goal,
    hesitations: r.hesitations,
    currentTimeIndex: r.current_time_index,
    perfectTimeFrameLabel: r.perfect_time_frame_label,
    perfectTimeFrameYears: r.perfect_time_frame_years,
  }));
}
