// The meditation's read models: each meditator's totals (meditation_totals) and revelations (revelations).
import type { Queryable } from '../store/types';
import type { MeditationState, Revelation } from './meditation';

/** Time, sessions and days meditated; zeros for someone who never meditated. */
export async function meditationTotalsOf(db: Queryable, userId: string): Promise<Pick<MeditationState, 'totalSeconds' | 'sessions' | 'days'>> {
  const { rows } = await db.query<{ total_seconds: string; sessions: number; days: string[] }>(
    'SELECT total_seconds, sessions, days FROM meditation_totals WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { totalSeconds: Number(row.total_seconds), sessions: row.sessions, days: row.days } : { totalSeconds: 0, sessions: 0, days: [] };
}

/** The meditator's revelations, the most recent first. */
export async function revelationsOf(db: Queryable, userId: string): Promise<Revelation[]> {
  const { rows } = await db.query<{ revelation_id: string; revelation: string; total_time_meditated: number; created_at: Date }>(
    'SELECT revelation_id, revelation, total_time_meditated, created_at FROM revelations WHERE user_id = $1 ORDER BY created_at DESC, revelation_id DESC',
    [userId],
  );
  return rows.map((r) => ({
    id: r.revelation_id,
    revelation: r.revelation,
    totalTimeMeditated: r.total_time_meditated,
    createdAt: r.created_at.toISOString(),
  }));
}
