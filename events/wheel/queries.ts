// The wheel's read models: each learner's latest rating per area (area_ratings) and text per area in the
// area-text activities (area_definitions).
import type { Queryable } from '../store/types';

/** Area → the learner's latest rating. */
export async function ratingsOf(db: Queryable, userId: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ area_id: string; score: number }>('SELECT area_id, score FROM area_ratings WHERE user_id = $1', [userId]);
  return Object.fromEntries(rows.map((r) => [r.area_id, r.score]));
}

export interface AreaText {
  activityId: string;
  areaId: string;
  definition: string;
}

/** The learner's latest texts, all of them or those of one activity and/or one area. */
export async function areaTextsOf(db: Queryable, userId: string, only: { activityId?: string; areaId?: string } = {}): Promise<AreaText[]> {
  const { rows } = await db.query<{ activity_id: string; area_id: string; definition: string }>(
    `SELECT activity_id, area_id, definition FROM area_definitions
     WHERE user_id = $1 AND ($2::text IS NULL OR activity_id = $2) AND ($3::text IS NULL OR area_id = $3)`,
    [userId, only.activityId ?? null, only.areaId ?? null],
  );
  return rows.map((r) => ({ activityId: r.activity_id, areaId: r.area_id, definition: r.definition }));
}
