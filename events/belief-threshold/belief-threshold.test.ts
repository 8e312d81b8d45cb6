import { describe, expect, it } from 'vitest';
import { BELIEF_THRESHOLD_ACTIVITY } from '../../course/activities';
import { TIME_FRAMES } from '../../course/belief-threshold';
import { PREMIUM_ROLE } from '../../course/rules';
import { ACTIVITIES } from '../../course/syllabus';
import { recorded } from '../../tests/setup/recorded';
import { initialProgress, LOCK_MESSAGES } from '../course/course';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { NewEvent } from '../store/types';
import {
  decideBeliefThreshold,
  evolveBeliefGoals,
  GOAL_NOT_FOUND,
  initialBeliefGoals,
  MAX_BELIEF_GOALS,
  TOO_MANY_GOALS,
  type BeliefGoalsState,
  type BeliefThresholdCommand,
} from './belief-threshold';

const userId = '00000000-0000-4000-8000-0000000000dd';
const goalId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const premium = { userId, roles: [PREMIUM_ROLE] };
// Everything before the belief threshold completed: the activity is open for a premium learner.
const before = ACTIVITIES.slice(
  0,
  ACTIVITIES.findIndex((a) => a.slug === BELIEF_THRESHOLD_ACTIVITY),
).map((a) => a.slug);
const open = { completed: new Set(before) };
const goal = {
  manifestGoal: 'Vivir de lo que escribo',
  hesitations: [{ timeFrame: { label: TIME_FRAMES[0]!.label, years: TIME_FRAMES[0]!.years }, belief: 'Nadie paga por leer' }],
  currentTimeIndex: 0,
  perfectTimeFrameLabel: null,
  perfectTimeFrameYears: null,
};
const save = (fields: Partial<typeof goal> & { id?: string } = {}, newId = goalId(1)): BeliefThresholdCommand => ({
  type: 'SaveGoal',
  ...premium,
  goal: { ...goal, ...fields },
  newId,
});
const remove = (id: string): BeliefThresholdCommand => ({ type: 'DeleteGoal', ...premium, goalId: id });
const apply = (state: BeliefGoalsState, events: NewEvent[]) => events.map((e) => recorded(e.type, e.data)).reduce(evolveBeliefGoals, state);

describe('the belief goals fold', () => {
  it('keeps each goal whole as last saved, in the order first saved, and forgets a deleted one', () => {
    const state = [
      recorded('BeliefGoalSaved', { userId, goalId: goalId(1), ...goal }),
      recorded('BeliefGoalSaved', { userId, goalId: goalId(2), ...goal, manifestGoal: 'Correr una maratón' }),
      recorded('BeliefGoalSaved', { userId, goalId: goalId(1), ...goal, currentTimeIndex: 2 }),
      recorded('BeliefGoalDeleted', { userId, goalId: goalId(2) }),
    ].reduce(evolveBeliefGoals, initialBeliefGoals);
    expect(Object.values(state.goals)).toEqual([{ id: goalId(1), ...goal, currentTimeIndex: 2 }]);
  });
});

describe('decideBeliefThreshold', () => {
  it('saves a new goal under the id it is given, and the same goal again records nothing', () => {
    const events = decideBeliefThreshold(save(), { progress: open, beliefGoals: initialBeliefGoals });
    expect(events.map((e) => [e.type, e.data])).toEqual([['BeliefGoalSaved', { userId, goalId: goalId(1), ...goal }]]);
    const beliefGoals = apply(initialBeliefGoals, events);
    expect(decideBeliefThreshold(save({ id: goalId(1) }), { progress: open, beliefGoals })).toEqual([]);
    expect(decideBeliefThreshold(save({ id: goalId(1), currentTimeIndex: 1 }), { progress: open, beliefGoals })).toHaveLength(1);
  });

  it('replaces only a goal of the learner’s own: another id is not found', () => {
    expect(() => decideBeliefThreshold(save({ id: goalId(9) }), { progress: open, beliefGoals: initialBeliefGoals })).toThrow(
      new NotFoundError(GOAL_NOT_FOUND),
    );
    expect(() => decideBeliefThreshold(remove(goalId(9)), { progress: open, beliefGoals: initialBeliefGoals })).toThrow(NotFoundError);
  });

  it(`keeps at most ${MAX_BELIEF_GOALS} goals: a new one past that is refused, a replacement is not, and deleting makes room`, () => {
    let beliefGoals = initialBeliefGoals;
    for (let n = 1; n <= MAX_BELIEF_GOALS; n++) beliefGoals = apply(beliefGoals, decideBeliefThreshold(save({}, goalId(n)), { progress: open, beliefGoals }));
    expect(() => decideBeliefThreshold(save({}, goalId(999)), { progress: open, beliefGoals })).toThrow(new ConflictError(TOO_MANY_GOALS));
    expect(decideBeliefThreshold(save({ id: goalId(3), manifestGoal: 'Otra meta mejor' }), { progress: open, beliefGoals })).toHaveLength(1);
    beliefGoals = apply(beliefGoals, decideBeliefThreshold(remove(goalId(3)), { progress: open, beliefGoals }));
    expect(decideBeliefThreshold(save({}, goalId(999)), { progress: open, beliefGoals })).toHaveLength(1);
  });

  it('refuses to save a goal while the activity is locked: premium, and after the activities before it', () => {
    expect(() => decideBeliefThreshold({ ...save(), roles: [] }, { progress: open, beliefGoals: initialBeliefGoals })).toThrow(
      new ForbiddenError(LOCK_MESSAGES.premium),
    );
    expect(() => decideBeliefThreshold(save(), { progress: initialProgress, beliefGoals: initialBeliefGoals })).toThrow(
      new ForbiddenError(LOCK_MESSAGES.previous),
    );
  });
});
