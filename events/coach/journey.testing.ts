// Random learner journeys for the property tests of the journey's folds: events of every kind a journey holds,
// stored as the app stores them (sealed with the learner's key), as old unsealed events, or sealed but not opening.
import fc from 'fast-check';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY, DEEP_WHY_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { LIFE_AREAS } from '../../course/areas';
import { createCatalog } from '../registry';
import type { EventRow } from '../store/read';
import { newDataKey, sealData } from '../store/sealing';

export const catalog = createCatalog();
export const userId = '00000000-0000-4000-8000-00000000d001';
const learnerId = userId;
const coachId = '00000000-0000-4000-8000-00000000d009';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const areas = LIFE_AREAS.slice(0, 4).map((a) => a.id);
const goalIds = [uuid(9001), uuid(9002), uuid(9003)];

const area = fc.constantFrom(...areas);
export const TEXTS = ['Puedo ahorrar', 'No tengo tiempo', 'Quiero más calma', 'Me cuesta confiar', '  espacios  ', 'Ñandú ✨'];
const text = fc.constantFrom(...TEXTS);
export const step = fc.oneof(
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
export const storage = fc.constantFrom('sealed', 'sealed', 'sealed', 'plain', 'tampered');

/** The rows a read returns: each event sealed with the learner's key, read with that key (or none once forgotten). */
export function rowsOf(steps: { type: string; data: unknown }[], kinds: string[], forgotten: boolean): EventRow[] {
  const key = newDataKey();
  const positions = new Map<string, number>();
  return steps.map((s, i) => {
    const streamId = s.type === 'CoachNoteAdded' ? `coachnotes-${learnerId}` : `learner-${userId}`;
    const streamPosition = (positions.get(streamId) ?? 0) + 1;
    positions.set(streamId, streamPosition);
    const eventId = uuid(i + 1);
    const { data } = catalog.validate({ type: s.type, data: s.data });
    const personal = catalog.personal(s.type);
    const kind = personal ? kinds[i % kinds.length]! : 'plain';
    const stored = kind === 'plain' ? data : sealData(personal!.fields, kind === 'tampered' ? uuid(99_999) : eventId, data, key);
    return {
      global_position: String(i + 1),
      transaction_id_text: String(1000 + i),
      stream_id: streamId,
      stream_position: String(streamPosition),
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
