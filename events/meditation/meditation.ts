// The meditation slice as a pure fold (the coach's replay and the history use it): total time, sessions by
// day, and the revelations in the order they were written; and the decisions to record a session or a
// revelation, which keep each list under its cap, behind one decider.
import { currentStreak } from '../../course/meditation';
import { ConflictError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { MeditationSessionCompleted, RevelationSaved } from './meditation.events';

export interface Revelation {
  id: string;
  revelation: string;
  totalTimeMeditated: number;
  createdAt: string;
}

export interface MeditationState {
  totalSeconds: number;
  sessions: number;
  /** Days ('YYYY-MM-DD', the meditator's time zone) with at least one session. */
  days: readonly string[];
  revelations: readonly Revelation[];
}

export const initialMeditation: MeditationState = { totalSeconds: 0, sessions: 0, days: [], revelations: [] };

export function evolveMeditation(state: MeditationState, event: RecordedEvent): MeditationState {
  if (MeditationSessionCompleted.is(event)) {
    const { seconds, day } = event.data;
    return {
      ...state,
      totalSeconds: state.totalSeconds + seconds,
      sessions: state.sessions + 1,
      days: state.days.includes(day) ? state.days : [...state.days, day],
    };
  }
  if (RevelationSaved.is(event)) {
    const { revelationId, revelation, totalTimeMeditated } = event.data;
    if (state.revelations.some((r) => r.id === revelationId)) return state;
    return { ...state, revelations: [...state.revelations, { id: revelationId, revelation, totalTimeMeditated, createdAt: event.recordedAt.toISOString() }] };
  }
  return state;
}

export interface MeditationHistory {
  totalSeconds: number;
  totalMinutes: number;
  sessions: number;
  streakDays: number;
  meditatedToday: boolean;
}

export function meditationHistory(state: Pick<MeditationState, 'totalSeconds' | 'sessions' | 'days'>, today: string): MeditationHistory {
  return {
    totalSeconds: state.totalSeconds,
    totalMinutes: Math.floor(state.totalSeconds / 60),
    sessions: state.sessions,
    streakDays: currentStreak(state.days, today),
    meditatedToday: state.days.includes(today),
  };
}

/**
 * The most a learner's account keeps, since events are never deleted and the coach's replay folds every one.
 * A five-week course with one or two meditations a day records about 35–70 sessions and as many revelations;
 * these caps are twenty times that or more — two sessions a day for almost three years.
 */
export const MAX_MEDITATION_SESSIONS = 2_000;
export const MAX_REVELATIONS = 1_000;
export const TOO_MANY_SESSIONS = `Ya registraste ${MAX_MEDITATION_SESSIONS.toLocaleString('es')} sesiones de meditación, el máximo que guarda tu cuenta. Puedes seguir meditando, pero esta sesión no se sumará a tu historial; escríbele a tu coach si quieres seguir registrándolas.`;
export const TOO_MANY_REVELATIONS = `Ya guardaste ${MAX_REVELATIONS.toLocaleString('es')} revelaciones, el máximo que guarda tu cuenta. Copia esta en tu diario para no perderla y escríbele a tu coach si quieres seguir guardándolas aquí.`;

/** What the decisions need: how many of each the learner has recorded. */
export interface MeditationCounts {
  sessions: number;
  revelations: number;
}

export const initialMeditationCounts: MeditationCounts = { sessions: 0, revelations: 0 };

export function evolveMeditationCounts(state: MeditationCounts, event: RecordedEvent): MeditationCounts {
  if (MeditationSessionCompleted.is(event)) return { ...state, sessions: state.sessions + 1 };
  if (RevelationSaved.is(event)) return { ...state, revelations: state.revelations + 1 };
  return state;
}

/** A finished or stopped session, as the meditator's device reports it: its day is where and when it ended. */
export type MeditationSession = Parameters<typeof MeditationSessionCompleted.create>[0];

export function decideRecordSession(state: MeditationCounts, command: { session: MeditationSession; eventId?: string }): NewEvent[] {
  if (state.sessions >= MAX_MEDITATION_SESSIONS) throw new ConflictError(TOO_MANY_SESSIONS);
  return [MeditationSessionCompleted.create(command.session, { eventId: command.eventId })];
}

export function decideSaveRevelation(
  state: MeditationCounts,
  command: { userId: string; revelationId: string; revelation: string; totalTimeMeditated: number; eventId?: string },
): NewEvent[] {
  if (state.revelations >= MAX_REVELATIONS) throw new ConflictError(TOO_MANY_REVELATIONS);
  const { eventId, ...data } = command;
  return [RevelationSaved.create(data, { eventId })];
}

export type MeditationCommand =
  | { type: 'RecordSession'; session: MeditationSession; eventId?: string }
  | { type: 'SaveRevelation'; userId: string; revelationId: string; revelation: string; totalTimeMeditated: number; eventId?: string };

/** The decisions read only how many sessions and revelations the learner's stream holds. */
export function decideMeditation(command: MeditationCommand, state: { meditation: MeditationCounts }): NewEvent[] {
  switch (command.type) {
    case 'RecordSession':
      return decideRecordSession(state.meditation, command);
    case 'SaveRevelation': {
      const { type: _type, ...revelation } = command;
      return decideSaveRevelation(state.meditation, revelation);
    }
    default: {
      const _never: never = command;
      throw new Error(`unknown meditation command: ${JSON.stringify(_never)}`);
    }
  }
}
