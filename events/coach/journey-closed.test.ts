// The coach's "state now" folds a learner's journey with its personal texts left closed and opens only what the
// state shows. Whatever the journey (texts replaced, deep-why rounds restarted, goals deleted, old unsealed
// events, a forgotten person, a value that does not open), that must give exactly the state opening first gives,
// at every position of the journey (the state-at-position view).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY, DEEP_WHY_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { LIFE_AREAS } from '../../course/areas';
import { createCatalog } from '../registry';
import type { EventRow } from '../store/read';
import { ClosedValue, newDataKey, openClosed, REDACTED, sealData } from '../store/sealing';
import { journeyAt, journeyView } from './journey';

const catalog = createCatalog();
const userId = '00000000-0000-4000-8000-00000000d001';
const learnerId = userId;
const coachId = '00000000-0000-4000-8000-00000000d009';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const areas = LIFE_AREAS.slice(0, 4).map((a) => a.id);
const goalIds = [uuid(9001), uuid(9002), uuid(9003)];

const area = fc.constantFrom(...areas);
const text = fc.constantFrom('Puedo ahorrar', 'No tengo tiempo', 'Quiero más calma', 'Me cuesta confiar', '  espacios  ', 'Ñandú ✨');
const step = fc.oneof(
  fc.record({ type: fc.constant('AreaRated'), data: fc.record({ userId: fc.constant(userId), areaId: area, score: fc.integer({ min: 0, max: 10 }) }) }),
  fc.record({
    type: fc.constant('AreaDefinitionSaved'),
    data: fc.record({ userId: fc.constant(userId), activityId: fc.constantFrom(AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY), areaId: area, definition: text }),
  }),
  fc.record({
    type: fc.constant('ActivityCompleted'),
    data: fc.record({ userId: fc.constant(userId), activityId: fc.constantFrom(WHEEL_ACTIVITY, DEEP_WHY_ACTIVITY) }),
  }),
  fc.record({ type: fc.constant('ReflectionSaved'), data: fc.record({ userId: fc.constant(userId), activityId: fc.constant(WHEEL_ACTIVITY), text }) }),
  fc.record({ type: fc.constant('WhySelectionSaved'), data: fc.record({ userId: fc.constant(userId), areaIds: fc.constant(areas.slice(0, 3)) }) }),
  fc.record({
    type: fc.constant('WhyAnswerSaved'),
    data: fc.record({ userId: fc.constant(userId), areaId: area, levelIndex: fc.integer({ min: 0, max: 3 }), answer: text }),
  }),
  fc.record({ type: fc.constant('WhyExerciseRestarted'), data: fc.record({ userId: fc.constant(userId) }) }),
  fc.record({
    type: fc.constant('RevelationSaved'),
    data: fc.record({
      userId: fc.constant(userId),
      revelationId: fc.constantFrom(uuid(8001), uuid(8002), uuid(8003)),
      revelation: text,
      totalTimeMeditated: fc.nat(5000),
    }),
  }),
  fc.record({
    type: fc.constant('BeliefGoalSaved'),
    data: fc.record({
      userId: fc.constant(userId),
      goalId: fc.constantFrom(...goalIds),
      manifestGoal: text,
      hesitations: fc.array(fc.record({ timeFrame: fc.constant({ label: '1 año', years: 1 }), belief: text }), { maxLength: 3 }),
      currentTimeIndex: fc.constant(0),
      perfectTimeFrameLabel: fc.constant(null),
      perfectTimeFrameYears: fc.constant(null),
    }),
  }),
  fc.record({ type: fc.constant('BeliefGoalDeleted'), data: fc.record({ userId: fc.constant(userId), goalId: fc.constantFrom(...goalIds) }) }),
  fc.record({
    type: fc.constant('CoachNoteAdded'),
    data: fc.record({ learnerId: fc.constant(learnerId), noteId: fc.uuid(), coachId: fc.constant(coachId), text }),
  }),
);

/** How an event is stored and read: sealed (the app today), plain (written before sealing), or sealed but not opening (tampered). */
const storage = fc.constantFrom('sealed', 'sealed', 'sealed', 'plain', 'tampered');

/** The rows a read returns: each event sealed with the learner's key, read with that key (or none once forgotten). */
function rowsOf(steps: { type: string; data: unknown }[], kinds: string[], forgotten: boolean): EventRow[] {
  const key = newDataKey();
  return steps.map((s, i) => {
    const eventId = uuid(i + 1);
    const { data } = catalog.validate({ type: s.type, data: s.data });
    const personal = catalog.personal(s.type);
    const kind = personal ? kinds[i % kinds.length]! : 'plain';
    const stored = kind === 'plain' ? data : sealData(personal!.fields, kind === 'tampered' ? uuid(99_999) : eventId, data, key);
    return {
      global_position: String(i + 1),
      transaction_id_text: String(1000 + i),
      stream_id: s.type === 'CoachNoteAdded' ? `coachnotes-${learnerId}` : `user-${userId}`,
      stream_position: String(i + 1),
      event_id: eventId,
      type: s.type,
      version: 1,
      data: stored,
      metadata: kind === 'plain' ? {} : { sealedFor: `user:${userId}` },
      recorded_at: new Date(Date.UTC(2026, 2, 1, 0, i)),
      person_key: kind === 'plain' ? undefined : forgotten ? null : key,
    };
  });
}

const closedIn = (value: unknown): boolean =>
  value instanceof ClosedValue || (value !== null && typeof value === 'object' && Object.values(value).some(closedIn));

describe('the coach’s state with personal texts opened only where shown', () => {
  it('is the state opening every event first gives, at every position, forgotten or not', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.array(storage, { minLength: 1, maxLength: 7 }),
        fc.boolean(),
        (steps, kinds, forgotten) => {
          const rows = rowsOf(steps, kinds, forgotten);
          const opened = rows.map((r) => catalog.open(r));
          const closed = rows.map((r) => catalog.openClosedLater(r));
          for (let at = 0; at <= rows.length; at++) {
            const shown = journeyView(journeyAt(closed, at));
            const view = openClosed(shown);
            expect(closedIn(view)).toBe(false);
            expect(view).toEqual(journeyView(journeyAt(opened, at)));
          }
          // A forgotten person's events are marked redacted before anything is opened, as the opened read marks them.
          expect(closed.map((e) => Boolean(e.redacted))).toEqual(opened.map((e, i) => Boolean(e.redacted) && (forgotten || rows[i]!.person_key === undefined)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('decrypts only the texts the state shows, and a forgotten person’s read as deleted', () => {
    const steps = [
      ...Array.from({ length: 30 }, (_, n) => ({
        type: 'AreaDefinitionSaved',
        data: { userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: areas[n % 2]!, definition: `Texto ${n}` },
      })),
    ];
    const closed = rowsOf(steps, ['sealed'], false).map((r) => catalog.openClosedLater(r));
    const shown = journeyView(journeyAt(closed));
    expect(Object.values(shown.beliefs).every((v: unknown) => v instanceof ClosedValue)).toBe(true);
    expect(openClosed(shown).beliefs).toEqual({ [areas[0]!]: 'Texto 28', [areas[1]!]: 'Texto 29' });

    const forgotten = rowsOf(steps, ['sealed'], true).map((r) => catalog.openClosedLater(r));
    expect(openClosed(journeyView(journeyAt(forgotten))).beliefs).toEqual({ [areas[0]!]: REDACTED, [areas[1]!]: REDACTED });
  });

  it('a closed text never reaches a response or a log unopened', () => {
    const [row] = rowsOf([{ type: 'ReflectionSaved', data: { userId, activityId: WHEEL_ACTIVITY, text: 'Mi reflexión' } }], ['sealed'], false);
    const event = catalog.openClosedLater(row!);
    expect(() => JSON.stringify(event.data)).toThrow();
    expect(String((event.data as { text: unknown }).text)).not.toContain('Mi reflexión');
  });
});
