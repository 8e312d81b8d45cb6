import { describe, expect, it } from 'vitest';
import { currentActivity, currentModule, freePart, isLocked, lockReason, nextActivity, PREMIUM_ROLE, progressPercent } from './rules';
import { ACTIVITIES, activityById, COURSE, findActivity, type Activity } from './syllabus';

const slugs = (...ids: string[]) => ids.map((id) => activityById(id)!.slug);
const required = ACTIVITIES.filter((a) => !a.isIgnorable).map((a) => a.slug);
const PREMIUM = [PREMIUM_ROLE];

describe('the syllabus', () => {
  it('has 5 modules of 11, 7, 5, 5 and 5 activities with ids module-index', () => {
    expect(COURSE.modules.map((m) => m.activities.length)).toEqual([11, 7, 5, 5, 5]);
    for (const m of COURSE.modules) m.activities.forEach((a, i) => expect(a.id).toBe(`${m.module}-${i + 1}`));
  });

  it('has module 1 in the order and with the flags of the spec', () => {
    expect(COURSE.modules[0]!.activities.map((a) => a.slug)).toEqual([
      '12-areas-balance',
      'concientizando-areas-balance',
      'viendo-hacia-atras-desde-el-futuro',
      '7-niveles-deep-why',
      'meditacion-7-fases',
      'niveles-conciencia-hawkins',
      'primera-sesion-de-coaching',
      'tus-sistemas-de-creencias-actuales',
      'tus-nuevos-sistemas-de-creencias',
      'umbral-de-creencia',
      'tu-nueva-historia',
    ]);
    const m1 = COURSE.modules[0]!.activities;
    expect(m1.map((a) => a.isFree)).toEqual([true, true, true, true, true, true, true, false, false, false, false]);
    expect(activityById('1-5')).toMatchObject({ isTool: true, isIgnorable: true });
    expect(activityById('1-6')).toMatchObject({ isTheory: true, isIgnorable: true });
    expect(activityById('1-7')).toMatchObject({ isCoaching: true, isIgnorable: false });
  });

  it('makes every activity of modules 2 to 5 paid, with the two named ignorable ones among them', () => {
    expect(
      COURSE.modules
        .slice(1)
        .flatMap((m) => m.activities)
        .every((a) => !a.isFree),
    ).toBe(true);
    expect(findActivity('herramienta-respiracion-guiada')).toMatchObject({ isTool: true, isIgnorable: true, isFree: false });
    expect(findActivity('teoria-5-leyes-universales')).toMatchObject({ isTheory: true, isIgnorable: true, isFree: false });
  });

  it('has unique slugs and ids, and Spanish titles and descriptions for every activity', () => {
    expect(new Set(ACTIVITIES.map((a) => a.slug)).size).toBe(ACTIVITIES.length);
    expect(new Set(ACTIVITIES.map((a) => a.id)).size).toBe(ACTIVITIES.length);
    for (const a of ACTIVITIES) {
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.title.length).toBeGreaterThan(3);
      expect(a.description.length).toBeGreaterThan(30);
    }
  });

  it('finds an activity by slug or by id', () => {
    expect(findActivity('7-niveles-deep-why')?.id).toBe('1-4');
    expect(findActivity('1-4')?.slug).toBe('7-niveles-deep-why');
    expect(findActivity('no-existe')).toBeUndefined();
  });
});

describe('currentActivity and currentModule', () => {
  it('with nothing completed: the first activity, module 1', () => {
    expect(currentActivity([])?.slug).toBe('12-areas-balance');
    expect(currentModule([])).toBe(1);
  });

  it('skips ignorable activities: after 1-4 the current one is the coaching session 1-7', () => {
    expect(currentActivity(slugs('1-1', '1-2', '1-3', '1-4'))?.id).toBe('1-7');
  });

  it('is the first gap in course order, not the activity after the last completed', () => {
    expect(currentActivity(slugs('1-1', '1-3', '1-4'))?.id).toBe('1-2');
  });

  it('opens the module of the current activity', () => {
    const doneModule1 = COURSE.modules[0]!.activities.map((a) => a.slug);
    expect(currentActivity(doneModule1)?.id).toBe('2-1');
    expect(currentModule(doneModule1)).toBe(2);
  });

  it('with every required activity done: none current, the last module opened', () => {
    expect(currentActivity(required)).toBeUndefined();
    expect(currentModule(required)).toBe(5);
  });

  it('accepts a Set as well as an array', () => {
    expect(currentActivity(new Set(slugs('1-1')))?.id).toBe('1-2');
  });
});

describe('lockReason', () => {
  it('guest or learner without role 7: free activities follow the order; paid ones are premium-locked', () => {
    expect(lockReason('12-areas-balance', [])).toBeUndefined();
    expect(lockReason('concientizando-areas-balance', [])).toBe('previous');
    expect(lockReason('concientizando-areas-balance', slugs('1-1'))).toBeUndefined();
    expect(lockReason('tus-sistemas-de-creencias-actuales', required)).toBe('premium');
    expect(lockReason('mapa-de-tus-emociones', required)).toBe('premium');
  });

  it('premium (role 7) unlocks paid activities but the order still applies', () => {
    const upTo17 = slugs('1-1', '1-2', '1-3', '1-4', '1-7');
    expect(lockReason('tus-sistemas-de-creencias-actuales', upTo17, PREMIUM)).toBeUndefined();
    expect(lockReason('tus-nuevos-sistemas-de-creencias', upTo17, PREMIUM)).toBe('previous');
    expect(lockReason('tus-sistemas-de-creencias-actuales', slugs('1-1', '1-2'), PREMIUM)).toBe('previous');
  });

  it('ignorable activities never block: 1-7 opens once 1-4 is done, with 1-5 and 1-6 untouched', () => {
    expect(lockReason('primera-sesion-de-coaching', slugs('1-1', '1-2', '1-3', '1-4'))).toBeUndefined();
    expect(lockReason('primera-sesion-de-coaching', slugs('1-1', '1-2', '1-3'))).toBe('previous');
  });

  it('an ignorable activity itself waits for the nearest earlier required one', () => {
    expect(lockReason('meditacion-7-fases', slugs('1-1', '1-2', '1-3'))).toBe('previous');
    expect(lockReason('meditacion-7-fases', slugs('1-1', '1-2', '1-3', '1-4'))).toBeUndefined();
    expect(lockReason('niveles-conciencia-hawkins', slugs('1-1', '1-2', '1-3', '1-4'))).toBeUndefined();
  });

  it('crosses module boundaries: 2-1 waits for 1-11; 3-2 waits for 2-7 past the ignorable 3-1', () => {
    const module1 = COURSE.modules[0]!.activities.filter((a) => !a.isIgnorable).map((a) => a.slug);
    expect(lockReason('mapa-de-tus-emociones', module1.slice(0, -1), PREMIUM)).toBe('previous');
    expect(lockReason('mapa-de-tus-emociones', module1, PREMIUM)).toBeUndefined();
    const throughModule2 = [...module1, ...COURSE.modules[1]!.activities.filter((a) => !a.isIgnorable).map((a) => a.slug)];
    expect(lockReason('conversacion-con-tu-yo-futuro', throughModule2, PREMIUM)).toBeUndefined();
    expect(lockReason('conversacion-con-tu-yo-futuro', throughModule2.slice(0, -1), PREMIUM)).toBe('previous');
  });

  it('premium takes precedence over order in the reason given to a non-premium user', () => {
    expect(lockReason('tu-nueva-historia', [])).toBe('premium');
  });

  it('an unknown slug is not "locked" (callers reject it as unknown)', () => {
    expect(lockReason('no-existe', [])).toBeUndefined();
    expect(isLocked('no-existe', [])).toBe(false);
    expect(isLocked('concientizando-areas-balance', [])).toBe(true);
  });

  it('with everything completed, a premium user has nothing locked and a non-premium user only paid items', () => {
    expect(ACTIVITIES.filter((a) => isLocked(a.slug, required, PREMIUM))).toEqual([]);
    expect(ACTIVITIES.filter((a) => isLocked(a.slug, required)).every((a) => !a.isFree)).toBe(true);
  });
});

describe('nextActivity and progress', () => {
  it('is the next in course order, across modules, ignorable ones included; none after the last', () => {
    expect(nextActivity('7-niveles-deep-why')?.slug).toBe('meditacion-7-fases');
    expect(nextActivity('tu-nueva-historia')?.id).toBe('2-1');
    expect(nextActivity(ACTIVITIES.at(-1)!.slug)).toBeUndefined();
    expect(nextActivity('no-existe')).toBeUndefined();
  });

  it('counts required activities only', () => {
    expect(progressPercent([])).toBe(0);
    expect(progressPercent(required)).toBe(100);
    expect(progressPercent(['meditacion-7-fases'])).toBe(0);
  });
});

describe('videos', () => {
  it('every activity has a place for the coach’s video, and a paid one’s is for premium learners only', async () => {
    const { slotById, videoSlot } = await import('./placements');
    for (const a of ACTIVITIES) {
      const slot = slotById(videoSlot(a.slug));
      expect(slot, a.slug).toMatchObject({ kind: 'video', takesVideoLink: true });
      expect(slot!.restricted === true, a.slug).toBe(!a.isFree);
    }
  });
});

describe('freePart: what is free, as the premium invitation says it', () => {
  const made = (id: string, isFree: boolean): Activity => ({
    id,
    slug: `a-${id}`,
    title: id,
    description: '',
    isFree,
    isTool: false,
    isTheory: false,
    isCoaching: false,
    isIgnorable: false,
  });

  it('the course today: the first 7 activities of week 1, not the whole week', () => {
    expect(freePart()).toEqual({ count: 7, module: 1, opening: true, wholeModule: false });
  });

  it('follows the data: a whole free week, a free middle, or free activities spread over weeks', () => {
    expect(freePart([made('1-1', true), made('1-2', true), made('2-1', false)])).toEqual({ count: 2, module: 1, opening: true, wholeModule: true });
    expect(freePart([made('1-1', false), made('1-2', true), made('2-1', false)])).toEqual({ count: 1, module: 1, opening: false, wholeModule: false });
    expect(freePart([made('1-1', true), made('2-1', true)])).toEqual({ count: 2, module: undefined, opening: false, wholeModule: false });
    expect(freePart([made('1-1', false)])).toEqual({ count: 0, module: undefined, opening: false, wholeModule: false });
  });
});
