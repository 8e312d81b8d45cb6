import { describe, expect, it } from 'vitest';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { recorded } from '../../tests/setup/recorded';
import { initialProgress, LOCK_MESSAGES, type ProgressState } from '../course/course';
import { ForbiddenError } from '../errors';
import type { NewEvent } from '../store/types';
import { decideWheel, evolveWheel, initialWheel, type WheelCommand, type WheelState } from './wheel';

const userId = '00000000-0000-4000-8000-0000000000cc';
const learner = { userId, roles: [] as number[] };
const wheelDone: ProgressState = { completed: new Set([WHEEL_ACTIVITY]) };
const rate = (areaId: string, score: number): WheelCommand => ({ type: 'RateArea', ...learner, areaId, score });
const define = (activityId: typeof AREA_BELIEFS_ACTIVITY | typeof AREA_VISION_ACTIVITY, areaId: string, definition: string): WheelCommand => ({
  type: 'DefineArea',
  ...learner,
  activityId,
  areaId,
  definition,
});
const apply = (state: WheelState, events: NewEvent[]) => events.map((e) => recorded(e.type, e.data)).reduce(evolveWheel, state);

describe('the wheel fold', () => {
  it('keeps the latest rating of each area and the latest text per activity and area', () => {
    const state = [
      recorded('AreaRated', { userId, areaId: 'finances', score: 3 }),
      recorded('AreaRated', { userId, areaId: 'career', score: 8 }),
      recorded('AreaRated', { userId, areaId: 'finances', score: 6 }),
      recorded('AreaDefinitionSaved', { userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: 'finances', definition: 'Nunca alcanza' }),
      recorded('AreaDefinitionSaved', { userId, activityId: AREA_VISION_ACTIVITY, areaId: 'finances', definition: 'Vivo con holgura' }),
      recorded('AreaDefinitionSaved', { userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: 'finances', definition: 'Alcanza si lo cuido' }),
      recorded('EmailVerified', { userId }),
    ].reduce(evolveWheel, initialWheel);
    expect(state.ratings).toEqual({ finances: 6, career: 8 });
    expect(state.definitions).toEqual({
      [AREA_BELIEFS_ACTIVITY]: { finances: 'Alcanza si lo cuido' },
      [AREA_VISION_ACTIVITY]: { finances: 'Vivo con holgura' },
    });
  });
});

describe('decideWheel', () => {
  it('rates an area of the wheel, which is always open; the same score again records nothing', () => {
    const events = decideWheel(rate('finances', 4), { progress: initialProgress, wheel: initialWheel });
    expect(events.map((e) => [e.type, e.data])).toEqual([['AreaRated', { userId, areaId: 'finances', score: 4 }]]);
    const wheel = apply(initialWheel, events);
    expect(decideWheel(rate('finances', 4), { progress: initialProgress, wheel })).toEqual([]);
    expect(decideWheel(rate('finances', 5), { progress: initialProgress, wheel })).toHaveLength(1);
  });

  it('saves an area text trimmed, and nothing when the text is unchanged', () => {
    const events = decideWheel(define(AREA_BELIEFS_ACTIVITY, 'career', '  Trabajo para vivir  '), { progress: wheelDone, wheel: initialWheel });
    expect(events.map((e) => e.data)).toEqual([{ userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: 'career', definition: 'Trabajo para vivir' }]);
    const wheel = apply(initialWheel, events);
    expect(decideWheel(define(AREA_BELIEFS_ACTIVITY, 'career', 'Trabajo para vivir '), { progress: wheelDone, wheel })).toEqual([]);
    // The same text in the other activity is another answer.
    const vision = { progress: { completed: new Set([WHEEL_ACTIVITY, AREA_BELIEFS_ACTIVITY]) }, wheel };
    expect(decideWheel(define(AREA_VISION_ACTIVITY, 'career', 'Trabajo para vivir'), vision)).toHaveLength(1);
  });

  it('refuses a text for an activity still locked (the one before it not completed) with the Spanish reason', () => {
    expect(() => decideWheel(define(AREA_BELIEFS_ACTIVITY, 'career', 'Algo'), { progress: initialProgress, wheel: initialWheel })).toThrow(
      new ForbiddenError(LOCK_MESSAGES.previous),
    );
    expect(() => decideWheel(define(AREA_VISION_ACTIVITY, 'career', 'Algo'), { progress: wheelDone, wheel: initialWheel })).toThrow(ForbiddenError);
  });

  it('carries the event id it is given, so a retried request writes once', () => {
    const [event] = decideWheel(
      { ...rate('health-fitness', 9), eventId: '00000000-0000-4000-8000-000000000123' },
      { progress: initialProgress, wheel: initialWheel },
    );
    expect(event!.eventId).toBe('00000000-0000-4000-8000-000000000123');
  });
});
