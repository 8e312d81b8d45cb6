import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { ConflictError } from '../errors';
import {
  decideMeditation,
  evolveMeditation,
  evolveMeditationCounts,
  initialMeditation,
  initialMeditationCounts,
  MAX_MEDITATION_SESSIONS,
  MAX_REVELATIONS,
  meditationHistory,
  TOO_MANY_REVELATIONS,
  TOO_MANY_SESSIONS,
  type MeditationCommand,
  type MeditationSession,
} from './meditation';

const userId = '00000000-0000-4000-8000-0000000000ee';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const session = (n: number, day: string, seconds = 600): MeditationSession => ({
  userId,
  sessionId: id(n),
  seconds,
  activePhases: ['presence', 'gratitude'],
  outcome: 'completed',
  day,
});
const revelation = (n: number, text = 'Ya tengo lo que busco'): MeditationCommand => ({
  type: 'SaveRevelation',
  userId,
  revelationId: id(n),
  revelation: text,
  totalTimeMeditated: 600,
});

describe('the meditation fold', () => {
  it('adds up time and sessions, counts each day once, and keeps revelations in the order written, each once', () => {
    const state = [
      recorded('MeditationSessionCompleted', session(1, '2026-03-01', 300)),
      recorded('MeditationSessionCompleted', session(2, '2026-03-01', 900)),
      recorded('RevelationSaved', { userId, revelationId: id(10), revelation: 'Primera', totalTimeMeditated: 300 }),
      recorded('MeditationSessionCompleted', session(3, '2026-03-02', 60)),
      recorded('RevelationSaved', { userId, revelationId: id(11), revelation: 'Segunda', totalTimeMeditated: 60 }),
      recorded('RevelationSaved', { userId, revelationId: id(10), revelation: 'Primera', totalTimeMeditated: 300 }),
    ].reduce(evolveMeditation, initialMeditation);
    expect(state).toMatchObject({ totalSeconds: 1260, sessions: 3, days: ['2026-03-01', '2026-03-02'] });
    expect(state.revelations.map((r) => r.revelation)).toEqual(['Primera', 'Segunda']);
  });

  it('the history shows whole minutes and the streak of days up to today, or up to yesterday before today’s session', () => {
    const state = { totalSeconds: 3_659, sessions: 4, days: ['2026-03-01', '2026-03-03', '2026-03-04'] };
    expect(meditationHistory(state, '2026-03-04')).toEqual({ totalSeconds: 3_659, totalMinutes: 60, sessions: 4, streakDays: 2, meditatedToday: true });
    expect(meditationHistory(state, '2026-03-05')).toMatchObject({ streakDays: 2, meditatedToday: false });
    expect(meditationHistory(state, '2026-03-06')).toMatchObject({ streakDays: 0 });
  });
});

describe('decideMeditation', () => {
  it('records a session as the device reported it, with its day', () => {
    const events = decideMeditation({ type: 'RecordSession', session: session(1, '2026-03-01'), eventId: id(99) }, { meditation: initialMeditationCounts });
    expect(events.map((e) => [e.type, e.data, e.eventId])).toEqual([['MeditationSessionCompleted', session(1, '2026-03-01'), id(99)]]);
  });

  it('saves a revelation with only the revelation’s own fields in the event', () => {
    const [event] = decideMeditation(revelation(1), { meditation: initialMeditationCounts });
    expect(event!.data).toEqual({ userId, revelationId: id(1), revelation: 'Ya tengo lo que busco', totalTimeMeditated: 600 });
  });

  it(`keeps at most ${MAX_MEDITATION_SESSIONS} sessions and ${MAX_REVELATIONS} revelations per account: past that, a 409 that says what to do`, () => {
    const full = { meditation: { sessions: MAX_MEDITATION_SESSIONS, revelations: MAX_REVELATIONS } };
    expect(() => decideMeditation({ type: 'RecordSession', session: session(1, '2026-03-01') }, full)).toThrow(new ConflictError(TOO_MANY_SESSIONS));
    expect(() => decideMeditation(revelation(1), full)).toThrow(new ConflictError(TOO_MANY_REVELATIONS));
    // One short of each cap: still recorded.
    const almost = { meditation: { sessions: MAX_MEDITATION_SESSIONS - 1, revelations: MAX_REVELATIONS - 1 } };
    expect(decideMeditation({ type: 'RecordSession', session: session(1, '2026-03-01') }, almost)).toHaveLength(1);
    expect(decideMeditation(revelation(1), almost)).toHaveLength(1);
  });

  it('the caps count every session and revelation in the stream', () => {
    const counts = [
      recorded('MeditationSessionCompleted', session(1, '2026-03-01')),
      recorded('MeditationSessionCompleted', session(2, '2026-03-01')),
      recorded('RevelationSaved', { userId, revelationId: id(10), revelation: 'Una', totalTimeMeditated: 1 }),
      recorded('AreaRated', { userId, areaId: 'finances', score: 3 }),
    ].reduce(evolveMeditationCounts, initialMeditationCounts);
    expect(counts).toEqual({ sessions: 2, revelations: 1 });
  });
});
