// The meditation slice as a pure fold (the coach's replay and the history use it): total time, sessions by
// day, and the revelations in the order they were written.
import { currentStreak } from '../../course/meditation';
import type { RecordedEvent } from '../store/types';
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
