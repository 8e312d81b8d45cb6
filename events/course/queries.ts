// The course's read models: each learner's completed activities (completions) and latest reflection per
// lesson (reflections).
import type { Queryable } from '../store/types';
import { inCourseOrder } from './course';

/** The slugs of the activities the learner completed, in course order. */
export async function completedActivities(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ activity_id: string }>('SELECT activity_id FROM completions WHERE user_id = $1', [userId]);
  return inCourseOrder(rows.map((r) => r.activity_id));
}

export async function hasCompleted(db: Queryable, userId: string, slug: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM completions WHERE user_id = $1 AND activity_id = $2', [userId, slug]);
  return rowCount === 1;
}

/** The learner's latest reflection on a lesson, and when it was saved. */
export async function reflectionOf(db: Queryable, userId: string, slug: string): Promise<{ text: string; updatedAt: Date } | undefined> {
  const { rows } = await db.query<{ text: string; updated_at: Date }>('SELECT text, updated_at FROM reflections WHERE user_id = $1 AND activity_id = $2', [
    userId,
    slug,
  ]);
  return rows[0] && { text: rows[0].text, updatedAt: rows[0].updated_at };
}

/** Which of these event ids the log already holds (a guest's data synced before is not written again). */
export async function storedEventIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ event_id: string }>('SELECT event_id FROM events WHERE event_id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.event_id));
}
