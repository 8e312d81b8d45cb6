// Inline read models: each revelation, and each learner's meditation totals and days (the same fold the
// coach's replay uses).
import { rowProjection } from '../../store/projection';
import { evolveMeditation, initialMeditation } from '../meditation';
import { MeditationSessionCompleted, RevelationSaved } from '../meditation.events';

export interface RevelationRow {
  [column: string]: string | number;
  revelation_id: string;
  user_id: string;
  revelation: string;
  total_time_meditated: number;
  created_at: string;
}

export const revelationsProjection = rowProjection<RevelationRow>({
  name: 'revelations',
  mode: 'inline',
  table: 'revelations',
  keyColumns: ['revelation_id'],
  eventTypes: [RevelationSaved.type],
  key: (e) => (RevelationSaved.is(e) ? { revelation_id: e.data.revelationId } : undefined),
  evolve: (row, e) =>
    RevelationSaved.is(e)
      ? (row ?? {
          revelation_id: e.data.revelationId,
          user_id: e.data.userId,
          revelation: e.data.revelation,
          total_time_meditated: e.data.totalTimeMeditated,
          created_at: e.recordedAt.toISOString(),
        })
      : (row ?? null),
});

export interface MeditationTotalsRow {
  [column: string]: string | number | string[];
  user_id: string;
  total_seconds: number;
  sessions: number;
  days: string[];
  last_session_at: string;
}

export const meditationTotalsProjection = rowProjection<MeditationTotalsRow>({
  name: 'meditation_totals',
  mode: 'inline',
  table: 'meditation_totals',
  keyColumns: ['user_id'],
  eventTypes: [MeditationSessionCompleted.type],
  key: (e) => (MeditationSessionCompleted.is(e) ? { user_id: e.data.userId } : undefined),
  evolve: (row, e) => {
    if (!MeditationSessionCompleted.is(e)) return row ?? null;
    const before = row ? { ...initialMeditation, totalSeconds: row.total_seconds, sessions: row.sessions, days: row.days } : initialMeditation;
    const after = evolveMeditation(before, e);
    return {
      user_id: e.data.userId,
      total_seconds: after.totalSeconds,
      sessions: after.sessions,
      days: [...after.days],
      last_session_at: e.recordedAt.toISOString(),
    };
  },
});
