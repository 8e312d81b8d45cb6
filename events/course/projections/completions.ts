// Inline read model: one row per completed activity per learner (keyed within the learner stream).
import { rowProjection } from '../../store/projection';
import { ActivityCompleted } from '../course.events';

export interface CompletionRow {
  [column: string]: string;
  user_id: string;
  activity_id: string;
  completed_at: string;
}

export const completionsProjection = rowProjection<CompletionRow>({
  name: 'completions',
  mode: 'inline',
  table: 'completions',
  keyColumns: ['user_id', 'activity_id'],
  eventTypes: [ActivityCompleted.type],
  key: (e) => (ActivityCompleted.is(e) ? { user_id: e.data.userId, activity_id: e.data.activityId } : undefined),
  // The first completion counts; completing again changes nothing.
  evolve: (row, e) =>
    row ?? (ActivityCompleted.is(e) ? { user_id: e.data.userId, activity_id: e.data.activityId, completed_at: e.recordedAt.toISOString() } : null),
});
