// The wheel slice: latest ratings and definitions of a learner, and the decisions to save them (under
// the course's lock rule: nothing is saved for a locked activity), behind one decider.
import { assertUnlocked, type ProgressState } from '../course/course';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import type { DefinitionActivity } from '../../course/wheel';
import type { NewEvent, RecordedEvent } from '../store/types';
import { AreaDefinitionSaved, AreaRated } from './wheel.events';

export interface WheelState {
  ratings: Readonly<Record<string, number>>;
  definitions: Readonly<Record<DefinitionActivity, Readonly<Record<string, string>>>>;
}

export const initialWheel: WheelState = {
  ratings: {},
  definitions: { [AREA_BELIEFS_ACTIVITY]: {}, [AREA_VISION_ACTIVITY]: {} },
};

export function evolveWheel(state: WheelState, event: RecordedEvent): WheelState {
  if (AreaRated.is(event)) return { ...state, ratings: { ...state.ratings, [event.data.areaId]: event.data.score } };
  if (AreaDefinitionSaved.is(event)) {
    const { activityId, areaId, definition } = event.data;
    return { ...state, definitions: { ...state.definitions, [activityId]: { ...state.definitions[activityId], [areaId]: definition } } };
  }
  return state;
}

type Command = { userId: string; roles: readonly number[]; eventId?: string };

/** A new score for an area; the same score again records nothing. */
export function decideRate(progress: ProgressState, wheel: WheelState, command: Command & { areaId: string; score: number }): NewEvent[] {
  assertUnlocked(progress, WHEEL_ACTIVITY, command.roles);
  if (wheel.ratings[command.areaId] === command.score) return [];
  return [AreaRated.create({ userId: command.userId, areaId: command.areaId, score: command.score }, { eventId: command.eventId })];
}

/** A new text for an area; the same text again records nothing. */
export function decideDefine(
  progress: ProgressState,
  wheel: WheelState,
  command: Command & { activityId: DefinitionActivity; areaId: string; definition: string },
): NewEvent[] {
  assertUnlocked(progress, command.activityId, command.roles);
  const definition = command.definition.trim();
  if (wheel.definitions[command.activityId][command.areaId] === definition) return [];
  return [
    AreaDefinitionSaved.create({ userId: command.userId, activityId: command.activityId, areaId: command.areaId, definition }, { eventId: command.eventId }),
  ];
}

/** What the wheel's decisions read of the learner's stream. */
export interface WheelDecisionState {
  progress: ProgressState;
  wheel: WheelState;
}

export type WheelCommand =
  | (Command & { type: 'RateArea'; areaId: string; score: number })
  | (Command & { type: 'DefineArea'; activityId: DefinitionActivity; areaId: string; definition: string });

export function decideWheel(command: WheelCommand, state: WheelDecisionState): NewEvent[] {
  switch (command.type) {
    case 'RateArea':
      return decideRate(state.progress, state.wheel, command);
    case 'DefineArea':
      return decideDefine(state.progress, state.wheel, command);
    default: {
      const _never: never = command;
      throw new Error(`unknown wheel command: ${JSON.stringify(_never)}`);
    }
  }
}
