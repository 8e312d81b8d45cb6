// The course's read models: each learner's completed activities (completions) and latest reflection per
// lesson (reflections).
import { ACTIVITIES } from '../../course/syllabus';
import type { Queryable } from '../store/types';

const ORDER = new Map(ACTIVITIES.map((a, i) => [a.slug, i]));

/** The slugs of the activities the learner completed, in course order. */
export async function completedActivities(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ activity_id: string }>('SELECT activity_id FROM completions WHERE user_id = $1', [userId]);
  return rows.map((r) => r.activity_id).sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

export async function hasCompleted(db: Queryable, userId: string, slug: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM completions WHERE user_id = $1 AND activity_id = $2', [userId, slug]);
  return rowCount === 1;
}
