import { describe, expect, it } from 'vitest';
import { AREA_BELIEFS_ACTIVITY, DEEP_WHY_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { ACTIVITIES } from '../../course/syllabus';
import { MAX_DEEP_WHY_RESTARTS } from '../deep-why/deep-why';
import { InvalidError } from '../errors';
import { learnerFold, type LearnerState } from '../learner';
import { guestTranslators } from '../registry';
import { decideCourse, type CourseCommand } from './course';
import { readGuestProgress, translatorsOf } from './guest-sync';

const userId = '00000000-0000-4000-8000-0000000000ab';
const read = (completedSlugs: string[], activityData: Record<string, unknown> = {}) =>
  readGuestProgress(guestTranslators, userId, { completedSlugs, activityData });
const sync = (guest: ReturnType<typeof read>, learner: LearnerState = learnerFold.initial, stored: ReadonlySet<string> = new Set()) =>
  decideCourse({ type: 'SyncGuestProgress', ...guest, roles: [], stored } satisfies CourseCommand<LearnerState>, learner);
const summary = (events: { type: string; data: unknown }[]) => events.map((e) => [e.type, e.data]);

const wheelData = { ratings: { finances: 2, career: 7 }, reflection: '  Me sorprendió mi rueda ' };
const deepWhyData = {
  restarted: true,
  selectedAreaIds: ['finances', 'career', 'character'],
  whyAnswers: { finances: ['Para estar tranquila', '  ', null], 'health-fitness': ['No la elegí'] },
};

describe('reading a guest’s progress', () => {
  it('turns each activity’s data into the events a learner would have written, in the order of its parts', () => {
    const guest = read([WHEEL_ACTIVITY], { [WHEEL_ACTIVITY]: wheelData, [DEEP_WHY_ACTIVITY]: deepWhyData });
    expect(guest.slugs).toEqual([WHEEL_ACTIVITY]);
    expect(guest.data.map((d) => [d.slug, summary([...d.events])])).toEqual([
      [WHEEL_ACTIVITY, [['ReflectionSaved', { userId, activityId: WHEEL_ACTIVITY, text: 'Me sorprendió mi rueda' }]]],
      [
        WHEEL_ACTIVITY,
        [
          ['AreaRated', { userId, areaId: 'finances', score: 2 }],
          ['AreaRated', { userId, areaId: 'career', score: 7 }],
        ],
      ],
      [DEEP_WHY_ACTIVITY, []],
      [
        DEEP_WHY_ACTIVITY,
        // The restart first; answers only for the chosen areas, and only the written ones.
        [
          ['WhyExerciseRestarted', { userId }],
          ['WhySelectionSaved', { userId, areaIds: ['finances', 'career', 'character'] }],
          ['WhyAnswerSaved', { userId, areaId: 'finances', levelIndex: 0, answer: 'Para estar tranquila' }],
        ],
      ],
    ]);
  });

  it('gives the same data the same event ids, and other data other ids: syncing twice writes once', () => {
    const ids = (data: unknown) => read([], { [WHEEL_ACTIVITY]: data }).data.flatMap((d) => d.events.map((e) => e.eventId));
    expect(ids(wheelData)).toEqual(ids({ ...wheelData }));
    expect(ids({ ...wheelData, ratings: { finances: 3, career: 7 } })).not.toEqual(ids(wheelData));
    expect(read([WHEEL_ACTIVITY]).completionIdFor(WHEEL_ACTIVITY)).toBe(read([]).completionIdFor(WHEEL_ACTIVITY));
  });

  it('keeps only the written area texts, trimmed, for the activity they belong to', () => {
    const [, definitions] = read([], { [AREA_BELIEFS_ACTIVITY]: { definitions: { finances: ' Alcanza ', career: '   ' } } }).data;
    expect(summary([...definitions!.events])).toEqual([
      ['AreaDefinitionSaved', { userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: 'finances', definition: 'Alcanza' }],
    ]);
  });

  it('refuses an unknown activity in either field, or one activity’s malformed data, with a Spanish 400', () => {
    expect(() => read(['no-existe'])).toThrow(InvalidError);
    expect(() => read([], { 'no-existe': {} })).toThrow(/Actividad no encontrada.*\(no-existe\)/);
    expect(() => read([], { [WHEEL_ACTIVITY]: { ratings: { finances: 11 } } })).toThrow('Los datos guardados de «Rueda de la Vida» no son válidos.');
  });

  it('no two translators of one activity share a name (their events would share ids)', () => {
    for (const { slug } of ACTIVITIES) {
      const names = translatorsOf(guestTranslators, slug).map((t) => t.name);
      expect(new Set(names).size, slug).toBe(names.length);
    }
  });
});

describe('deciding a guest’s progress', () => {
  it('records what the rules allow and skips the data of an activity still locked, like its completion', () => {
    const guest = read([WHEEL_ACTIVITY, DEEP_WHY_ACTIVITY], { [WHEEL_ACTIVITY]: wheelData, [DEEP_WHY_ACTIVITY]: deepWhyData });
    const { events, skipped } = sync(guest);
    expect(events.map((e) => e.type)).toEqual(['ActivityCompleted', 'ReflectionSaved', 'AreaRated', 'AreaRated']);
    expect(skipped).toEqual([DEEP_WHY_ACTIVITY]);
  });

  it('writes nothing the log already holds', () => {
    const guest = read([WHEEL_ACTIVITY], { [WHEEL_ACTIVITY]: wheelData });
    const stored = new Set(guest.data.flatMap((d) => d.events.map((e) => e.eventId!)));
    const learner = learnerFold.initial;
    const done = { ...learner, progress: { ...learner.progress, completed: new Set([WHEEL_ACTIVITY]) } };
    expect(sync(guest, done, stored)).toEqual({ events: [], skipped: [] });
  });

  it(`drops a guest’s restart once the account has started the deep why again ${MAX_DEEP_WHY_RESTARTS} times, and keeps the rest`, () => {
    const before = ACTIVITIES.slice(
      0,
      ACTIVITIES.findIndex((a) => a.slug === DEEP_WHY_ACTIVITY),
    ).map((a) => a.slug);
    const open = { ...learnerFold.initial, progress: { completed: new Set(before) } };
    const guest = read([], { [DEEP_WHY_ACTIVITY]: deepWhyData });
    expect(sync(guest, open).events.map((e) => e.type)).toEqual(['WhyExerciseRestarted', 'WhySelectionSaved', 'WhyAnswerSaved']);
    const full = { ...open, deepWhyCounts: { restarts: MAX_DEEP_WHY_RESTARTS, questions: 0 } };
    expect(sync(guest, full).events.map((e) => e.type)).toEqual(['WhySelectionSaved', 'WhyAnswerSaved']);
  });
});
