// Fixtures of the coach's component tests: a coach, learners, a short journey and the state along it.
import { envelope, makeUser } from '../../testing/fake-api';
import type { JourneyEvent, JourneyState, LearnerSummary } from './api/coach-queries';
import { COACH_ROLE } from './roles';

export const coach = makeUser({ id: '0b6c1f7e-1111-4a4a-9a9a-000000000009', username: 'la.coach', email: 'coach@example.com', roles: [COACH_ROLE] });

export function makeLearner(overrides: Partial<LearnerSummary> = {}): LearnerSummary {
  return {
    id: '5a1e2b3c-2222-4b4b-8b8b-000000000001',
    username: 'ana.luz',
    email: 'ana@example.com',
    registeredAt: '2025-03-03T12:00:00.000Z',
    verified: true,
    premium: false,
    progressPercent: 25,
    currentActivity: { slug: 'concientizando-areas-balance', title: 'Concientizando tus Áreas' },
    lastActivityAt: '2025-03-05T15:00:00.000Z',
    ...overrides,
  };
}

export const learner = makeLearner();

const event = (globalPosition: number, recordedAt: string, description: string, extra: Partial<JourneyEvent> = {}): JourneyEvent => ({
  globalPosition,
  streamPosition: globalPosition,
  stream: 'learner',
  type: 'AreaRated',
  recordedAt,
  activity: '12-areas-balance',
  description,
  data: {},
  ...extra,
});

/** Two days: signs up and rates Finanzas 2 on the 3rd; rates it 7 on the 5th, and the coach writes a note. */
export const JOURNEY: JourneyEvent[] = [
  event(10, '2025-03-03T12:00:00.000Z', 'Creó su cuenta como @ana.luz', { type: 'UserRegistered', activity: null }),
  event(11, '2025-03-03T12:05:00.000Z', 'Calificó Finanzas con 2'),
  event(15, '2025-03-05T12:00:00.000Z', 'Calificó Finanzas con 7'),
  event(20, '2025-03-05T15:00:00.000Z', 'Nota de la coach: «Le cuesta hablar de dinero»', {
    stream: 'notes',
    type: 'CoachNoteAdded',
    activity: null,
  }),
];

const NOTE = { id: 'n1', text: 'Le cuesta hablar de dinero', coachId: coach.id, createdAt: '2025-03-05T15:00:00.000Z', globalPosition: 20 };

/** What the server folds up to `at`: Finanzas 2 from position 11, 7 from 15, the note from 20. */
export function stateAt(at: number): JourneyState {
  const finances = at >= 15 ? 7 : at >= 11 ? 2 : undefined;
  return {
    at,
    ratings: finances === undefined ? {} : { finances },
    firstRatings: finances === undefined ? {} : { finances: 2 },
    beliefs: at >= 15 ? { finances: 'El dinero se va rápido.' } : {},
    visions: {},
    why: { selectedAreaIds: [], answers: {} },
    completedSlugs: at >= 15 ? ['12-areas-balance'] : [],
    meditation: { totalSeconds: 0, sessions: 0, revelations: [] },
    beliefGoals: [],
    coachNotes: at >= 20 ? [NOTE] : [],
  };
}

/** GET /state answering from stateAt(?at=). */
export const stateRoute = (request: Request) => {
  const at = Number(new URL(request.url).searchParams.get('at'));
  return envelope(200, 'Estado del recorrido.', stateAt(at));
};

/** What the layout around every page may ask for; not under test here. */
export const AROUND = {
  'GET /api/app/notification': () => envelope(200, 'Sin novedades.', null),
};
