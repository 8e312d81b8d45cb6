// Inline read model: each learner's focus areas and answers per level, and whether the exercise was started
// again since its completion (the same fold the decisions use).
import { DEEP_WHY_ACTIVITY } from '../../../course/activities';
import { ActivityCompleted } from '../../course/course.events';
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { evolveDeepWhy, initialDeepWhy } from '../deep-why';
import { WhyAnswerSaved, WhyExerciseRestarted, WhySelectionSaved } from '../deep-why.events';

export interface DeepWhyRow {
  [column: string]: string | string[] | boolean | Record<string, (string | null)[]>;
  user_id: string;
  selected_area_ids: string[];
  answers: Record<string, (string | null)[]>;
  restarted: boolean;
  updated_at: string;
}

export const deepWhyProjection = rowProjection<DeepWhyRow>({
  name: 'deep_why',
  mode: 'inline',
  table: 'deep_why',
  keyColumns: ['user_id'],
  eventTypes: [WhySelectionSaved.type, WhyAnswerSaved.type, WhyExerciseRestarted.type, ActivityCompleted.type],
  // Of the completions, only the deep why's own (it closes a restarted round).
  key: (e: RecordedEvent) =>
    ActivityCompleted.is(e) && e.data.activityId !== DEEP_WHY_ACTIVITY ? undefined : { user_id: (e.data as { userId: string }).userId },
  evolve: (row, e) => {
    // A completion alone (no exercise yet) makes no row.
    if (!row && ActivityCompleted.is(e)) return null;
    const before = row ? { selectedAreaIds: row.selected_area_ids, answers: row.answers, restarted: row.restarted } : initialDeepWhy;
    const after = evolveDeepWhy(before, e);
    return {
      user_id: (e.data as { userId: string }).userId,
      selected_area_ids: [...after.selectedAreaIds],
      answers: Object.fromEntries(Object.entries(after.answers).map(([k, v]) => [k, [...v]])),
      restarted: after.restarted,
      updated_at: e.recordedAt.toISOString(),
    };
  },
});
