import { describe, expect, it } from 'vitest';
import { PREMIUM_ROLE } from '../../course/rules';
import { activityById } from '../../course/syllabus';
import { ForbiddenError } from '../errors';
import { recorded } from '../../tests/setup/recorded';
import { decideComplete, decideCourse, decideGuestCompletions, evolveProgress, inCourseOrder, initialProgress, knownActivity, LOCK_MESSAGES } from './course';

const userId = '00000000-0000-4000-8000-0000000000aa';
const slug = (id: string) => activityById(id)!.slug;
const withCompleted = (...ids: string[]) => ({ completed: new Set(ids.map(slug)) });

describe('course slice', () => {
  it('folds ActivityCompleted into the completed set, and ignores other events', () => {
    const done = [recorded('ActivityCompleted', { userId, activityId: '12-areas-balance' }), recorded('EmailVerified', { userId })].reduce(
      evolveProgress,
      initialProgress,
    );
    expect([...done.completed]).toEqual(['12-areas-balance']);
  });

  it('decideComplete: an open activity gives one event; a completed one none; a locked one a 403 with its reason', () => {
    expect(decideComplete(initialProgress, { userId, slug: slug('1-1'), roles: [] })).toHaveLength(1);
    expect(decideComplete(withCompleted('1-1'), { userId, slug: slug('1-1'), roles: [] })).toEqual([]);
    // Started again since its completion (the deep why's 'Rehacer Ejercicio'): finishing it is recorded again.
    expect(decideComplete(withCompleted('1-1'), { userId, slug: slug('1-1'), roles: [], again: true })).toHaveLength(1);
    expect(() => decideComplete(initialProgress, { userId, slug: slug('1-2'), roles: [] })).toThrow(new ForbiddenError(LOCK_MESSAGES.previous));
    expect(() => decideComplete(withCompleted('1-1', '1-2', '1-3', '1-4', '1-7'), { userId, slug: slug('1-8'), roles: [] })).toThrow(LOCK_MESSAGES.premium);
    expect(decideComplete(withCompleted('1-1', '1-2', '1-3', '1-4', '1-7'), { userId, slug: slug('1-8'), roles: [PREMIUM_ROLE] })).toHaveLength(1);
  });

  it('decideGuestCompletions walks the course in order, granting what unlocks as it goes and skipping the rest', () => {
    const { events, skipped } = decideGuestCompletions(withCompleted('1-1'), {
      userId,
      slugs: [slug('1-3'), slug('1-2'), slug('1-1'), slug('1-8')],
      roles: [],
      eventIdFor: (s) => `id-${s}`,
    });
    expect(events.map((e) => (e.data as { activityId: string }).activityId)).toEqual([slug('1-2'), slug('1-3')]);
    expect(events.map((e) => e.eventId)).toEqual([`id-${slug('1-2')}`, `id-${slug('1-3')}`]);
    expect(skipped).toEqual([slug('1-8')]);
  });

  it('knownActivity resolves slugs and ids and refuses the rest with a 400', () => {
    expect(knownActivity('1-4')).toBe('7-niveles-deep-why');
    expect(() => knownActivity('nada')).toThrow(/Actividad no encontrada/);
  });

  it('folds the latest reflection per lesson', () => {
    const state = [
      recorded('ReflectionSaved', { userId, activityId: slug('1-1'), text: 'Primera idea' }),
      recorded('ReflectionSaved', { userId, activityId: slug('1-1'), text: 'Mejor así' }),
    ].reduce(evolveProgress, initialProgress);
    expect(state.reflections?.get(slug('1-1'))).toBe('Mejor así');
  });

  it('decideCourse completes an activity once, again only when started again, and saves a changed reflection of an open lesson', () => {
    const learner = { userId, roles: [] };
    const complete = { type: 'CompleteActivity' as const, ...learner, slug: slug('1-1') };
    expect(decideCourse(complete, { progress: initialProgress })).toMatchObject({ events: [{ type: 'ActivityCompleted' }], skipped: [] });
    expect(decideCourse(complete, { progress: withCompleted('1-1') }).events).toEqual([]);
    expect(decideCourse({ ...complete, again: true }, { progress: withCompleted('1-1') }).events).toHaveLength(1);

    const reflect = { type: 'SaveReflection' as const, ...learner, slug: slug('1-1'), text: '  Lo que aprendí  ' };
    const [saved] = decideCourse(reflect, { progress: initialProgress }).events;
    expect(saved!.data).toEqual({ userId, activityId: slug('1-1'), text: 'Lo que aprendí' });
    const written = { progress: { ...initialProgress, reflections: new Map([[slug('1-1'), 'Lo que aprendí']]) } };
    expect(decideCourse(reflect, written).events).toEqual([]);
    expect(() => decideCourse({ ...reflect, slug: slug('1-2') }, { progress: initialProgress })).toThrow(new ForbiddenError(LOCK_MESSAGES.previous));
  });

  it('inCourseOrder sorts slugs as the syllabus lists them', () => {
    expect(inCourseOrder([slug('1-3'), slug('1-1'), slug('1-2')])).toEqual([slug('1-1'), slug('1-2'), slug('1-3')]);
  });
});
