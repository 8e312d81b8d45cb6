// A lead magnet's welcome sequence as a pure fold of its stream (the steps the coach wrote), and the decisions on
// it (write a step, take out step 2 or 3) behind one decider.
import { SEQUENCE_MESSAGES, stepFieldProblem, stepOrderProblem, type SequenceStep, type StepText } from '../../course/sequences';
import { InvalidError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { SequenceStepCleared, SequenceStepWritten } from './sequences.events';

/** The written steps, by number (an absent step is unwritten). */
export type SequenceState = { steps: Partial<Record<SequenceStep, StepText>> };

export const initialSequence: SequenceState = { steps: {} };

export function evolveSequence(state: SequenceState, event: RecordedEvent): SequenceState {
  if (SequenceStepWritten.is(event)) {
    const { step, ...text } = event.data;
    return { steps: { ...state.steps, [step]: text } };
  }
  if (SequenceStepCleared.is(event)) {
    const { [event.data.step]: _cleared, ...steps } = state.steps;
    return { steps };
  }
  return state;
}

export const sequenceFold = { initial: initialSequence, evolve: evolveSequence };

export type SequenceCommand =
  { type: 'WriteStep'; step: SequenceStep; text: StepText; eventId?: string } | { type: 'ClearStep'; step: SequenceStep; eventId?: string };

const sameText = (a: StepText | undefined, b: StepText) => a !== undefined && a.subject === b.subject && a.markdown === b.markdown && a.day === b.day;

export function decideSequence(command: SequenceCommand, state: SequenceState): NewEvent[] {
  const options = { eventId: command.eventId };
  switch (command.type) {
    case 'WriteStep': {
      const { step, text } = command;
      const dayProblem = stepFieldProblem(step, 'day', text.day);
      if (dayProblem) throw new InvalidError(dayProblem);
      const days = Object.fromEntries(Object.entries(state.steps).map(([n, s]) => [n, s.day])) as Partial<Record<SequenceStep, number>>;
      const orderProblem = stepOrderProblem(step, text.day, days);
      if (orderProblem) throw new InvalidError(orderProblem);
      if (sameText(state.steps[step], text)) return [];
      return [SequenceStepWritten.create({ step, ...text }, options)];
    }
    case 'ClearStep': {
      if (command.step === 1) throw new InvalidError(SEQUENCE_MESSAGES.clearFirst);
      return state.steps[command.step] ? [SequenceStepCleared.create({ step: command.step }, options)] : [];
    }
    default: {
      const _never: never = command;
      throw new Error(`unknown sequence command: ${JSON.stringify(_never)}`);
    }
  }
}
