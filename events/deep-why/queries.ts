// The deep why's read model: each learner's focus areas, answers per level, and whether the exercise was
// started again since its completion (deep_why).
import type { Queryable } from '../store/types';

export interface DeepWhyRecord {
  selectedAreaIds: string[];
  /** Area id → answers by level index. */
  answers: Record<string, (string | null)[]>;
  /** Started again since its completion. */
  restarted: boolean;
}

/** The learner's deep why as the read model has it; undefined before anything was saved. */
export async function deepWhyOf(db: Queryable, userId: string): Promise<DeepWhyRecord | undefined> {
  const { rows } = await db.query<{ selected_area_ids: string[]; answers: Record<string, (string | null)[]>; restarted: boolean }>(
    'SELECT selected_area_ids, answers, restarted FROM deep_why WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row && { selectedAreaIds: row.selected_area_ids, answers: row.answers, restarted: row.restarted };
}
