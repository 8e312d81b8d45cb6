// Inline read models of the coach's learner list, one row per registered learner in each, keyed by their stream:
// what the list sorts by and shows without reading every learner's completions or joining on stream ids.
// Two tables, because they change at different rates: progress on a first completion, the last activity on every
// event of the stream, which then rewrites a narrow row and one index of its own, not the list of completed slugs.
import { ACTIVITIES } from '../../../course/syllabus';
import { accountEvents, learnerStreamId, UserRegistered } from '../../accounts/accounts.events';
import { beliefThresholdEvents } from '../../belief-threshold/belief-threshold.events';
import { ActivityCompleted, courseEvents } from '../../course/course.events';
import { deepWhyEvents } from '../../deep-why/deep-why.events';
import { meditationEvents } from '../../meditation/meditation.events';
import { EntitlementGranted, EntitlementRevoked } from '../../payments/payments.events';
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { wheelEvents } from '../../wheel/wheel.events';

const LEARNER_PREFIX = learnerStreamId('');
// Keyed by the stream, not by a field of the event: a row follows its learner's stream, whatever the event's type.
const byLearnerStream = (e: RecordedEvent) => (e.streamId.startsWith(LEARNER_PREFIX) ? { user_id: e.streamId.slice(LEARNER_PREFIX.length) } : undefined);

export interface LearnerProgressRow {
  [column: string]: string | string[] | number;
  user_id: string;
  /** Slugs of the activities completed, each once, in code-unit order (a rebuild and migration 039 agree on it). */
  completed: string[];
  /** How many of `completed` the course requires (its non-ignorable activities): the progress order. */
  completed_required: number;
}

const REQUIRED = new Set(ACTIVITIES.filter((a) => !a.isIgnorable).map((a) => a.slug));

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

export interface LearnerActivityRow {
  [column: string]: string;
  user_id: string;
  /** The recorded time of the learner stream's last event, as `streams.updated_at` has it (to the millisecond). */
  last_activity_at: string;
}

/**
 * Every type a learner's stream holds: any of them is activity. A type added to that stream belongs here, or the
 * list's last activity misses it (PersonForgotten is the forgetting wrapper's: the row goes).
 */
export const LEARNER_STREAM_TYPES = [
  ...accountEvents,
  ...courseEvents,
  ...wheelEvents,
  ...deepWhyEvents,
  ...meditationEvents,
  ...beliefThresholdEvents,
  EntitlementGranted,
  EntitlementRevoked,
].map((d) => d.type);

export function evolveLearnerActivity(row: LearnerActivityRow | undefined, event: RecordedEvent): LearnerActivityRow | null {
  const last_activity_at = event.recordedAt.toISOString();
  if (row) return { ...row, last_activity_at };
  return UserRegistered.is(event) ? { user_id: event.data.userId, last_activity_at } : null;
}

export const learnerActivityProjection = rowProjection<LearnerActivityRow>({
  name: 'learner_activity',
  mode: 'inline',
  table: 'learner_activity',
  keyColumns: ['user_id'],
  eventTypes: LEARNER_STREAM_TYPES,
  key: byLearnerStream,
  evolve: evolveLearnerActivity,
});
