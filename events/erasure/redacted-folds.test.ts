// A forgotten person's events still fold: every event type with personal fields, read redacted (its texts
// replaced by REDACTED, `redacted: true`), goes through the learner's fold, the coach's journey (state, view and
// descriptions) and the erasure fold without throwing, and no description shows anything but the marker.
import { describe, expect, it } from 'vitest';
import { recorded } from '../../tests/setup/recorded';
import { describeEvent } from '../coach/describe';
import { journeyAt, journeyView } from '../coach/journey';
import { learnerFold } from '../learner';
import { createCatalog } from '../registry';
import { newDataKey, openData, REDACTED, sealData } from '../store/sealing';
import type { RecordedEvent } from '../store/types';
import { evolveErasure, initialErasureState } from './erasure';

const userId = '00000000-0000-4000-8000-0000000000aa';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SAMPLES: Record<string, unknown> = {
  UserRegistered: { userId, username: 'ana_luz', email: 'ana@example.com' },
  DisplayNameChanged: { userId, username: 'Ana Luz' },
  EmailChanged: { userId, email: 'ana.luz@example.com', previousEmail: 'ana@example.com' },
  EmailChangeUndone: { userId, email: 'ana@example.com' },
  LeadCaptured: { email: 'ana@example.com', nick: 'Ana', page: 'niveles', section: 'pdf', status: 'downloaded', firstForSource: true },
  SubscriptionRequested: { email: 'ana@example.com' },
  ClarificationCallRequested: { requestId: id(9), page: 'reprograma', name: 'Ana', email: 'ana@example.com', message: 'Hola' },
  CoachNoteAdded: { learnerId: userId, noteId: id(8), coachId: id(7), text: 'Avanza con calma' },
  BeliefGoalSaved: {
    userId,
    goalId: id(6),
    manifestGoal: 'Abrir mi taller',
    hesitations: [{ timeFrame: { label: '1 año', years: 1 }, belief: 'No tengo dinero' }],
    currentTimeIndex: 1,
    perfectTimeFrameLabel: null,
    perfectTimeFrameYears: null,
  },
  ReflectionSaved: { userId, activityId: 'tus-sistemas-de-creencias-actuales', text: 'Merezco descansar' },
  WhyAnswerSaved: { userId, areaId: 'career', levelIndex: 0, answer: 'Porque quiero paz' },
  WhyQuestionAsked: {
    userId,
    questionId: 'q1',
    areaId: 'career',
    levelIndex: 1,
    question: '¿Por qué la paz?',
    source: 'fallback',
    model: null,
    promptVersion: 'why-v1',
  },
  RevelationSaved: { userId, revelationId: id(5), revelation: 'Puedo soltar', totalTimeMeditated: 600 },
  AreaDefinitionSaved: { userId, activityId: 'concientizando-areas-balance', areaId: 'career', definition: 'Trabajo en lo que me gusta' },
  TestimonialAdded: { testimonialId: id(3), name: 'Ana Luz', text: 'Encontré paz', page: 'coaching', consent: true },
  TestimonialEdited: { testimonialId: id(3), name: 'Ana Luz', text: 'Encontré paz', page: 'coaching' },
  CheckoutStarted: { purchaseId: id(4), productId: 'afirmaciones-ebook', amount: 3, currency: 'USD', email: 'ana@example.com', preferenceId: '123-abc' },
};

const catalog = createCatalog();
const personalTypes = catalog.definitions().filter((d) => d.personal);

function redactedEvent(type: string, n: number): RecordedEvent {
  const fields = catalog.personal(type)!.fields;
  const eventId = id(100 + n);
  const data = catalog.validate({ type, data: SAMPLES[type] }).data;
  const opened = openData(fields, eventId, sealData(fields, eventId, data, newDataKey()), null);
  return recorded(type, opened.data, { eventId, redacted: true, streamId: `learner-${userId}` });
}

describe('redacted events', () => {
  it('has a sample of every event type with personal fields', () => {
    expect(personalTypes.map((d) => d.type).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('fold everywhere without throwing, and show only the marker', () => {
    const events = personalTypes.map((d, i) => redactedEvent(d.type, i));
    for (const e of events) expect(e.redacted).toBe(true);
    let state = learnerFold.initial;
    for (const e of events) state = learnerFold.evolve(state, e);
    expect(() => journeyView(journeyAt(events))).not.toThrow();
    let erasure = initialErasureState;
    for (const e of events) erasure = evolveErasure(erasure, e);
    expect(erasure.addresses.size).toBe(0);
    for (const e of events) {
      const text = describeEvent(e);
      expect(text).not.toMatch(/ana@example|ana\.luz@|Ana Luz|ana_luz|taller|dinero|descansar|paz|soltar|gusta|calma|Hola/);
    }
    expect(describeEvent(events.find((e) => e.type === 'UserRegistered')!)).toBe('Creó su cuenta (Persona eliminada)');
    expect(JSON.stringify(events.map((e) => e.data))).toContain(REDACTED);
  });
});
