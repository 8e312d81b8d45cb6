// The belief-threshold slice: the learner's goals as a pure fold, and the decisions to save or delete one,
// behind one decider.
import { BELIEF_THRESHOLD_ACTIVITY } from '../../course/activities';
import type { BeliefGoal } from '../../course/belief-threshold';
import { assertUnlocked, type ProgressState } from '../course/course';
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { BeliefGoalDeleted, BeliefGoalSaved } from './belief-threshold.events';

export interface BeliefGoalsState {
  /** Goal id → goal, in the order they were first saved. */
  goals: Readonly<Record<string, BeliefGoal>>;
}

export const initialBeliefGoals: BeliefGoalsState = { goals: {} };

export function evolveBeliefGoals(state: BeliefGoalsState, event: RecordedEvent): BeliefGoalsState {
  if (BeliefGoalSaved.is(event)) {
    const { userId: _user, goalId, ...fields } = event.data;
    return { goals: { ...state.goals, [goalId]: { id: goalId, ...fields } } };
  }
  if (BeliefGoalDeleted.is(event)) {
    const { [event.data.goalId]: _gone, ...rest } = state.goals;
    return { goals: rest };
  }
  return state;
}

export const GOAL_NOT_FOUND = 'No encontramos esa meta.';

/**
 * The most goals a learner keeps at once. The activity asks for one goal at a time and a learner works on a
 * handful over the course; 50 is ten times a generous handful. Replacing a goal is always allowed; deleting one
 * makes room for a new one.
 */
export const MAX_BELIEF_GOALS = 50;
export const TOO_MANY_GOALS = `Ya tienes ${MAX_BELIEF_GOALS} metas, el máximo. Elimina alguna que ya no necesites y podrás crear una nueva.`;

type Command = { userId: string; roles: readonly number[]; eventId?: string };

/** A new goal (no id: the caller gives a fresh one as `newId`) or the replacement of one of the learner's own. */
export function decideSaveGoal(
  progress: ProgressState,
  state: BeliefGoalsState,
  command: Command & { goal: Omit<BeliefGoal, 'id'> & { id?: string }; newId: string },
): NewEvent[] {
  assertUnlocked(progress, BELIEF_THRESHOLD_ACTIVITY, command.roles);
  const { id, ...fields } = command.goal;
  if (id !== undefined && !state.goals[id]) throw new NotFoundError(GOAL_NOT_FOUND);
  if (id === undefined && Object.keys(state.goals).length >= MAX_BELIEF_GOALS) throw new ConflictError(TOO_MANY_GOALS);
  const goalId = id ?? command.newId;
  const before = state.goals[goalId];
  if (before && sameGoal(before, fields)) return [];
  return [BeliefGoalSaved.create({ userId: command.userId, goalId, ...fields }, { eventId: command.eventId })];
}

const sameGoal = (a: Omit<BeliefGoal, 'id'>, b: Omit<BeliefGoal, 'id'>) =>
  a.manifestGoal === b.manifestGoal &&
  a.currentTimeIndex === b.currentTimeIndex &&
  a.perfectTimeFrameLabel === b.perfectTimeFrameLabel &&
  a.perfectTimeFrameYears === b.perfectTimeFrameYears &&
  a.hesitations.length === b.hesitations.length &&
  // Field by field: a goal read back from jsonb has its keys in another order than one from a request.
  a.hesitations.every((h, i) => {
    const o = b.hesitations[i]!;
    return h.belief === o.belief && h.timeFrame.label === o.timeFrame.label && h.timeFrame.years === o.timeFrame.years;
  });

export function decideDeleteGoal(state: BeliefGoalsState, command: Command & { goalId: string }): NewEvent[] {
  if (!state.goals[command.goalId]) throw new NotFoundError(GOAL_NOT_FOUND);
  return [BeliefGoalDeleted.create({ userId: command.userId, goalId: command.goalId }, { eventId: command.eventId })];
}

/** What the belief threshold's decisions read of the learner's stream. */
export interface BeliefThresholdDecisionState {
  progress: ProgressState;
  beliefGoals: BeliefGoalsState;
}

export type BeliefThresholdCommand =
  (Command & { type: 'SaveGoal'; goal: Omit<BeliefGoal, 'id'> & { id?: string }; newId: string }) | (Command & { type: 'DeleteGoal'; goalId: string });

export function decideBeliefThreshold(command: BeliefThresholdCommand, state: BeliefThresholdDecisionState): NewEvent[] {
  switch (command.type) {
    case 'SaveGoal':
      return decideSaveGoal(state.progress, state.beliefGoals, command);
    case 'DeleteGoal':
      return decideDeleteGoal(state.beliefGoals, command);
    default: {
      const _never: never = command;
      throw new Error(`unknown belief-threshold command: ${JSON.stringify(_never)}`);
    }
  }
}
