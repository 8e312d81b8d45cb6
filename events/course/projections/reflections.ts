// Inline read model: the latest reflection of each learner on each lesson (history stays in the log).
import { rowProjection } from '../../store/projection';
import { ReflectionSaved } from '../course.events';

export interface ReflectionRow {
  [column: string]: string;
  user_id: string;
  activity_id: string;
  text: string;
  updated_at: string;
}

export const reflectionsProjection = rowProjection<ReflectionRow>({
  name: 'reflections',
  mode: 'inline',
  table: 'reflections',
  keyColumns: ['user_id', 'activity_id'],
  eventTypes: [ReflectionSaved.type],
  key: (e) => (ReflectionSaved.is(e) ? { user_id: e.data.userId, activity_id: e.data.activityId } : undefined),
  evolve: (row, e) =>
    ReflectionSaved.is(e)
      ? { user_id: e.data.userId, activity_id: e.data.activityId, text: e.data.text, updated_at: e.recordedAt.toISOString() }
      : (row ?? null),
});
