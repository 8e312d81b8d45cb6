// Inline read model: each learner's focus areas and answers per level (the same fold the decisions use).
import { rowProjection } from '../../store/projection';
import type { RecordedEvent } from '../../store/types';
import { evolveDeepWhy, initialDeepWhy } from '../deepwhy';
import { WhyAnswerSaved, WhySelectionSaved } from '../deepwhy.events';

export interface DeepWhyRow {
  [column: string]: string | string[] | Record<string, (string | null)[]>;
  user_id: string;
  selected_area_ids: string[];
  answers: Record<string, (string | null)[]>;
  updated_at: string;
}

export const deepWhyProjection = rowProjection<DeepWhyRow>({
  name: 'deep_why',
  mode: 'inline',
  table: 'deep_why',
  keyColumns: ['user_id'],
  eventTypes: [WhySelectionSaved.type, WhyAnswerSaved.type],
  key: (e: RecordedEvent) => ({ user_id: (e.data as { userId: string }).userId }),
  evolve: (row, e) => {
    const before = row ? { selectedAreaIds: row.selected_area_ids, answers: row.answers } : initialDeepWhy;
    const after = evolveDeepWhy(before, e);
    return {
      user_id: (e.data as { userId: string }).userId,
      selected_area_ids: [...after.selectedAreaIds],
      answers: Object.fromEntries(Object.entries(after.answers).map(([k, v]) => [k, [...v]])),
      updated_at: e.recordedAt.toISOString(),
    };
  },
});
