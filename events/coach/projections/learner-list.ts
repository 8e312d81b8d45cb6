// The inline read model of the coach's learner list: one row per registered learner, keyed by their stream, with
// what the list sorts by and shows of their progress without reading every learner's completions. (Their last
// activity is their stream's `updated_at`, ordered by an index of `streams`: migration 039.)
import { REQUIRED_ACTIVITIES } from '../../../course/rules';
import { learnerIdOfStream, UserRegistered } from '../../accounts/accounts.events';
import { ActivityCompleted } from '../../course/course.events';
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';

// Keyed by the stream, not by a field of the event: a row follows its learner's stream, whatever the event's type.
const byLearnerStream = (e: RecordedEvent) => {
  const userId = learnerIdOfStream(e.streamId);
  return userId === undefined ? undefined : { user_id: userId };
};

export interface LearnerProgressRow {
  [column: string]: string | string[] | number;
  user_id: string;
  /** Slugs of the activities completed, each once, in code-unit order (a rebuild and migration 039 agree on it). */
  completed: string[];
  /** How many of `completed` the course requires (its non-ignorable activities): the progress order. */
  completed_required: number;
}

const REQUIRED = new Set(REQUIRED_ACTIVITIES.map((a) => a.slug));

export function evolveLearnerProgress(row: LearnerProgressRow | undefined, event: RecordedEvent): LearnerProgressRow | null {
  if (UserRegistered.is(event)) return row ?? { user_id: event.data.userId, completed: [], completed_required: 0 };
  if (!row) return null; // the list is of registered accounts, as `users` is
  if (!ActivityCompleted.is(event) || row.completed.includes(event.data.activityId)) return row;
  const completed = [...row.completed, event.data.activityId].sort();
  return { ...row, completed, completed_required: completed.filter((slug) => REQUIRED.has(slug)).length };
}

export const learnerProgressProjection = rowProjection<LearnerProgressRow>({
  name: 'learner_progress',
  mode: 'inline',
  table: 'learner_progress',
  keyColumns: ['user_id'],
  eventTypes: [UserRegistered.type, ActivityCompleted.type],
  key: byLearnerStream,
  evolve: evolveLearnerProgress,
});
