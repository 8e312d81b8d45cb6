// The meditation's server side: revelations and the session history. Keys from generic to
// specific: ['meditation'], ['meditation', 'revelations'], ['meditation', 'history', timeZone].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';
import { REVELATION_SAVE_ERROR, type PhaseId } from '../../../../../course/meditation';

type Json<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type Revelation = Json<'/api/activity/getRevelations', 'get'>[number];
export type MeditationHistory = Json<'/api/meditation/history', 'get'>;

export type NewRevelation = { revelation: string; totalTimeMeditated: number };
export type MeditationSession = {
  seconds: number;
  activePhases: PhaseId[];
  outcome: 'completed' | 'stopped';
  timeZone: string | undefined;
  /** ISO 8601, this browser's clock: when it ended. Sent as its age, so the streak counts the right day. */
  endedAt?: string;
};

/** The browser's IANA time zone, for the streak's days; undefined (the server uses UTC) when unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export async function fetchRevelations(): Promise<Revelation[]> {
  return unwrap(await api.GET('/api/activity/getRevelations'));
}

/** `idempotencyKey`: the same for every try of one revelation, so the server writes it once. */
export async function postRevelation(body: NewRevelation, idempotencyKey?: string): Promise<Revelation> {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return unwrap(await api.POST('/api/activity/saveRevelation', { body, headers }), REVELATION_SAVE_ERROR);
}

export async function fetchHistory(timeZone: string | undefined): Promise<MeditationHistory> {
  return unwrap(await api.GET('/api/meditation/history', { params: { query: { timeZone } } }));
}

/**
 * `idempotencyKey`: the same for every try of one session, so the server writes it once. When it ended goes as
 * its age by this browser's clock (a phone's clock may be off; the time between two of its readings is not).
 */
export async function postSession({ endedAt, ...session }: MeditationSession, idempotencyKey: string): Promise<MeditationHistory> {
  const age = endedAt ? Math.max(0, Math.round((Date.now() - Date.parse(endedAt)) / 1000)) : NaN;
  const body = Number.isFinite(age) ? { ...session, endedSecondsAgo: age } : session;
  return unwrap(await api.POST('/api/meditation/sessions', { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

export const meditationQueries = {
  all: () => ['meditation'] as const,
  revelations: () =>
    queryOptions({
      queryKey: [...meditationQueries.all(), 'revelations'] as const,
      queryFn: fetchRevelations,
    }),
  history: (timeZone: string | undefined) =>
    queryOptions({
      queryKey: [...meditationQueries.all(), 'history', timeZone ?? 'UTC'] as const,
      queryFn: () => fetchHistory(timeZone),
    }),
};

export const meditationMutations = {
  saveRevelation: () =>
    mutationOptions({ mutationKey: [...meditationQueries.all(), 'saveRevelation'], mutationFn: (body: NewRevelation) => postRevelation(body) }),
};
